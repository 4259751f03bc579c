/**
 * What the form is made of, for drawing it: its fields and where it posts. The rules that check
 * a lead and send it (validation.ts, contactApi.ts) are loaded when the visitor first uses the
 * form (leadLogic.ts), so they are not in the page's first script.
 */
export const CONTACT_FIELDS = ['name', 'social', 'email', 'message'] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactInput = Record<ContactField, string>;

/** Where the form posts, with or without JavaScript. */
export const CONTACT_ENDPOINT = '/api/contact';

export function isContactField(key: string): key is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(key);
}
