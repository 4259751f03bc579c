import vectors from '../../../../contract/contact-validation.json';
import { validateContact, type ContactInput } from './validation';

interface Vector {
  title: string;
  input: ContactInput;
  errors: Record<string, string>;
}

const cases = (vectors as { cases: Vector[] }).cases;

test('the shared vectors file is not empty', () => {
  expect(cases.length).toBeGreaterThan(40);
});

test.each(cases.map((c) => [c.title, c] as const))('%s', (_title, c) => {
  expect(validateContact(c.input)).toEqual(c.errors);
});
