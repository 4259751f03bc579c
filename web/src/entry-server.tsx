// The server entry exports render functions for scripts/prerender.mjs; fast refresh never sees it.
/* eslint-disable react-refresh/only-export-components */
// Global styles first, so each section's own rules come later in the cascade and win.
import './app/global.css';
import { StrictMode } from 'react';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';
import { StaticPage, type StaticKind } from './app/pages/StaticPage';
import { buildHead, buildRobots, buildSitemap } from './app/seo';
import { SITE_ORIGIN } from './app/site';
import { createI18n, type Messages } from './i18n/i18n';
import { LOCALES, type Locale } from './lib/constants';
import { PRELOADING_CLASS } from './sections/preloader/scrollLock';
import en from './i18n/locales/en.json';
import ru from './i18n/locales/ru.json';

const messages: Record<Locale, Messages> = { en, ru: ru as Messages };

export { LOCALES, PRELOADING_CLASS, SITE_ORIGIN, buildRobots, buildSitemap };

/** The landing page of one locale; scripts/prerender.mjs writes it to dist/<locale>/index.html. */
export function render(locale: Locale): { html: string; head: string } {
  const i18n = createI18n(locale, messages);
  const html = renderToString(
    <StrictMode>
      <App i18n={i18n} ssrPath={`/${locale}`} />
    </StrictMode>,
  );
  return { html, head: buildHead('home', locale, messages[locale]) };
}

/** A script-free service page (404, thanks, form error) of one locale. */
export function renderStatic(kind: StaticKind, locale: Locale): { html: string; head: string } {
  const i18n = createI18n(locale, messages);
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <StaticPage kind={kind} locale={locale} />
      </I18nProvider>
    </StrictMode>,
  );
  return { html, head: buildHead(kind, locale, messages[locale]) };
}
