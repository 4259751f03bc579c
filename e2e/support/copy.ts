import { leaves, messages, type Locale } from './locales';

const LATIN = /[A-Za-z]{3}/;
const CYRILLIC = /[А-Яа-яЁё]/;

/**
 * The copy of the other language that must never show on `locale`'s page: every string of the
 * other locale file that is really translated, i.e. not also part of some string of this locale
 * (brand and technology names such as "Web3" or "Telegram" are the same in both).
 */
export function foreignCopy(locale: Locale): string[] {
  const other: Locale = locale === 'en' ? 'ru' : 'en';
  const own = leaves(messages[locale]).map(([, value]) => value);
  const script = other === 'en' ? LATIN : CYRILLIC;
  return [
    ...new Set(
      leaves(messages[other])
        .map(([, value]) => value.trim())
        .filter((value) => script.test(value) && !own.some((mine) => mine.includes(value))),
    ),
  ];
}

/** A dotted locale key that leaked into the page as text, e.g. "banner.title". */
export const RAW_KEY = new RegExp(
  `\\b(?:${Object.keys(messages.en).join('|')})\\.[A-Za-z_-]+|\\{\\{|\\}\\}`,
);

/** All text a visitor meets: rendered text plus the names and hints in attributes. */
export const READ_PAGE_TEXT = () => {
  const attributes = [...document.querySelectorAll('[alt], [aria-label], [placeholder], [title]')]
    .flatMap((element) =>
      ['alt', 'aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name)),
    )
    .filter((value): value is string => !!value);
  return [document.title, document.body.innerText, ...attributes].join('\n');
};
