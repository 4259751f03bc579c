import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { legalPath } from '../../legal/consent';
import type { Block, LegalDocument, LegalKind } from '../../legal/document';
import type { Locale } from '../../lib/constants';

export interface LegalPageCopy {
  version: string;
  related: string;
  links: Record<LegalKind, string>;
}

interface LegalPageProps {
  kind: LegalKind;
  locale: Locale;
  document: LegalDocument;
  copy: LegalPageCopy;
  /** The operator's address for requests: a mailto link wherever the text names it. */
  email: string;
  /** The consent text's version, shown so a visitor can match it to what their lead recorded. */
  version?: string;
}

/** The text with each mention of the e-mail address made a mailto link; the words stay the same. */
function withEmail(text: string, email: string): ReactNode[] {
  return text.split(email).flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <a key={index} href={`mailto:${email}`}>
            {email}
          </a>,
          part,
        ],
  );
}

function DocumentBlock({ block, email }: { block: Block; email: string }) {
  if ('h' in block) return <h2>{block.h}</h2>;
  if ('p' in block) return <p>{withEmail(block.p, email)}</p>;
  return (
    <ul>
      {block.ul.map((item) => (
        <li key={item}>{withEmail(item, email)}</li>
      ))}
    </ul>
  );
}

/**
 * The privacy policy or the consent text: prerendered, script-free, its words exactly the
 * document's (for the consent, the words its version is the hash of), with the way back.
 */
export function LegalPage({ kind, locale, document, copy, email, version }: LegalPageProps) {
  const { t } = useTranslation();
  const other: LegalKind = kind === 'privacy' ? 'consent' : 'privacy';
  const home = `/${locale}`;
  return (
    <div className="legal-page">
      <header className="legal-page__bar">
        <a className="legal-page__brand" href={home}>
          {t('meta.siteName')}
        </a>
        <a className="legal-page__bar-link" href={home}>
          {t('buttons.backToSite')}
        </a>
      </header>
      <main className="legal-page__card" id="main">
        <article className="legal-page__document">
          <h1 className="legal-page__title">{document.title}</h1>
          {document.blocks.map((block, index) => (
            <DocumentBlock key={index} block={block} email={email} />
          ))}
        </article>
        {version && (
          <p className="legal-page__note">
            {copy.version} <code className="legal-page__version">{version}</code>
          </p>
        )}
        <p className="legal-page__note">
          {copy.related}: <a href={legalPath(locale, other)}>{copy.links[other]}</a>
        </p>
        <a className="button button--primary legal-page__back" href={home}>
          {t('buttons.backToSite')}
        </a>
      </main>
    </div>
  );
}
