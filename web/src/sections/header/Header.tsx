import { useCallback, useEffect, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { scrollToSection } from '../../components/scrollToSection';
import { SocialLinks } from '../../components/SocialLinks';
import { useMediaQuery } from '../../components/useMediaQuery';
import { DESKTOP_MIN_WIDTH, type Locale } from '../../lib/constants';
import { updateDocs } from '../../store/docsLater';
import { LocaleSwitch } from './LocaleSwitch';
import { NAV_GROUPS } from '../../lib/navigation';
import type { NavigationEntry } from './navigation';
import { PreviewPanel } from './PreviewPanel';
import { useFocusTrap } from './useFocusTrap';
import './Header.css';
import './HeaderMenu.css';

const MENU_ID = 'site-menu';

/**
 * The fixed header: logo, navigation with its hover previews, language switch, social links and
 * Hire us. Below 1280 px the navigation lives in a sidebar behind the burger button.
 */
export function Header({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const isDesktop = useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  const [menuOpen, setMenuOpen] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Set while Escape hands focus back to a nav link, so that focus does not reopen its preview.
  const returningFocus = useRef(false);
  const burgerRef = useRef<HTMLButtonElement>(null);

  const mobileOpen = !isDesktop && menuOpen;
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useFocusTrap(menuRef, mobileOpen, closeMenu, burgerRef);

  const openPreview = (index: number) => {
    if (!isDesktop) return;
    setPreview(index);
    void updateDocs((docs) => docs.setCurrentSectionId(index));
  };
  const closePreview = () => setPreview(null);

  // Escape closes an open preview wherever focus is; if focus was inside the panel it goes back
  // to the panel's link, without that focus reopening the panel.
  useEffect(() => {
    if (preview === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const link = document.getElementById(`nav-${NAV_GROUPS[preview]}`);
      const focusInside = link?.parentElement?.contains(document.activeElement) ?? false;
      setPreview(null);
      if (focusInside && link) {
        returningFocus.current = true;
        link.focus();
        returningFocus.current = false;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [preview]);
  const leaveItem = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) closePreview();
  };

  // In-page links scroll smoothly and close the sidebar or preview first, so the scroll lock of
  // the open sidebar is gone before the page moves.
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    flushSync(() => {
      setMenuOpen(false);
      setPreview(null);
    });
    scrollToSection(id);
  };

  return (
    <header className="header">
      <a className="skip-link" href="#main">
        {t('buttons.skipToContent')}
      </a>
      <div className="header__bar">
        <a
          className="header__logo"
          href="#banner"
          aria-label={t('buttons.home')}
          onClick={(event) => goTo(event, 'banner')}
        >
          <BrandMark gradientId="logo-gradient" size={32} />
          <span className="header__brand">{t('meta.siteName')}</span>
        </a>

        <div className="header__menu" ref={menuRef}>
          <button
            ref={burgerRef}
            type="button"
            className="header__burger"
            aria-expanded={mobileOpen}
            aria-controls={MENU_ID}
            aria-label={mobileOpen ? t('buttons.closeMenu') : t('buttons.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="header__burger-line" />
            <span className="header__burger-line" />
          </button>

          <div id={MENU_ID} className="header__sidebar" data-open={mobileOpen}>
            <nav className="nav" aria-label={t('navigation.label')}>
              <ul className="nav__list">
                {NAV_GROUPS.map((group, index) => (
                  <li
                    key={group}
                    className="nav__item"
                    onMouseEnter={() => openPreview(index)}
                    onMouseLeave={closePreview}
                    onFocus={() => {
                      if (!returningFocus.current) openPreview(index);
                    }}
                    onBlur={leaveItem}
                  >
                    <a
                      id={`nav-${group}`}
                      className="nav__link"
                      href={`#${group}`}
                      aria-controls={`preview-${group}`}
                      aria-expanded={isDesktop ? preview === index : undefined}
                      onClick={(event) => goTo(event, group)}
                    >
                      {t(`navigation.links.${group}`)}
                    </a>
                    <PreviewPanel
                      id={`preview-${group}`}
                      label={t('navigation.previewLabel', {
                        group: t(`navigation.links.${group}`),
                      })}
                      entries={
                        t(`navigation.${group}`, { returnObjects: true }) as NavigationEntry[]
                      }
                      locale={locale}
                      open={isDesktop && preview === index}
                    />
                  </li>
                ))}
              </ul>
            </nav>
            <LocaleSwitch current={locale} onChoose={closeMenu} />
            <SocialLinks className="header__social" />
          </div>
        </div>

        <a
          className="button button--primary header__hire"
          href="#contact"
          onClick={(event) => goTo(event, 'contact')}
        >
          {t('buttons.hireUs')}
        </a>
      </div>
      <div
        className="header__cover"
        data-visible={mobileOpen || preview !== null}
        aria-hidden="true"
        onClick={() => {
          setMenuOpen(false);
          closePreview();
        }}
      />
    </header>
  );
}
