// The docs pages as static HTML: React renders them at build time and none of it runs in the
// browser, which gets the markup, the style sheet and the small page script (client/).
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Messages } from '../../content/types';
import { LOCALES, type Locale } from '../../lib/constants';
import { DOC_SECTIONS, docsPath, type DocPage, type DocSectionId, type DocsSite } from '../model';
import { DocsArticle } from './DocsArticle';
import { DocsFrame } from './DocsFrame';
import { DocsIndex } from './DocsIndex';
import { DocsNotFound } from './DocsNotFound';

export type DocsPageTarget =
  { kind: 'article'; page: DocPage; sectionName: string } | { kind: 'index' } | { kind: 'missing' };

export interface RenderedDocsPage {
  locale: Locale;
  /** The file under dist/, e.g. en/docs/cases/aurelia.html. */
  file: string;
  target: DocsPageTarget;
  html: string;
}

/** The content's names of the three sections (docs.sections, ids 0–2, as the spec keeps them). */
export function sectionNames(messages: Messages): Record<DocSectionId, string> {
  return Object.fromEntries(
    DOC_SECTIONS.map((section, id) => [
      section,
      messages.docs.sections.find((entry) => entry.id === id)?.name ?? section,
    ]),
  ) as Record<DocSectionId, string>;
}

function otherLocale(locale: Locale): Locale {
  return LOCALES.find((candidate) => candidate !== locale) ?? locale;
}

/** Every docs page of every locale: the index, one per part, and the docs 404. */
export function renderDocsSite(
  site: DocsSite,
  messages: Record<Locale, Messages>,
): RenderedDocsPage[] {
  const out: RenderedDocsPage[] = [];
  for (const locale of LOCALES) {
    const pages = site[locale];
    const names = sectionNames(messages[locale]);
    const other = otherLocale(locale);
    const frame = (current: DocPage | undefined, otherPath: string, body: React.ReactNode) =>
      renderToStaticMarkup(
        <StrictMode>
          <DocsFrame
            locale={locale}
            pages={pages}
            sectionNames={names}
            current={current}
            otherLanguage={otherPath}
            siteName={messages[locale].meta.siteName}
          >
            {body}
          </DocsFrame>
        </StrictMode>,
      );
    out.push({
      locale,
      file: `${locale}/docs/index.html`,
      target: { kind: 'index' },
      html: frame(
        undefined,
        docsPath(other),
        <DocsIndex locale={locale} pages={pages} sectionNames={names} />,
      ),
    });
    out.push({
      locale,
      file: `${locale}/docs/404.html`,
      target: { kind: 'missing' },
      html: frame(undefined, docsPath(other), <DocsNotFound locale={locale} />),
    });
    for (const page of pages) {
      const sectionName = names[page.section];
      out.push({
        locale,
        file: `${locale}/docs/${page.section}/${page.slug}.html`,
        target: { kind: 'article', page, sectionName },
        html: frame(
          page,
          docsPath(other, page.section, page.slug),
          <DocsArticle
            page={page}
            pages={pages}
            sectionName={sectionName}
            caseTypes={messages[locale].cases.types}
          />,
        ),
      });
    }
  }
  return out;
}
