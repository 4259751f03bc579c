import { LEGAL_KINDS } from './document';
import { legalDocument, legalPageCopy, OPERATOR } from './documents';
import en from './texts/en.json';
import ru from './texts/ru.json';
import { documentText } from './document';

const text = (kind: 'privacy' | 'consent', locale: 'en' | 'ru') =>
  documentText(legalDocument(kind, locale));

test('both languages have both documents and the same page copy keys', () => {
  for (const texts of [en, ru]) {
    for (const kind of LEGAL_KINDS) {
      expect(texts[kind].title).not.toBe('');
      expect(texts[kind].blocks.length).toBeGreaterThan(5);
    }
  }
  expect(Object.keys(ru.page).sort()).toEqual(Object.keys(en.page).sort());
  expect(legalPageCopy('ru').privacyDescription).toContain(OPERATOR.name.ru);
});

// What 152-FZ asks the consent to name (art. 9 part 4): the operator, purpose, data, actions,
// transfers, term and withdrawal. A later edit must not drop one of them by accident.
test.each([
  ['ru', ['ИНН', 'Telegram', 'IP-адрес', 'трансграничн', '180 дней', 'отозвать', '30 дней']],
  ['en', ['INN', 'Telegram', 'IP address', 'cross-border', '180 days', 'withdraw', '30 days']],
] as const)('the %s consent names what the law asks for', (locale, words) => {
  const consent = text('consent', locale);
  for (const word of [...words, OPERATOR.name[locale], OPERATOR.address[locale], OPERATOR.email])
    expect(consent).toContain(word);
});

test.each([
  ['ru', ['18.1', 'Роскомнадзор', 'user-locale', 'sessionStorage', 'Global Privacy Control']],
  ['en', ['Article 13', 'Art. 77', 'Art. 17', 'user-locale', 'sessionStorage', 'Web Vitals']],
] as const)('the %s policy covers its law and what the site keeps', (locale, words) => {
  const policy = text('privacy', locale);
  for (const word of [...words, '180', OPERATOR.email]) expect(policy).toContain(word);
});

test('no placeholder is left unfilled', () => {
  for (const locale of ['en', 'ru'] as const)
    for (const kind of LEGAL_KINDS) expect(text(kind, locale)).not.toMatch(/\{\{|\}\}/);
});
