import { useTranslation } from 'react-i18next';
import { BannerModel } from './BannerModel';
import { useTypingLoop } from './useTypingLoop';
import './banner.css';

interface Claim {
  value: string;
  label: string;
}

/** The hero: the typed slogan (the page's h1 and largest paint), offers, claims and the 3D emblem. */
export function Banner() {
  const { t } = useTranslation();
  const phrases = t('banner.phrases', { returnObjects: true }) as string[];
  const offers = t('banner.offers', { returnObjects: true }) as string[];
  const claims = t('banner.claims', { returnObjects: true }) as Claim[];
  const typed = useTypingLoop(phrases);

  return (
    <section id="banner" className="banner" aria-labelledby="banner-title">
      <div className="banner__glow" aria-hidden="true" />
      <div className="banner__inner">
        <div className="banner__copy">
          <h1 id="banner-title" className="banner__title">
            <span className="banner__eyebrow">{t('banner.title')}</span>
            {/* Screen readers get every phrase once, never the character stream below. */}
            <span className="banner__sr">{phrases.join('. ')}</span>
            <span className="banner__typed" aria-hidden="true">
              {/* Invisible copies of every phrase hold the tallest one's height: no layout shift. */}
              {phrases.map((phrase) => (
                <span key={phrase} className="banner__typed-ghost">
                  {phrase}
                </span>
              ))}
              <span className="banner__typed-live" data-testid="banner-typed">
                <span className="banner__typed-text">{typed}</span>
                <span className="banner__caret" />
              </span>
            </span>
          </h1>
          <p className="section-lead banner__subtitle">{t('banner.subtitle')}</p>
          <ul className="banner__offers" aria-label={t('banner.offersLabel')}>
            {offers.map((offer) => (
              <li key={offer} className="banner__offer">
                {offer}
              </li>
            ))}
          </ul>
          <div className="banner__actions">
            <a className="banner__cta banner__cta--primary" href="#contact">
              {t('banner.cta')}
            </a>
            <a className="banner__cta banner__cta--ghost" href="#cases">
              {t('banner.ctaSecondary')}
            </a>
          </div>
          <dl className="banner__claims" aria-label={t('banner.claimsLabel')}>
            {claims.map((claim) => (
              <div key={claim.value} className="banner__claim">
                <dt className="banner__claim-value">{claim.value}</dt>
                <dd className="banner__claim-label">{claim.label}</dd>
              </div>
            ))}
          </dl>
        </div>
        <BannerModel />
      </div>
    </section>
  );
}
