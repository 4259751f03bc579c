// The docs content browser's static data: three sections (ids 0–2) with their parts, and a
// four-line outline per part. The browser's own screens are not shown on the landing page.

export interface SectionPart {
  id: number;
  name: string;
}

export interface Section {
  id: number;
  parts: SectionPart[];
}

export interface OnPagePart {
  id: number;
  info: string;
}

export interface OnPageSection {
  id: number;
  parts: OnPagePart[];
}

const OUTLINE = ['• Introduction', '• Main part', '• Talking about this', '• Conclusion'].join(
  '\n',
);

const PART_NAMES: readonly (readonly string[])[] = [
  [
    'First case',
    'Second case',
    'Third case',
    'Fourth case',
    'Case study',
    'Case study',
    'Case study',
  ],
  ['Web3', 'Web2', 'Telegram', 'Softs', 'ERP'],
  ['Who we are?', 'Us compared to others', 'Our blog', 'Why we are the best?', 'How to join us?'],
];

export const SECTION_PARTS: Section[] = PART_NAMES.map((names, id) => ({
  id,
  parts: names.map((name, partId) => ({ id: partId, name })),
}));

export const ON_PAGE: OnPageSection[] = PART_NAMES.map((names, id) => ({
  id,
  parts: names.map((_, partId) => ({ id: partId, info: OUTLINE })),
}));

/** Navigation title to the part id of the case it opens (spec §2). */
export const NAVIGATION_PART_IDS: Readonly<Record<string, number>> = {
  Web3: 0,
  Web2: 1,
  Telegram: 2,
  Softs: 3,
};
