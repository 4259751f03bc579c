import type { BrowserContext } from '@playwright/test';

/** The header's navigation groups in section-id order (cases 0, services 1, about 2). */
export const NAV_GROUPS = ['cases', 'services', 'about'] as const;

/** A navigation entry of the locale files (spec §3). */
export interface NavigationEntry {
  name: string;
  description: string;
  /** Empty: the card only picks the section. */
  link: string;
}

/**
 * Answers every request that leaves the site with a blank page instead of going to the network,
 * and lists the addresses, so a test can follow links that open other sites in new tabs.
 */
export async function blockExternalPages(context: BrowserContext, siteUrl: string) {
  const opened: string[] = [];
  await context.route(
    (url) => url.origin !== new URL(siteUrl).origin,
    (route) => {
      opened.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>away</title>' });
    },
  );
  return opened;
}
