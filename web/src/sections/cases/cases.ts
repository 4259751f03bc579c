import type { CaseItem } from '../../content/types';

export type { CaseItem, CaseType } from '../../content/types';

/** Where the case files live on the site: logos as uploaded, pictures in generated sizes. */
const CASE_FOLDER = '/images/cases';

export function logoUrl(item: Pick<CaseItem, 'logo'>): string {
  return `${CASE_FOLDER}/${item.logo}`;
}

/** The base of a picture's generated sizes (scripts/case-images.mjs): `<base>-<width>.<format>`. */
export function pictureBase(item: Pick<CaseItem, 'image'>): string {
  return `${CASE_FOLDER}/built/${item.image.replace(/\.[^.]+$/, '')}`;
}

export function socialUrl(item: Pick<CaseItem, 'sType' | 'social'>): string {
  const host = item.sType === 'x' ? 'https://x.com/' : 'https://www.instagram.com/';
  return host + item.social;
}
