import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, ru } from './messages';

/** A ready i18next instance with both locale files, for tests of components that translate. */
export function createTestI18n(lng: 'en' | 'ru' = 'en'): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, ru: { translation: ru } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
