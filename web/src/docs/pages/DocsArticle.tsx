import { pictureBase, socialUrl } from '../../lib/cases';
import { contactUrl } from '../../lib/docs';
import { srcSet } from '../../lib/images';
import type { Locale } from '../../lib/constants';
import type { CaseItem } from '../../content/types';
import {
  docsPath,
  onPageInfo,
  storeIds,
  type DocHeading,
  type DocPage,
  type DocsLocale,
} from '../model';
import { DOCS_COPY } from './copy';

/** The article column is at most 720 px wide; on a phone the picture spans the screen. */
const PICTURE_SIZES = '(min-width: 800px) 720px, 100vw';

export interface ArticleProps {
  page: DocPage;
  pages: DocsLocale;
  sectionName: string;
  caseTypes: Record<string, string>;
}

function Outline({ headings, label, id }: { headings: DocHeading[]; label: string; id: string }) {
  return (
    <nav className="docs-outline" aria-labelledby={id}>
      <p className="docs-outline__title" id={id}>
        {label}
      </p>
      <ul className="docs-outline__list">
        {headings.map((heading) => (
          <li
            key={heading.id}
            className={`docs-outline__item docs-outline__item--h${heading.depth}`}
          >
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CaseFacts({
  item,
  locale,
  caseTypes,
}: {
  item: CaseItem;
  locale: Locale;
  caseTypes: Record<string, string>;
}) {
  const copy = DOCS_COPY[locale];
  const base = pictureBase(item);
  return (
    <section className="docs-case" aria-label={copy.caseFacts}>
      <picture>
        <source type="image/avif" srcSet={srcSet(base, 'avif')} sizes={PICTURE_SIZES} />
        <source type="image/webp" srcSet={srcSet(base, 'webp')} sizes={PICTURE_SIZES} />
        <img
          className="docs-case__image"
          src={`${base}-960.webp`}
          alt={item.alt}
          width={960}
          height={720}
          decoding="async"
          fetchPriority="high"
        />
      </picture>
      <dl className="docs-case__facts">
        <div>
          <dt>{copy.client}</dt>
          <dd>{item.name}</dd>
        </div>
        <div>
          <dt>{copy.kind}</dt>
          <dd>{caseTypes[item.type] ?? item.type}</dd>
        </div>
        <div>
          <dt>{copy.website}</dt>
          <dd>
            <a href={item.link} target="_blank" rel="noopener noreferrer">
              {item.link_name}
              <span className="visually-hidden"> {copy.newTab}</span>
            </a>
          </dd>
        </div>
        <div>
          <dt>{copy.social}</dt>
          <dd>
            <a href={socialUrl(item)} target="_blank" rel="noopener noreferrer">
              {item.social_name}
              <span className="visually-hidden"> {copy.newTab}</span>
            </a>
          </dd>
        </div>
      </dl>
      <p className="docs-case__summary">{item.description}</p>
    </section>
  );
}

/**
 * A docs article: breadcrumbs, the title, the case's facts on a case page, the article, the call
 * to action to the form, previous and next, and beside it the outline of its headings. The page's
 * store ids and outline ride on data attributes for the page script (client/), which keeps the
 * docs store as the spec names it.
 */
export function DocsArticle({ page, pages, sectionName, caseTypes }: ArticleProps) {
  const { locale } = page;
  const copy = DOCS_COPY[locale];
  const index = pages.indexOf(page);
  const previous = index > 0 ? pages[index - 1] : undefined;
  const next = pages[index + 1];
  const ids = storeIds(pages, page);
  return (
    <>
      <main
        className="docs-main"
        id="main"
        data-section-id={ids.sectionId}
        data-part-id={ids.partId}
        data-article={page.title}
        data-on-page={onPageInfo(page)}
      >
        <nav className="docs-crumbs" aria-label={copy.breadcrumbs}>
          <ol>
            <li>
              <a href={`/${locale}`}>{copy.home}</a>
            </li>
            <li>
              <a href={docsPath(locale)}>{copy.docs}</a>
            </li>
            <li>
              <a href={`${docsPath(locale)}#${page.section}`}>{sectionName}</a>
            </li>
            <li>
              <a href={docsPath(locale, page.section, page.slug)} aria-current="page">
                {page.nav}
              </a>
            </li>
          </ol>
        </nav>
        <article className="docs-article" data-pagefind-body>
          <header className="docs-article__head">
            <h1 className="docs-article__title">{page.title}</h1>
            <p className="docs-article__lead">{page.description}</p>
            <div className="docs-share" data-share data-pagefind-ignore>
              <button type="button" className="docs-share__button">
                {copy.share}
              </button>
              <span
                className="docs-share__status"
                role="status"
                data-copied={copy.copied}
                data-failed={copy.copyFailed}
                data-shared={copy.shared}
              />
            </div>
          </header>
          {page.headings.length > 0 && (
            <details className="docs-outline-fold" data-pagefind-ignore>
              <summary>{copy.onThisPage}</summary>
              <Outline headings={page.headings} label={copy.onThisPage} id="outline-fold" />
            </details>
          )}
          {page.caseItem && (
            <CaseFacts item={page.caseItem} locale={locale} caseTypes={caseTypes} />
          )}
          <div className="docs-prose" dangerouslySetInnerHTML={{ __html: page.html }} />
          <aside className="docs-cta" data-pagefind-ignore>
            <h2 className="docs-cta__title">{copy.ctaTitle}</h2>
            <p className="docs-cta__text">{copy.ctaText}</p>
            <a className="docs-cta__button" href={contactUrl(locale, page.nav)}>
              {copy.ctaButton}
            </a>
          </aside>
        </article>
        <nav className="docs-pager" aria-label={`${copy.previous} / ${copy.next}`}>
          {previous && (
            <a
              className="docs-pager__link docs-pager__link--previous"
              href={docsPath(locale, previous.section, previous.slug)}
              rel="prev"
            >
              <span className="docs-pager__label">{copy.previous}</span>
              <span className="docs-pager__name">{previous.nav}</span>
            </a>
          )}
          {next && (
            <a
              className="docs-pager__link docs-pager__link--next"
              href={docsPath(locale, next.section, next.slug)}
              rel="next"
            >
              <span className="docs-pager__label">{copy.next}</span>
              <span className="docs-pager__name">{next.nav}</span>
            </a>
          )}
        </nav>
      </main>
      {page.headings.length > 0 && (
        <aside className="docs-aside">
          <Outline headings={page.headings} label={copy.onThisPage} id="outline" />
        </aside>
      )}
    </>
  );
}
