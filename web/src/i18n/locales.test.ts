import en from './locales/en.json';
import ru from './locales/ru.json';

/** Every key path of a message tree; array items count by index. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => keyPaths(item, `${prefix}[${index}]`));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      keyPaths(item, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

test('the English and Russian files have exactly the same keys', () => {
  expect(keyPaths(ru).sort()).toEqual(keyPaths(en).sort());
});

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

test('no message is left empty', () => {
  for (const messages of [en, ru]) {
    const empty = keyPaths(messages).filter((path) => {
      const value = path
        .split(/\.|\[(\d+)\]/)
        .filter(Boolean)
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messages);
      return value === '';
    });
    expect(empty).toEqual([]);
  }
});

test('the docs sections are Cases, Services and About with ids 0 to 2', () => {
  expect(en.docs.sections).toEqual([
    { id: 0, name: 'Cases' },
    { id: 1, name: 'Services' },
    { id: 2, name: 'About' },
  ]);
  expect(ru.docs.sections.map((section) => section.id)).toEqual([0, 1, 2]);
});

test('each navigation group has five entries', () => {
  for (const messages of [en, ru]) {
    for (const group of [
      messages.navigation.cases,
      messages.navigation.services,
      messages.navigation.about,
    ]) {
      expect(group).toHaveLength(5);
    }
  }
});

test('the language buttons are labelled Eng and Ru', () => {
  expect(en.locales).toMatchObject({ en: 'Eng', ru: 'Ru' });
  expect(ru.locales).toMatchObject({ en: 'Eng', ru: 'Ru' });
});
