import { expect, test } from '../fixtures/test';
import { FakeTelegram } from '../fixtures/fake-telegram';
import { LandingServer } from '../fixtures/landing-server';
import { Receivers } from '../support/channels';
import { contactForm } from '../support/form';
import { waitForHydration } from '../support/landing';
import { outboxDrained, sourceLine, uniqueLead } from '../support/lead';

// Issue 24: a visitor's lead reaches the studio's chat, its CRM (a signed webhook the official
// standardwebhooks library accepts) and its inbox (a mail over STARTTLS), each from its own
// outbox row. Issue 48: and its Bitrix24 portal, with the same fields.

/** Every channel on: a fake Telegram of its own (this server polls getUpdates too, as
 * fixtures/test.ts says), the receivers, and the server sending to all of them. */
async function everyChannel(): Promise<{
  receivers: Receivers;
  telegram: FakeTelegram;
  site: LandingServer;
}> {
  const receivers = new Receivers();
  const telegram = new FakeTelegram();
  const site = new LandingServer();
  try {
    await telegram.start();
    await receivers.start();
    await site.start(
      {
        TELEGRAM_BOT_TOKEN: '123456:e2e-token',
        TELEGRAM_CHAT_ID: '-1001234567890',
        TELEGRAM_API_BASE: telegram.apiBase,
        LANDING_DIGEST: 'off',
      },
      ['--rate-limit-burst', '100', ...receivers.serverArgs()],
    );
  } catch (error) {
    await site.stop();
    receivers.stop();
    await telegram.stop();
    throw error;
  }
  return { receivers, telegram, site };
}

test('a visitors lead arrives in the chat, at the webhook receiver and in the inbox', async ({
  page,
}) => {
  const { receivers, telegram, site } = await everyChannel();
  try {
    expect((await page.goto(`${site.url}/en`))?.status()).toBe(200);
    await waitForHydration(page);
    const lead = uniqueLead('en');
    const form = contactForm(page, 'en');
    await form.fill(lead);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact'),
      form.submit.click(),
    ]);
    expect(response.status()).toBe(202);
    await expect(form.popup).toBeVisible();

    await expect
      .poll(() => telegram.messages.filter((m) => m.text.includes(lead.tag)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    await expect
      .poll(async () => (await receivers.deliveries()).length, { timeout: 15_000 })
      .toBe(1);
    const [delivery] = await receivers.deliveries();
    expect(delivery.verified).toBe(true);
    // The lead's id, the same in the chat's message, the webhook and the mail.
    const id = delivery.headers['webhook-id'];
    expect(telegram.messages.find((m) => m.text.includes(lead.tag))?.text).toContain(id);
    const body = JSON.parse(delivery.body) as { type: string; data: { message: string } };
    expect(body.type).toBe('lead.created');
    expect(body.data.message).toContain(lead.tag);
    await expect.poll(() => receivers.mails().length, { timeout: 15_000 }).toBe(1);
    const [mail] = receivers.mails();
    expect(mail).toContain(`Message-ID: <${id}@`);
    expect(mail).toContain('Reply-To: Anna <anna@example.com>');
    expect(mail).toContain('Subject: New lead: Anna');
    await expect.poll(() => outboxDrained(site.url)).toBe(true);
  } finally {
    await site.stop();
    receivers.stop();
    await telegram.stop();
  }
});

test('a Russian lead with UTM tags reaches the chat and Bitrix24 with the same fields', async ({
  page,
}) => {
  const { receivers, telegram, site } = await everyChannel();
  try {
    const tags = { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'осень' };
    const landing = `${site.url}/ru?${new URLSearchParams(tags)}`;
    expect((await page.goto(landing))?.status()).toBe(200);
    await waitForHydration(page);
    const lead = uniqueLead('ru');
    const form = contactForm(page, 'ru');
    await form.fill(lead);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact'),
      form.submit.click(),
    ]);
    expect(response.status()).toBe(202);

    await expect
      .poll(() => telegram.messages.filter((m) => m.text.includes(lead.tag)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const sent = telegram.messages.find((m) => m.text.includes(lead.tag));
    const chat = sent?.text ?? '';
    expect(chat).toContain(sourceLine(tags));
    await expect.poll(async () => (await receivers.bitrixLeads()).length).toBe(1);
    const [crm] = await receivers.bitrixLeads();
    // The same lead: its id in the chat's message is the CRM's ORIGIN_ID.
    expect(chat).toContain(String(crm.ORIGIN_ID));
    expect(crm).toMatchObject({
      ORIGINATOR_ID: 'landing-server',
      NAME: lead.name,
      SOURCE_ID: 'WEB',
      UTM_SOURCE: tags.utm_source,
      UTM_MEDIUM: tags.utm_medium,
      UTM_CAMPAIGN: tags.utm_campaign,
    });
    expect(JSON.stringify(crm.EMAIL)).toContain(lead.email);
    expect(JSON.stringify(crm.IM)).toContain(lead.social);
    // The message as the chat has it, and the consent the Russian form asked for.
    expect(String(crm.COMMENTS)).toContain(lead.message);
    expect(String(crm.COMMENTS)).toContain('Согласие на обработку персональных данных: версия');
    expect(String(crm.SOURCE_DESCRIPTION)).toContain('/ru');
    // The way back from the CRM to the lead's message in the chat (-1001234567890 is channel
    // 1234567890).
    expect(String(crm.COMMENTS)).toContain(`https://t.me/c/1234567890/${sent?.message_id}`);
    await expect.poll(() => outboxDrained(site.url)).toBe(true);
  } finally {
    await site.stop();
    receivers.stop();
    await telegram.stop();
  }
});
