// @vitest-environment jsdom
import { USER_LOCALE_KEY } from '../lib/constants';
import { applyDocumentLocale, rememberLocale } from './persist';

afterEach(() => {
  document.cookie = `${USER_LOCALE_KEY}=; path=/; max-age=0`;
  localStorage.clear();
});

test('saves user-locale in localStorage and as a cookie for the server', () => {
  const cookie = vi.spyOn(document, 'cookie', 'set');
  rememberLocale('ru');
  expect(localStorage.getItem(USER_LOCALE_KEY)).toBe('ru');
  expect(cookie).toHaveBeenCalledWith(
    `${USER_LOCALE_KEY}=ru; path=/; max-age=31536000; SameSite=Lax`,
  );
  cookie.mockRestore();
  expect(document.cookie).toContain('user-locale=ru');
});

test('still sets the cookie when localStorage is blocked', () => {
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
  rememberLocale('en');
  expect(document.cookie).toContain('user-locale=en');
  vi.restoreAllMocks();
});

test('sets <html lang> and the document title', () => {
  applyDocumentLocale('ru', 'Заголовок');
  expect(document.documentElement.lang).toBe('ru');
  expect(document.title).toBe('Заголовок');
});
