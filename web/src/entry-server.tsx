// The server entry exports render functions for scripts/prerender.mjs; fast refresh never sees it.
/* eslint-disable react-refresh/only-export-components */
// Global styles first, so each section's own rules come later in the cascade and win.
import './app/global.css';
import { StrictMode } from 'react';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';
import { LegalPage } from './app/pages/LegalPage';
import { StaticPage, type StaticKind } from './app/pages/StaticPage';
import { buildDocsHead, buildHead, buildLegalHead, buildRobots, buildSitemap } from './app/seo';
import { loadDocsDir } from './docs/build/files';
import { docsOgImagePath, docsPath, type DocsSite } from './docs/model';
import { renderDocsSite } from './docs/pages/render';
import { SITE_ORIGIN } from './app/site';
import { createI18n, type Messages } from './i18n/i18n';
import { consentCheckboxVersion } from './legal/consent';
import history from './legal/consent-history.json';
import { LEGAL_KINDS, documentText, type LegalKind } from './legal/document';
import { OPERATOR, legalDocument, legalPageCopy } from './legal/documents';
import { consentVersion } from './legal/version';
import {
  HISTORY_FILE,
  consentFile,
  consentText,
  currentConsentVersions,
  type ConsentFile,
} from './legal/versions';
import { LOCALES, type Locale } from './lib/constants';
import { introOnceScript } from './lib/introOnce';
import { PRELOADING_CLASS } from './sections/preloader/scrollLock';
import { DOCS_COPY } from './docs/pages/copy';
import en from './i18n/locales/en.json';
import ru from './i18n/locales/ru.json';

// Both files passed the content check before this build began (scripts/check-content.mjs).
const messages = { en, ru } as unknown as Record<Locale, Messages>;

export {
  HISTORY_FILE,
  LEGAL_KINDS,
  LOCALES,
  PRELOADING_CLASS,
  SITE_ORIGIN,
  buildRobots,
  consentText,
  history as consentHistory,
};

/** The landing pages' inline script (lib/introOnce.ts), as scripts/prerender.mjs writes it. */
export const INTRO_ONCE_SCRIPT = introOnceScript(PRELOADING_CLASS);

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

/** A legal page (privacy policy or consent text) of one locale, script-free like the others. */
export async function renderLegal(
  kind: LegalKind,
  locale: Locale,
): Promise<{ html: string; head: string }> {
  const i18n = createI18n(locale, messages);
  const document = legalDocument(kind, locale);
  const copy = legalPageCopy(locale);
  const version = kind === 'consent' ? await consentVersion(documentText(document)) : undefined;
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <LegalPage
          kind={kind}
          locale={locale}
          document={document}
          copy={copy}
          email={OPERATOR.email}
          version={version}
        />
      </I18nProvider>
    </StrictMode>,
  );
  const head = buildLegalHead(kind, locale, {
    title: `${document.title} — ${messages[locale].meta.siteName}`,
    description: kind === 'consent' ? copy.consentDescription : copy.privacyDescription,
  });
  return { html, head };
}

/** The built site's .consent.json: the locales whose form shows the checkbox, and the versions. */
export async function buildConsentFile(): Promise<ConsentFile> {
  const required = LOCALES.filter((locale) => consentCheckboxVersion(locale) !== undefined);
  return consentFile(required, await currentConsentVersions(), history);
}

/** The docs of web/ (src/content/docs), checked; throws with every problem when one is found. */
export async function loadDocs(webDir: string): Promise<DocsSite> {
  const { site, errors } = await loadDocsDir(webDir, messages);
  if (errors.length > 0) throw new Error(`docs:\n  ${errors.join('\n  ')}`);
  return site;
}

/** Every docs page (index, articles, 404) of every locale, with its head. */
export function renderDocs(site: DocsSite): {
  file: string;
  locale: Locale;
  html: string;
  head: string;
  /** An article's link preview to draw (scripts/og-docs.mjs), and where it goes. */
  preview?: { path: string; title: string; section: string; siteName: string };
}[] {
  return renderDocsSite(site, messages).map(({ file, locale, target, html }) => ({
    file,
    locale,
    html,
    ...(target.kind === 'article' && {
      preview: {
        path: docsOgImagePath(target.page),
        title: target.page.title,
        section: target.sectionName,
        siteName: messages[locale].meta.siteName,
      },
    }),
    head: buildDocsHead(
      locale,
      target.kind === 'article'
        ? target
        : target.kind === 'index'
          ? {
              kind: 'index',
              title: DOCS_COPY[locale].indexTitle,
              description: DOCS_COPY[locale].indexLead,
            }
          : { kind: 'missing', title: DOCS_COPY[locale].notFoundTitle },
      messages[locale],
    ),
  }));
}

/** sitemap.xml: the landing and legal pages, and every docs page in each language. */
export function buildSiteMap(site: DocsSite): string {
  const pages = site[LOCALES[0]];
  return buildSitemap([
    (locale: Locale) => docsPath(locale),
    ...pages.map((page) => (locale: Locale) => docsPath(locale, page.section, page.slug)),
  ]);
}
