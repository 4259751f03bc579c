import { useTranslation } from 'react-i18next';
import { logoUrl, pictureBase, socialUrl, type CaseItem } from '../../lib/cases';
import { DOCS_ELSEWHERE, DOCS_LINK_TARGET, docsUrl } from '../../lib/docs';
import { srcSet } from '../../lib/images';
import { toLocale } from '../../lib/locale';

/** Generated preview size (scripts/generate-images.mjs): 4:3 at 480 and 960 px wide. */
const PREVIEW_WIDTH = 960;
const PREVIEW_HEIGHT = 720;
const PREVIEW_SIZES = '(min-width: 1025px) 560px, (min-width: 720px) 45vw, 100vw';

interface CaseCardProps {
  item: CaseItem;
  /** Highlighted as the card nearest the viewport centre on narrow screens. */
  active: boolean;
  ref?: (el: HTMLElement | null) => void;
}

/** One portfolio case: logo, name, links, description, preview with hint, Learn more. */
export function CaseCard({ item, active, ref }: CaseCardProps) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const base = pictureBase(item);

  return (
    <article ref={ref} className={`case-card${active ? ' case-card--active' : ''}`}>
      <div className="case-card__body">
        <header className="case-card__head">
          <img
            className="case-card__logo"
            src={logoUrl(item)}
            alt={t('cases.logoAlt', { name: item.name })}
            width={56}
            height={56}
            loading="lazy"
          />
          <div className="case-card__titles">
            <h3 className="case-card__name">{item.name}</h3>
            <p className="case-card__type">{t(`cases.types.${item.type}`)}</p>
          </div>
        </header>
        <ul className="case-card__links">
          <li>
            <a className="case-card__link" href={item.link} target="_blank" rel="noopener">
              <span className="case-card__link-kind">{t('cases.website')}</span>
              {item.link_name}
              <span className="visually-hidden"> {t('cases.newTab')}</span>
            </a>
          </li>
          <li>
            <a className="case-card__link" href={socialUrl(item)} target="_blank" rel="noopener">
              <span className="case-card__link-kind">{t(`cases.social.${item.sType}`)}</span>
              {item.social_name}
              <span className="visually-hidden"> {t('cases.newTab')}</span>
            </a>
          </li>
        </ul>
        <p className="case-card__description">{item.description}</p>
        <a
          className="case-card__more"
          href={docsUrl(item.url, locale)}
          {...DOCS_LINK_TARGET}
          aria-label={
            t('cases.learnMoreLabel', { name: item.name }) +
            (DOCS_ELSEWHERE ? ` ${t('cases.newTab')}` : '')
          }
        >
          {t('cases.learnMore')}
          <span className="case-card__arrow" aria-hidden="true">
            →
          </span>
        </a>
      </div>
      <figure className="case-card__preview">
        <picture>
          <source type="image/avif" srcSet={srcSet(base, 'avif')} sizes={PREVIEW_SIZES} />
          <source type="image/webp" srcSet={srcSet(base, 'webp')} sizes={PREVIEW_SIZES} />
          <img
            className="case-card__image"
            src={`${base}-${PREVIEW_WIDTH}.webp`}
            alt={item.alt}
            width={PREVIEW_WIDTH}
            height={PREVIEW_HEIGHT}
            loading="lazy"
            decoding="async"
          />
        </picture>
        <figcaption className="case-card__hint">{item.hint}</figcaption>
      </figure>
    </article>
  );
}
