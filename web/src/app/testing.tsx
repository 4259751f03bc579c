// Test helper for the shell: the whole App on an in-memory location.
import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { createI18n, loadLocale } from '../i18n/i18n';
import type { Locale } from '../lib/constants';
import { App } from './App';

/** Renders the whole app at `path`, with the messages of `locale` loaded as the client would. */
export async function renderApp(path: string, locale: Locale = 'en') {
  const location = memoryLocation({ path, record: true });
  const i18n = createI18n('en');
  await loadLocale(i18n, locale);
  await i18n.changeLanguage(locale);
  const view = render(<App i18n={i18n} hook={location.hook} />);
  return { ...view, location, i18n };
}
