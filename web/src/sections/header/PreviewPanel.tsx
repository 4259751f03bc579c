import { useTranslation } from 'react-i18next';
import { DOCS_ELSEWHERE, DOCS_LINK_TARGET, docsUrl } from '../../lib/docs';
import type { Locale } from '../../lib/constants';
import { updateDocs } from '../../store/docsLater';
import { partIdFor, type NavigationEntry } from './navigation';
import './PreviewPanel.css';

interface PreviewPanelProps {
  /** Element id, referenced by the nav link's aria-controls. */
  id: string;
  /** Accessible name of the panel (the group's title). */
  label: string;
  entries: NavigationEntry[];
  locale: Locale;
  open: boolean;
}

/**
 * The hover preview of one navigation group (≥ 1280 px): the first two entries as big cards
 * with their teaser, the other three as small cards. Choosing a card selects its docs part and
 * opens its link in a new tab when it has one.
 */
export function PreviewPanel({ id, label, entries, locale, open }: PreviewPanelProps) {
  const { t } = useTranslation();

  return (
    <div id={id} className="preview" hidden={!open} role="group" aria-label={label}>
      <ul className="preview__grid">
        {entries.map((entry, index) => {
          const size = index < 2 ? 'big' : 'small';
          const choose = () =>
            void updateDocs((docs) => docs.setCurrentPartId(partIdFor(entry, index)));
          const body = (
            <>
              <span className="preview__name">{entry.name}</span>
              {size === 'big' && entry.description !== '' && (
                <span className="preview__teaser">{entry.description}</span>
              )}
            </>
          );
          return (
            <li key={entry.name} className={`preview__item preview__item--${size}`}>
              {entry.link === '' ? (
                <button type="button" className="preview__card" onClick={choose}>
                  {body}
                </button>
              ) : (
                <a
                  className="preview__card"
                  href={docsUrl(entry.link, locale)}
                  {...DOCS_LINK_TARGET}
                  onClick={choose}
                >
                  {body}
                  {DOCS_ELSEWHERE && (
                    <span className="visually-hidden"> {t('navigation.newTab')}</span>
                  )}
                  <span className="preview__arrow" aria-hidden="true">
                    {DOCS_ELSEWHERE ? '↗' : '→'}
                  </span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
