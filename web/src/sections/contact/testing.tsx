// Test helper for the contact form: render it in a language, fill it, tick it, send it.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../test/i18n';
import { Contact } from './Contact';
import { loadLeadLogic } from './useContactForm';
import { CHALLENGE_ENDPOINT } from './proof/challenge';
import { en, ru } from '../../test/messages';

export const valid = {
  name: 'Anna',
  social: '@anna_dev',
  email: 'anna@example.com',
  message: 'We need a landing page.',
};

export function renderContact(lng: 'en' | 'ru' = 'en', onSend = vi.fn()) {
  const messages = lng === 'en' ? en : ru;
  render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <Contact onSend={onSend} />
    </I18nextProvider>,
  );
  const field = (key: keyof typeof valid) =>
    screen.getByLabelText(messages.feedbackForm[key]) as HTMLInputElement;
  const fill = (values: Partial<typeof valid>) => {
    for (const [key, value] of Object.entries(values)) {
      fireEvent.change(field(key as keyof typeof valid), { target: { value } });
    }
  };
  /** The consent checkbox, or null where the form has none. */
  const consent = () => screen.queryByRole('checkbox') as HTMLInputElement | null;
  /** The consent checkbox, which must be there. */
  const box = () => screen.getByRole('checkbox') as HTMLInputElement;
  const tick = () => fireEvent.click(box());
  // As for a visitor, who focused a field first, the form's checks are in by the time it is
  // sent; `act` then sees the whole submit through.
  const submit = async () => {
    await loadLeadLogic();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: messages.feedbackForm.submit }));
    });
  };
  return { field, fill, consent, box, tick, submit, onSend, messages };
}

/**
 * Answers every post of a lead with `status` and `body`, and the proof-of-work challenge with
 * `challenge` (by default a 404, as from a server without proofs: the lead goes without one).
 * Returns the mock of the posts alone, to read them from.
 */
export function respond(
  status: number,
  body: unknown = {},
  challenge: () => Response | Promise<Response> = () => new Response(null, { status: 404 }),
) {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(
    async () => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      url === CHALLENGE_ENDPOINT ? challenge() : fetchMock(url, init),
    ),
  );
  return fetchMock;
}

/** The JSON body of the mock's first post. */
export function posted(fetchMock: ReturnType<typeof respond>): Record<string, unknown> {
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return JSON.parse(init.body as string) as Record<string, unknown>;
}
