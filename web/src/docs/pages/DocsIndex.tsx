import type { Locale } from '../../lib/constants';
import { DOC_SECTIONS, docsPath, sectionPages, type DocSectionId, type DocsLocale } from '../model';
import { DOCS_COPY } from './copy';

export interface IndexProps {
  locale: Locale;
  pages: DocsLocale;
  sectionNames: Record<DocSectionId, string>;
}

/**
 * The docs index: every section with every part and its one-line description, so the whole of
 * the docs is one click away, with or without a script (search comes on top of it).
 */
export function DocsIndex({ locale, pages, sectionNames }: IndexProps) {
  const copy = DOCS_COPY[locale];
  return (
    <main className="docs-main docs-main--index" id="main">
      <h1 className="docs-article__title">{copy.indexTitle}</h1>
      <p className="docs-article__lead">{copy.indexLead}</p>
      {DOC_SECTIONS.map((section) => (
        <section key={section} className="docs-index__section" aria-labelledby={section}>
          <h2 className="docs-index__title" id={section}>
            {sectionNames[section]}
          </h2>
          <ul className="docs-index__cards">
            {sectionPages(pages, section).map((page) => (
              <li key={page.slug} className="docs-index__card">
                <a className="docs-index__link" href={docsPath(locale, page.section, page.slug)}>
                  {page.title}
                </a>
                <p className="docs-index__text">{page.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
