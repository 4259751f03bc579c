// Keys, empty values, placeholders and types are the content check's (src/content/check.test.ts).
import en from './locales/en.json';
import ru from './locales/ru.json';

test('both files have the sections of the spec', () => {
  const sections = [
    'buttons',
    'locales',
    'navigation',
    'banner',
    'marquee',
    'cases',
    'whatWeOffer',
    'whoWeAre',
    'feedbackForm',
    'bento',
    'docs',
  ];
  for (const messages of [en, ru])
    expect(Object.keys(messages)).toEqual(expect.arrayContaining(sections));
});

test('the docs sections are Cases, Services and About with ids 0 to 2', () => {
  expect(en.docs.sections).toEqual([
    { id: 0, name: 'Cases' },
    { id: 1, name: 'Services' },
    { id: 2, name: 'About' },
  ]);
  expect(ru.docs.sections.map((section) => section.id)).toEqual([0, 1, 2]);
});

test('the language buttons are labelled Eng and Ru', () => {
  expect(en.locales).toMatchObject({ en: 'Eng', ru: 'Ru' });
  expect(ru.locales).toMatchObject({ en: 'Eng', ru: 'Ru' });
});
