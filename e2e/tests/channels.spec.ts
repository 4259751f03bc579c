import { expect, test } from '../fixtures/test';
import { FakeTelegram } from '../fixtures/fake-telegram';
import { LandingServer } from '../fixtures/landing-server';
import { Receivers } from '../support/channels';
import { contactForm } from '../support/form';
import { waitForHydration } from '../support/landing';
import { outboxDrained, uniqueLead } from '../support/lead';

// Issue 24: a visitor's lead reaches the studio's chat, its CRM (a signed webhook the official
// standardwebhooks library accepts) and its inbox (a mail over STARTTLS), each from its own
// outbox row.

test('a visitors lead arrives in the chat, at the webhook receiver and in the inbox', async ({
  page,
}) => {
  const receivers = new Receivers();
  // A fake Telegram of its own: this server polls getUpdates too (fixtures/test.ts says why).
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
