import { useTranslation } from 'react-i18next';
import { SocialLinks } from '../../components/SocialLinks';
import { NAV_GROUPS } from '../../lib/navigation';
import './Footer.css';

/** The page footer: the copyright line, the section links, and the Telegram and X links. */
export function Footer() {
  const { t } = useTranslation();
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
      </div>
    </footer>
  );
}
