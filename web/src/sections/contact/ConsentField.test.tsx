// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { consentCheckboxVersion } from '../../legal/consent';
import { posted, renderContact, respond, valid } from './testing';
import { en, ru } from '../../test/messages';

afterEach(() => vi.unstubAllGlobals());

/** The checkbox carries the red marker and the words that say why, read out with it. */
function expectMarked(box: HTMLInputElement, words: string) {
  expect(box).toHaveClass('contact-form__checkbox--invalid');
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveAccessibleDescription(words);
  expect(screen.getByText(words)).toBeVisible();
}

function expectClear(box: HTMLInputElement, words: string) {
  expect(box).not.toHaveClass('contact-form__checkbox--invalid');
  expect(box).not.toHaveAttribute('aria-invalid');
  expect(box).not.toHaveAttribute('aria-describedby');
  expect(screen.queryByText(words)).toBeNull();
}

describe('in Russian, where the law asks for separate consent', () => {
  test('shows an unticked, required checkbox that sends the consent version', () => {
    const checkbox = renderContact('ru').box();
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toBeRequired();
    expect(checkbox).toHaveAttribute('name', 'consent');
    expect(checkbox).toHaveAttribute('value', consentCheckboxVersion('ru'));
    expect(checkbox.value).toMatch(/^[0-9a-f]{64}$/);
  });

  test('its label links to the consent text, in a new tab that it announces', () => {
    const { box } = renderContact('ru');
    expect(box()).toHaveAccessibleName(
      expect.stringContaining('согласие на обработку моих персональных данных'),
    );
    const link = screen.getByRole('link', { name: /согласие на обработку моих персональных/ });
    expect(link).toHaveAttribute('href', '/ru/consent');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveTextContent(ru.navigation.newTab);
  });

  test('the notice under the form links to the policy', () => {
    renderContact('ru');
    const link = screen.getByRole('link', { name: /политике обработки персональных данных/ });
    expect(link).toHaveAttribute('href', '/ru/privacy');
  });

  test('sending unticked marks the box and says why in words, sends nothing, focuses it', async () => {
    const fetchMock = respond(202);
    const { fill, box, submit, field } = renderContact('ru');
    fill(valid);
    await submit();
    expectMarked(box(), ru.feedbackForm.consentRequired);
    expect(box()).toHaveFocus();
    expect(field('name')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('with invalid fields too, every one is marked and focus goes to the first field', async () => {
    respond(202);
    const { box, submit, field } = renderContact('ru');
    await submit();
    for (const key of ['name', 'social', 'email', 'message'] as const)
      expect(field(key)).toHaveAttribute('aria-invalid', 'true');
    expectMarked(box(), ru.feedbackForm.consentRequired);
    expect(field('name')).toHaveFocus();
  });

  test('ticking clears the marker; the lead carries the version, and the box is unticked after', async () => {
    const fetchMock = respond(202);
    const { fill, box, tick, submit } = renderContact('ru');
    fill(valid);
    await submit();
    act(() => tick());
    expectClear(box(), ru.feedbackForm.consentRequired);
    await submit();
    expect(posted(fetchMock).consent).toBe(consentCheckboxVersion('ru'));
    expect(box()).not.toBeChecked();
  });

  test.each([
    ['required', ru.feedbackForm.consentRequired],
    ['unknown_version', ru.feedbackForm.consentOutdated],
  ])('a 422 naming consent %s marks the box with its words', async (code, words) => {
    respond(422, { errors: { consent: code } });
    const { fill, box, tick, submit, onSend } = renderContact('ru');
    fill(valid);
    tick();
    await submit();
    expectMarked(box(), words);
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('in English, where no consent is asked', () => {
  test('shows no checkbox, but the notice with the link to the privacy policy', () => {
    const { consent } = renderContact('en');
    expect(consent()).toBeNull();
    expect(document.querySelector('[name="consent"]')).toBeNull();
    const note = screen.getByText(/We use your details only to reply to you/);
    const link = screen.getByRole('link', { name: /privacy policy/ });
    expect(note).toContainElement(link);
    expect(link).toHaveAttribute('href', '/en/privacy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByText(en.feedbackForm.consentRequired)).toBeNull();
  });

  test('posts no consent field', async () => {
    const fetchMock = respond(202);
    const { fill, submit } = renderContact('en');
    fill(valid);
    await submit();
    expect(posted(fetchMock)).not.toHaveProperty('consent');
  });
});
