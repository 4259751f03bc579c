import type { ReactNode } from 'react';
import type { Locale } from '../../lib/constants';
import { LOCALES } from '../../lib/constants';
import { DOC_SECTIONS, docsPath, sectionPages, type DocPage, type DocsLocale } from '../model';
import { DOCS_COPY } from './copy';

export interface FrameProps {
  locale: Locale;
  pages: DocsLocale;
  sectionNames: Record<(typeof DOC_SECTIONS)[number], string>;
  /** The page shown, marked in the sidebar; none on the index and the 404. */
  current?: DocPage;
  /** The same page in the other language. */
  otherLanguage: string;
  /** The studio's name (the content's meta.siteName), leading back to the landing page. */
  siteName: string;
  children: ReactNode;
}

/** The sidebar's links: every section with its parts, the current one marked. */
function SectionList({
  pages,
  sectionNames,
  current,
  locale,
}: Omit<FrameProps, 'children' | 'otherLanguage' | 'siteName'>) {
  return (
    <ul className="docs-nav__sections">
      {DOC_SECTIONS.map((section) => (
        <li key={section} className="docs-nav__section">
          <a className="docs-nav__section-name" href={`${docsPath(locale)}#${section}`}>
            {sectionNames[section]}
          </a>
          <ul className="docs-nav__parts">
            {sectionPages(pages, section).map((page) => (
              <li key={page.slug}>
                <a
                  className="docs-nav__part"
                  href={docsPath(locale, page.section, page.slug)}
                  aria-current={page === current ? 'page' : undefined}
                >
                  {page.nav}
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every docs page's frame: a header with the way back to the site and to the other language,
 * the sidebar of sections and parts, and the page. On a phone the sidebar folds into a
 * <details> menu, which opens and closes without a script.
 */
export function DocsFrame(props: FrameProps) {
  const { locale, otherLanguage, siteName, children } = props;
  const copy = DOCS_COPY[locale];
  const other = LOCALES.find((candidate) => candidate !== locale) ?? locale;
  return (
    <>
      <a className="skip-link" href="#main">
        {copy.skipToContent}
      </a>
      <header className="docs-top">
        <div className="docs-top__inner">
          <a className="docs-top__brand" href={`/${locale}`}>
            {siteName}
          </a>
          <a className="docs-top__docs" href={docsPath(locale)}>
            {copy.docs}
          </a>
          <span className="docs-top__spacer" />
          <div
            className="docs-search"
            role="search"
            data-search
            data-found={copy.searchFound}
            data-none={copy.searchNone}
            data-unavailable={copy.searchUnavailable}
          >
            {/* On a phone the field folds into this button, so the header keeps one row. */}
            <button
              type="button"
              className="docs-search__toggle"
              aria-label={copy.searchLabel}
              aria-expanded="false"
              aria-controls="docs-search-input"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <circle
                  cx="10.5"
                  cy="10.5"
                  r="6.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
                <path
                  d="m15.5 15.5 5 5"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
            <label className="visually-hidden" htmlFor="docs-search-input">
              {copy.searchLabel}
            </label>
            <input
              className="docs-search__input"
              id="docs-search-input"
              type="search"
              placeholder={copy.searchPlaceholder}
              autoComplete="off"
              spellCheck={false}
              aria-controls="docs-search-results"
              aria-describedby="docs-search-status"
            />
            {/* Outside the panel, which is hidden between searches: a live region must stay in
                the page to be read out when its words change. */}
            <p className="visually-hidden" id="docs-search-status" role="status" />
            <div className="docs-search__panel" hidden>
              <p className="docs-search__note" />
              <ul className="docs-search__results" id="docs-search-results" />
            </div>
          </div>
          <a className="docs-top__lang" href={otherLanguage} hrefLang={other} lang={other}>
            <span className="docs-top__lang-full">{copy.otherLanguage}</span>
            <span className="docs-top__lang-short" aria-hidden="true">
              {other.toUpperCase()}
            </span>
          </a>
          <a className="docs-top__hire" href={`/${locale}#contact`}>
            {copy.hireUs}
          </a>
        </div>
      </header>
      <div className="docs-shell">
        <details className="docs-menu">
          <summary className="docs-menu__toggle">{copy.menu}</summary>
          <nav className="docs-nav" aria-label={copy.sectionsLabel}>
            <SectionList {...props} />
          </nav>
        </details>
        <nav className="docs-nav docs-sidebar" aria-label={copy.sectionsLabel}>
          <SectionList {...props} />
        </nav>
        {children}
      </div>
    </>
  );
}
