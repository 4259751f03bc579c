/**
 * A hash of the files that decide how the emblem's still images look (scripts/still-key.mjs), set
 * by vite.config.ts: the page needs the images' names before the build renders them.
 */
declare const __EMBLEM_STILL_KEY__: string;
