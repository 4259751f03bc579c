/**
 * The sections the navigation links to, in page order: the header's menu and the footer's links
 * both list them, and the header's hover sets currentSectionId to the index.
 */
export const NAV_GROUPS = ['cases', 'services', 'about'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];
