import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { isLocale, type Locale } from '../lib/constants';
import { guessBrowserLocale } from '../i18n/detect';
import { loadLocale } from '../i18n/i18n';
import { applyDocumentLocale } from '../i18n/persist';

interface LocaleGuardProps {
  /** The route's `:locale` segment, if any. */
  locale: string | undefined;
  children: (locale: Locale) => ReactNode;
}

/**
 * The route guard: a supported locale is loaded and the page renders in it; anything else (no
 * segment, or one such as `de`) is replaced with the guessed default.
 */
export function LocaleGuard({ locale, children }: LocaleGuardProps) {
  if (!isLocale(locale)) return <Redirect to={`/${guessBrowserLocale()}`} replace />;
  return <SupportedLocale locale={locale}>{children}</SupportedLocale>;
}

function SupportedLocale({
  locale,
  children,
}: {
  locale: Locale;
  children: LocaleGuardProps['children'];
}) {
  const { i18n } = useTranslation();
  const [, navigate] = useLocation();
  const ready = i18n.language === locale && i18n.hasResourceBundle(locale, 'translation');

  useEffect(() => {
    if (ready) {
      applyDocumentLocale(locale, i18n.t('meta.title'));
      return;
    }
    let current = true;
    loadLocale(i18n, locale)
      .then(() => (current ? i18n.changeLanguage(locale) : undefined))
      .catch(() => navigate('/', { replace: true }));
    return () => {
      current = false;
    };
  }, [ready, locale, i18n, navigate]);

  // Rendering before the messages are in would flash the other language.
  return ready ? children(locale) : null;
}
