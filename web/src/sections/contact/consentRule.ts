/**
 * The form's own consent check, before anything is sent: where the page shows the checkbox (it
 * has a consent version to send), an unticked box is `required`, as the server would answer
 * (contract/contact-validation.json, the consent cases). A version the build never showed is
 * the server's to refuse; the page only ever sends its own.
 */
export function consentError(
  consentVersion: string | undefined,
  ticked: boolean,
): 'required' | undefined {
  return consentVersion && !ticked ? 'required' : undefined;
}
