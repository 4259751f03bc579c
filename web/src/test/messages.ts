import type { Messages } from '../content/types';
import enFile from '../i18n/locales/en.json';
import ruFile from '../i18n/locales/ru.json';

// The locale files as the schema types them (the build's content check holds them to it; JSON
// imports only widen its enums to string).
export const en = enFile as unknown as Messages;
export const ru = ruFile as unknown as Messages;
