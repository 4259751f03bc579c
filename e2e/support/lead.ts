import { randomUUID } from 'node:crypto';
import telegramContract from '../../contract/telegram-message.json' with { type: 'json' };
import validationContract from '../../contract/contact-validation.json' with { type: 'json' };

export const FIELDS = ['name', 'social', 'email', 'message'] as const;
export type Field = (typeof FIELDS)[number];
export type Lead = Record<Field, string>;

/**
 * A valid lead whose message carries a unique tag, so a test finds its own Telegram message. The
 * message has two lines: form posts send textarea line breaks as CRLF, which must arrive as \n.
 */
export function uniqueLead(locale: 'en' | 'ru'): Lead & { tag: string } {
  const tag = randomUUID().slice(0, 8);
  return locale === 'ru'
    ? {
        tag,
        name: 'Анна',
        social: '@anna_ru',
        email: 'anna@example.ru',
        message: `Нужен Telegram-бот.\nМетка ${tag}`,
      }
    : {
        tag,
        name: 'Anna',
        social: '@anna_dev',
        email: 'anna@example.com',
        message: `We need a landing page.\nTag ${tag}`,
      };
}

/** The tags of where a lead came from that its Telegram line names (contract/lead-source.json). */
export interface SourceTags {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  referrer?: string;
  ref?: string;
}

/**
 * The line a lead with a source gets (contract/README.md): `Источник: ` and, joined by ` · `, the
 * UTM tags joined by ` / `, `с <referrer>` and `партнёр <ref>`; `прямой заход` when none is there.
 */
export function sourceLine(source: SourceTags): string {
  const tags = [source.utm_source, source.utm_medium, source.utm_campaign].filter(Boolean);
  const parts = [
    ...(tags.length ? [tags.join(' / ')] : []),
    ...(source.referrer ? [`с ${source.referrer}`] : []),
    ...(source.ref ? [`партнёр ${source.ref}`] : []),
  ];
  return `Источник: ${parts.length ? parts.join(' · ') : 'прямой заход'}`;
}

/**
 * The text contract/telegram-message.json describes: the name, "сообщает:", the message with each
 * line behind "│ ", then "Контактные данные:", the email, the handle, the source line if the lead
 * has a source, a line for a lead taken without a proof of work, and a last line with the lead id. A lead sent by the script-driven form after a
 * plain visit has a source without tags: `{}`, a direct visit.
 */
export function telegramText(
  lead: Lead & { source?: SourceTags; unproven?: boolean },
  id: string,
): string {
  const quoted = lead.message
    .split('\n')
    .map((line) => (line ? `│ ${line}` : '│'))
    .join('\n');
  const source = lead.source ? `${sourceLine(lead.source)}\n\n` : '';
  const unproven = lead.unproven ? 'без проверки: форма без JavaScript\n\n' : '';
  return `${lead.name} сообщает:\n${quoted}\n\nКонтактные данные:\n${lead.email}\n${lead.social}\n\n${source}${unproven}Заявка ${id}`;
}

export const telegramCases = telegramContract.cases;

/** A lead id as the contract's examples write them (a ULID: 26 Crockford base32 characters). */
export const LEAD_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The contract's vectors a visitor can type into the form and that must fail on exactly one
 * field. Control characters are left out (text inputs drop line breaks, so the browser would
 * change the value), and so are the too-long cases (the inputs may cap length with maxlength).
 */
export const invalidVectors = validationContract.cases
  .map((c) => ({ title: c.title, input: c.input as Lead, errors: c.errors as Partial<Lead> }))
  .filter(({ input, errors }) => {
    const codes = Object.values(errors);
    return (
      codes.length === 1 &&
      codes[0] !== 'too_long' &&
      !Object.values(input).some((value) => CONTROL.test(value))
    );
  });

/**
 * Waits until the server's outbox is empty (/healthz outbox_depth 0): every lead is delivered
 * or failed, so no further message can arrive and a count of messages is final.
 */
export async function outboxDrained(siteUrl: string): Promise<boolean> {
  const health = (await (await fetch(`${siteUrl}/healthz`)).json()) as { outbox_depth: number };
  return health.outbox_depth === 0;
}
