import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../fixtures/test';
import { serverBinary } from '../fixtures/paths';
import { contactForm } from '../support/form';
import { openLanding } from '../support/landing';
import { uniqueLead } from '../support/lead';

test('a visitor’s lead arrives with its buttons, and «Беру» in the chat marks it taken', async ({
  page,
  own: { site, telegram },
}) => {
  const lead = uniqueLead('en');
  await openLanding(page, site.url, 'en');
  const form = contactForm(page, 'en');
  await form.fill(lead);
  await form.submit.click();

  await expect
    .poll(() => telegram.messages.filter((m) => m.text.includes(lead.tag)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const message = telegram.messages.find((m) => m.text.includes(lead.tag))!;
  const id = /\nЗаявка (\S+)$/.exec(message.text)![1];
  expect(message.reply_markup?.inline_keyboard).toEqual([
    [
      { text: 'Беру', callback_data: `take:${id}` },
      { text: 'Спам', callback_data: `spam:${id}` },
    ],
  ]);

  // A manager presses «Беру»: the server takes the click by getUpdates, answers with a toast,
  // and edits the message to say who took it, with the buttons of a taken lead.
  telegram.click(message, `take:${id}`);
  await expect
    .poll(() => telegram.edits.find((e) => e.message_id === message.message_id), {
      timeout: 15_000,
    })
    .toBeTruthy();
  const edited = telegram.edits.find((e) => e.message_id === message.message_id)!;
  expect(edited.text).toMatch(/\n\nВзял: Анна \(@anna\), \d\d:\d\d$/);
  expect(edited.text.startsWith(message.text)).toBe(true);
  expect(edited.reply_markup?.inline_keyboard).toEqual([
    [
      { text: 'Готово', callback_data: `done:${id}` },
      { text: 'Вернуть', callback_data: `release:${id}` },
    ],
  ]);
  expect(telegram.toasts.map((toast) => toast.text)).toContain('Заявка ваша');

  // The operator sees it in the CLI, with the history.
  const shown = execFileSync(
    serverBinary,
    ['--db', path.join(site.dir, 'leads.db'), 'leads', 'show', id],
    { encoding: 'utf8' },
  );
  expect(shown).toContain('triage: taken\n');
  expect(shown).toContain('taken_by: Анна (@anna)\n');
  expect(shown).toMatch(/\ttake\tАнна \(@anna\) \(id 101\)\n/);
});
