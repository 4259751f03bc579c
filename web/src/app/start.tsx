import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { guessBrowserLocale, localeFromPath } from '../i18n/detect';
import { createI18n, loadLocale } from '../i18n/i18n';
import { startVitals } from '../vitals/start';
import { yieldToMain } from '../lib/yieldToMain';
import { App } from './App';

/**
 * Starts the page in the language of its URL. A prerendered /ru page waits for the Russian
 * messages (fetched alongside this chunk, see entry-client.tsx) before hydrating, so it never
 * flashes English and hydrates without a mismatch.
 */
export async function start(): Promise<void> {
  // This chunk's evaluation was a task of its own; the languages, and then the hydration, get
  // theirs (each was a long task on a phone at Lighthouse's 8x CPU, docs/benchmarks.md).
  await yieldToMain();
  const locale = localeFromPath(window.location.pathname) ?? guessBrowserLocale();
  const i18n = createI18n('en');
  await loadLocale(i18n, locale);
  await i18n.changeLanguage(locale);
  await yieldToMain();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const app = (
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>
  );
  // The dev server serves the bare template; production pages are prerendered. Hydrating in a
  // transition lets React yield to the browser every few milliseconds instead of waking the
  // page in a few long tasks (up to 35 ms each, 4 times that on a mid-range phone); a part the
  // visitor touches first is still hydrated first.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  // Real visitors' Web Vitals, in the language the page shows (web-vitals loads after load+idle).
  startVitals(() => i18n.language);
}
