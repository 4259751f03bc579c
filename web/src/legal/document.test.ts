import { documentText, fillDocument, LIST_MARK, type LegalDocument } from './document';

const document: LegalDocument = {
  title: 'Consent of {{name}}',
  blocks: [{ h: '1. Purpose' }, { p: 'Write to {{ email }}.' }, { ul: ['one;', 'two.'] }],
};

test('fills the placeholders in every block', () => {
  expect(fillDocument(document, { name: 'Mintline LLC', email: 'privacy@example.com' })).toEqual({
    title: 'Consent of Mintline LLC',
    blocks: [{ h: '1. Purpose' }, { p: 'Write to privacy@example.com.' }, { ul: ['one;', 'two.'] }],
  });
});

test('an unknown placeholder is a mistake, not an empty string', () => {
  expect(() => fillDocument(document, { name: 'Mintline LLC' })).toThrow(
    '{{ email }} in "Consent of {{name}}" is not one of name',
  );
});

test('the text is the title and the blocks, a blank line apart, list items one a line', () => {
  expect(documentText(fillDocument(document, { name: 'M', email: 'e@x.io' }))).toBe(
    `Consent of M\n\n1. Purpose\n\nWrite to e@x.io.\n\n${LIST_MARK}one;\n${LIST_MARK}two.`,
  );
});
