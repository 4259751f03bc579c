// What vite.config.ts asks of the legal texts, in one module it loads through Vite's runner:
// the texts and their imports are written for the bundler, not for Node's own loader.
export { parseConsentLocales } from './consentLocales';
export { currentConsentVersions } from './versions';
