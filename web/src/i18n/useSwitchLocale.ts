import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Locale } from '../lib/constants';
import { loadLocale } from './i18n';
import { applyDocumentLocale, rememberLocale } from './persist';

/**
 * Switches the page language: loads the messages if missing, sets the language and
 * `<html lang>`, saves the choice, and replaces the route with the new locale. If any of that
 * fails the visitor goes to `/`, where the guard picks a language again.
 */
export function useSwitchLocale(): (locale: Locale) => Promise<void> {
  const { i18n } = useTranslation();
  const [, navigate] = useLocation();
  return useCallback(
    async (locale: Locale) => {
      try {
        await loadLocale(i18n, locale);
        await i18n.changeLanguage(locale);
        applyDocumentLocale(locale, i18n.t('meta.title'));
        rememberLocale(locale);
        navigate(`/${locale}`, { replace: true });
      } catch {
        navigate('/', { replace: true });
      }
    },
    [i18n, navigate],
  );
}
