import type { CaseItem } from '../content/types';

export type { CaseItem, CaseType } from '../content/types';

/** A logo is served as uploaded, at the public path the case names. */
export function logoUrl(item: Pick<CaseItem, 'logo'>): string {
  return item.logo;
}

/**
 * The base of a picture's generated sizes (scripts/case-images.mjs), `<base>-<width>.<format>`:
 * /images/cases/shop.png becomes /images/cases/built/shop.
 */
export function pictureBase(item: Pick<CaseItem, 'image'>): string {
  const slash = item.image.lastIndexOf('/');
  const name = item.image.slice(slash + 1).replace(/\.[^.]+$/, '');
  return `${item.image.slice(0, slash)}/built/${name}`;
}

export function socialUrl(item: Pick<CaseItem, 'sType' | 'social'>): string {
  const host = item.sType === 'x' ? 'https://x.com/' : 'https://www.instagram.com/';
  return host + item.social;
}
