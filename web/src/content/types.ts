// The content's types for the page's code: type-only, so the schema (and Zod) never reach a bundle.
export type { CaseItem, CaseType, Messages, Service } from './schema';
