import { useTranslation } from 'react-i18next';
import { SocialLinks } from '../../components/SocialLinks';
import './Footer.css';

/** The page footer: the copyright line and the Telegram and X links. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p className="footer__brand">{t('meta.siteName')}</p>
        <p className="footer__copyright">{t('meta.copyright')}</p>
        <SocialLinks className="footer__social" />
      </div>
    </footer>
  );
}
