import { useTranslation } from 'react-i18next';
import { SOCIAL_LINKS } from '../lib/constants';
import './SocialLinks.css';

/** Each network's icon path (24 × 24) and the locale key of its link's accessible name. */
const NETWORKS = [
  {
    href: SOCIAL_LINKS.x,
    label: 'navigation.x',
    icon: 'M17.75 3h3.07l-6.7 7.65L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.16-8.19L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2Z',
  },
  {
    href: SOCIAL_LINKS.telegram,
    label: 'navigation.telegram',
    icon: 'M21.43 3.6 2.97 10.72c-1.26.5-1.25 1.2-.23 1.52l4.74 1.48 1.83 5.62c.22.62.11.87.76.87.5 0 .73-.23 1-.5l2.3-2.24 4.8 3.54c.88.49 1.52.24 1.74-.82l3.15-14.84c.32-1.3-.5-1.88-1.63-1.75ZM8.53 13.5l9.24-5.83c.46-.28.88-.13.54.17l-7.91 7.14-.3 3.28-1.57-4.76Z',
  },
] as const;

/** The X and Telegram icon links, shared by the header and the footer. */
export function SocialLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={`social-links ${className}`} aria-label={t('navigation.socialLabel')}>
      {NETWORKS.map(({ href, label, icon }) => (
        <li key={href}>
          <a
            className="social-links__link"
            href={href}
            target="_blank"
            rel="noopener"
            aria-label={t(label)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d={icon} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
