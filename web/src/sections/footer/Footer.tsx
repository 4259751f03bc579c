import { useTranslation } from 'react-i18next';
import { SocialLinks } from '../../components/SocialLinks';
import { legalPath } from '../../legal/consent';
import { LEGAL_KINDS } from '../../legal/document';
import { toLocale } from '../../lib/locale';
import { NAV_GROUPS } from '../../lib/navigation';
import './Footer.css';

/**
 * The page footer: the copyright line, the section links, the Telegram and X links, and the
 * privacy policy and consent text the law asks the site to publish.
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <p className="footer__name">{t('meta.siteName')}</p>
          <p className="footer__copyright">{t('meta.copyright')}</p>
        </div>
        <nav className="footer__nav" aria-label={t('navigation.footerLabel')}>
          <ul className="footer__links">
            {NAV_GROUPS.map((group) => (
              <li key={group}>
                <a className="footer__link" href={`#${group}`}>
                  {t(`navigation.links.${group}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks className="footer__social" />
        <ul className="footer__legal">
          {LEGAL_KINDS.map((kind) => (
            <li key={kind}>
              <a className="footer__link" href={legalPath(locale, kind)}>
                {t(`navigation.legal.${kind}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
