/** Stagger between service chips fading in, per index (spec section 9). */
export const CHIP_STAGGER_MS = 30;

export interface Service {
  /** Key under whatWeOffer.services in the locale files. */
  key: string;
  /** Docs page path; empty opens the docs root. */
  slug: string;
  /** The chip's fixed colour; dark text on it keeps WCAG AA contrast. */
  color: string;
}

export const SERVICES: readonly Service[] = [
  { key: 'websites', slug: 'websites', color: '#a78bfa' },
  { key: 'landingPages', slug: 'landing-pages', color: '#f9a8d4' },
  { key: 'iosAndroid', slug: 'ios-android', color: '#7dd3fc' },
  { key: 'aiChatbots', slug: 'ai-chatbots', color: '#5eead4' },
  { key: 'telegramMiniApps', slug: 'telegram-mini-apps', color: '#60a5fa' },
  { key: 'telegramBots', slug: 'telegram-bots', color: '#93c5fd' },
  { key: 'databases', slug: 'databases', color: '#fcd34d' },
  { key: 'softwareScripts', slug: 'software-scripts', color: '#bef264' },
  { key: 'smartContracts', slug: 'smart-contracts', color: '#2ee6a6' },
  { key: 'nftCollections', slug: 'nft-collections', color: '#fda4af' },
  { key: 'tokensMemeCoins', slug: 'tokens-meme-coins', color: '#fdba74' },
  { key: 'defi', slug: 'defi', color: '#c4b5fd' },
  { key: 'dapps', slug: 'dapps', color: '#86efac' },
  { key: 'consultation', slug: '', color: '#e5e7eb' },
];

export const CHIP_TEXT_COLOR = '#0a0a12';
