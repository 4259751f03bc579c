import { checkOperator } from './operator';
import operatorFile from './operator.json';

const demo = structuredClone(operatorFile);

test("the shipped file holds the demo studio's details in both languages", () => {
  const operator = checkOperator(demo);
  expect(operator.name).toEqual({ en: 'Mintline LLC', ru: 'ООО «Минтлайн»' });
  expect(operator.registration.ru).toMatch(/ИНН .*ОГРН/);
  expect(operator.address.ru).not.toBe('');
  expect(operator.email).toMatch(/@example\.com$/);
});

test.each([
  ['name.ru', (file: typeof demo) => void (file.name.ru = '')],
  ['name.en', (file: typeof demo) => void delete (file.name as Partial<typeof file.name>).en],
  ['registration.en', (file: typeof demo) => void (file.registration.en = '   ')],
  ['address.en', (file: typeof demo) => void delete (file as Partial<typeof file>).address],
  ['email', (file: typeof demo) => void (file.email = '')],
])('a missing or empty %s fails, naming the field', (field, spoil) => {
  const file = structuredClone(demo);
  spoil(file);
  expect(() => checkOperator(file)).toThrow(`src/legal/operator.json: "${field}" is missing`);
});

test('an e-mail that is no address fails', () => {
  expect(() => checkOperator({ ...demo, email: 'privacy at example.com' })).toThrow(
    '"email" is not an e-mail address',
  );
});

test('trims what the studio typed', () => {
  expect(checkOperator({ ...demo, email: ' privacy@example.com ' }).email).toBe(
    'privacy@example.com',
  );
});
