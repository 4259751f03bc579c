import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../lib/constants';
import { useSwitchLocale } from '../../i18n/useSwitchLocale';
import './LocaleSwitch.css';

/**
 * The Eng / Ru switcher. Real links to /en and /ru, so it works without JavaScript; with it,
 * the page switches in place.
 */
export function LocaleSwitch({ current, onChoose }: { current: Locale; onChoose?: () => void }) {
  const { t } = useTranslation();
  const switchLocale = useSwitchLocale();

  const choose = (event: MouseEvent<HTMLAnchorElement>, locale: Locale) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onChoose?.();
    if (locale !== current) void switchLocale(locale);
  };

  return (
    <ul className="locale-switch" aria-label={t('locales.label')}>
      {LOCALES.map((locale) => (
        <li key={locale}>
          <a
            className="locale-switch__link"
            href={`/${locale}`}
            hrefLang={locale}
            lang={locale}
            aria-current={locale === current ? 'true' : undefined}
            onClick={(event) => choose(event, locale)}
          >
            {t(`locales.${locale}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
