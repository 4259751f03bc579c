import type { Locale } from '../../lib/constants';
import { docsPath } from '../model';
import { DOCS_COPY } from './copy';

/** The answer to a docs path that names no page: it says so and leads to the index. */
export function DocsNotFound({ locale }: { locale: Locale }) {
  const copy = DOCS_COPY[locale];
  return (
    <main className="docs-main docs-main--missing" id="main">
      <h1 className="docs-article__title">{copy.notFoundTitle}</h1>
      <p className="docs-article__lead">{copy.notFoundText}</p>
      <p>
        <a className="docs-cta__button" href={docsPath(locale)}>
          {copy.notFoundIndex}
        </a>
      </p>
    </main>
  );
}
