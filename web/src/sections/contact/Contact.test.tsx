// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { storageKey as funnelKey } from '../../../../contract/funnel-beacon.json';
import { POPUP_FADE_MS, POPUP_HIDE_MS } from './popup';
import { consentCheckboxVersion } from '../../legal/consent';
import { captureSource } from '../../source/session';
import { posted, renderContact, respond, valid } from './testing';
import { en, ru } from '../../test/messages';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('every field has a visible label and is required', () => {
  const { field } = renderContact();
  for (const key of ['name', 'social', 'email', 'message'] as const) {
    expect(field(key)).toBeRequired();
  }
});

test('marks every invalid field and sends nothing', async () => {
  const fetchMock = respond(202);
  const { field, fill, submit } = renderContact();
  fill({ name: 'A', social: '@ab', email: 'anna@example', message: '' });
  await submit();
  for (const key of ['name', 'social', 'email', 'message'] as const) {
    expect(field(key)).toHaveClass('contact-form__input--invalid');
    expect(field(key)).toHaveAttribute('aria-invalid', 'true');
  }
  expect(field('name')).toHaveFocus();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('marks only the failing field', async () => {
  const fetchMock = respond(202);
  const { field, fill, submit } = renderContact();
  fill({ ...valid, email: 'anna.example.com' });
  await submit();
  expect(field('email')).toHaveClass('contact-form__input--invalid');
  expect(field('name')).not.toHaveClass('contact-form__input--invalid');
  expect(field('name')).not.toHaveAttribute('aria-invalid');
  expect(fetchMock).not.toHaveBeenCalled();
});

test('posts the lead as JSON with the locale, the empty honeypot and the ticked consent', async () => {
  const fetchMock = respond(202, { id: '01JD3Z6W8Q5N2R4T6V8X0Y2A4C' });
  const { fill, tick, submit } = renderContact('ru');
  fill(valid);
  tick();
  await submit();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/contact');
  expect(init.method).toBe('POST');
  expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  expect(JSON.parse(init.body as string)).toEqual({
    ...valid,
    locale: 'ru',
    website: '',
    consent: consentCheckboxVersion('ru'),
  });
});

test('on 202 emits send, clears the fields and shows the popup from 0 to 2.5 s', async () => {
  respond(202, { id: '01JD3Z6W8Q5N2R4T6V8X0Y2A4C' });
  const { field, fill, submit, onSend, messages } = renderContact();
  fill(valid);
  await submit();
  expect(onSend).toHaveBeenCalledWith({ ...valid, locale: 'en', website: '' });
  for (const key of ['name', 'social', 'email', 'message'] as const)
    expect(field(key)).toHaveValue('');
  const popup = screen.getByText(messages.feedbackForm.success);
  expect(popup.closest('[role="status"]')).not.toBeNull();
  expect(popup).toHaveStyle({ animationDuration: `${POPUP_FADE_MS}ms` });
  act(() => vi.advanceTimersByTime(POPUP_HIDE_MS - 1));
  expect(screen.getByText(messages.feedbackForm.success)).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.queryByText(messages.feedbackForm.success)).toBeNull();
});

test('shows the popup in Russian', async () => {
  respond(202);
  const { fill, tick, submit } = renderContact('ru');
  fill(valid);
  tick();
  await submit();
  expect(screen.getByRole('status')).toHaveTextContent(ru.feedbackForm.success);
});

test('on 422 marks the fields the server names and keeps the text', async () => {
  respond(422, { errors: { email: 'invalid', social: 'too_short' } });
  const { field, fill, submit, onSend } = renderContact();
  fill(valid);
  await submit();
  expect(field('email')).toHaveClass('contact-form__input--invalid');
  expect(field('social')).toHaveClass('contact-form__input--invalid');
  expect(field('name')).not.toHaveClass('contact-form__input--invalid');
  expect(field('message')).toHaveValue(valid.message);
  expect(onSend).not.toHaveBeenCalled();
});

test.each([
  ['a 503', 503, { error: 'unavailable' }],
  ['a 500', 500, {}],
  ['a 429', 429, { error: 'rate_limited' }],
  ['a 422 that names no form field', 422, { errors: { locale: 'invalid' } }],
  ['a 413', 413, { error: 'too_large' }],
])('on %s keeps the text and says the lead was not sent', async (_name, status, body) => {
  respond(status, body);
  const { field, fill, submit, onSend, messages } = renderContact();
  fill(valid);
  await submit();
  expect(screen.getByRole('alert')).toHaveTextContent(messages.feedbackForm.error);
  expect(field('name')).toHaveValue(valid.name);
  expect(field('message')).toHaveValue(valid.message);
  expect(onSend).not.toHaveBeenCalled();
  expect(screen.queryByText(messages.feedbackForm.success)).toBeNull();
});

test('on a network failure keeps the text and shows the Russian error', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  const { field, fill, tick, submit } = renderContact('ru');
  fill(valid);
  tick();
  await submit();
  expect(screen.getByRole('alert')).toHaveTextContent(ru.feedbackForm.error);
  expect(field('email')).toHaveValue(valid.email);
});

test('without JavaScript the form itself posts to the same endpoint', () => {
  renderContact('ru');
  const form = document.querySelector('form') as HTMLFormElement;
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', '/api/contact');
  expect(form.querySelector('input[type="hidden"][name="locale"]')).toHaveValue('ru');
});

test('hides the honeypot from people: out of the tab order, no autofill, labelled', () => {
  renderContact();
  const trap = screen.getByLabelText(en.feedbackForm.honeypot);
  expect(trap).toHaveAttribute('name', 'website');
  expect(trap).toHaveAttribute('tabindex', '-1');
  expect(trap).toHaveAttribute('autocomplete', 'off');
});

describe('where the visit came from', () => {
  const landing = {
    locale: 'en',
    url: 'https://mintline.studio/en?utm_source=telegram&utm_medium=post&utm_campaign=launch',
    referrer: 'https://t.me/',
    now: () => 1790000000000,
    refused: () => false,
  };
  const source = {
    utm_source: 'telegram',
    utm_medium: 'post',
    utm_campaign: 'launch',
    referrer: 't.me',
    landing: '/en',
    locale: 'en',
    at: 1790000000000,
  };
  afterEach(() => {
    sessionStorage.clear();
    // A page view under GPC captures nothing: the next test starts without a source.
    captureSource({ locale: 'en', refused: () => true });
  });

  test("posts the session's first touch as source", async () => {
    captureSource(landing);
    const fetchMock = respond(202);
    const { fill, submit } = renderContact();
    fill(valid);
    await submit();
    expect(posted(fetchMock)).toEqual({ ...valid, locale: 'en', website: '', source });
  });

  test('posts it from memory when sessionStorage is blocked', async () => {
    const blocked = (): Storage => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    captureSource({ ...landing, storage: blocked });
    const fetchMock = respond(202);
    const { fill, submit } = renderContact();
    fill(valid);
    await submit();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(posted(fetchMock).source).toEqual(source);
  });

  test('has no source field at all under Global Privacy Control or Do Not Track', async () => {
    captureSource({ ...landing, refused: () => true });
    const fetchMock = respond(202);
    const { fill, submit } = renderContact();
    fill(valid);
    await submit();
    expect(posted(fetchMock)).not.toHaveProperty('source');
  });
});

describe("a docs page's call to action", () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test.each([
    ['en', '/en?about=Aurelia%20Estates', 'About: Aurelia Estates — '],
    ['ru', '/ru?about=%D0%9A%D1%82%D0%BE%20%D0%BC%D1%8B', 'Тема: Кто мы — '],
  ] as const)('in %s starts the message with the page it came from', (locale, url, message) => {
    window.history.replaceState(null, '', url);
    const { field } = renderContact(locale);
    expect(field('message')).toHaveValue(message);
  });

  test('without the parameter, or with an empty one, the message starts empty', () => {
    for (const url of ['/en', '/en?about=', '/en?about=%20%20']) {
      window.history.replaceState(null, '', url);
      const { field } = renderContact();
      expect(field('message')).toHaveValue('');
      cleanup();
    }
  });
});

describe("the funnel's form step", () => {
  const reached = () => JSON.parse(sessionStorage.getItem(funnelKey) ?? 'null') as unknown;
  afterEach(() => sessionStorage.clear());

  test('is noted on the first focus inside the form, and once', async () => {
    respond(202);
    const { field } = renderContact();
    expect(reached()).toBeNull();
    await act(async () => field('email').focus());
    expect(reached()).toEqual({ reached: ['form'], sent: [] });
    sessionStorage.clear();
    await act(async () => field('message').focus());
    expect(reached()).toBeNull();
  });
});
