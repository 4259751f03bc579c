import type { Messages } from '../../content/types';
import { NAVIGATION_PART_IDS } from '../../store/docsData';

/** A navigation entry of the locale files (spec §3); an empty description means no teaser. */
export type NavigationEntry = Messages['navigation']['cases'][number];

/**
 * The part id a card selects: the spec's title map (Web3 0, Web2 1, Telegram 2, Softs 3), else
 * the card's position, which is the same order in both languages.
 */
export function partIdFor(entry: NavigationEntry, index: number): number {
  return NAVIGATION_PART_IDS[entry.name] ?? index;
}
