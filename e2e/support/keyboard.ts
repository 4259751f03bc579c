import type { Page } from '@playwright/test';

export interface FocusStop {
  /** Index among the controls tagged by tagControls, or -1 for an untagged element. */
  index: number;
  name: string;
  /** 0 header, 1–5 the sections in reading order, 6 footer, -1 elsewhere. */
  region: number;
  focusVisible: boolean;
  /** An outline or a box shadow is drawn around the element. */
  ring: boolean;
  /** Part of the element is on screen and not covered by something else (the fixed header). */
  unobscured: boolean;
  /** What is drawn at the element's centre, when that is something else. */
  coveredBy?: string;
}

/**
 * Tags every control a keyboard user should reach (visible, focusable, not taken out of the tab
 * order) with data-e2e-control, and returns how many there are.
 */
export async function tagControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea, [tabindex]';
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) =>
        element.tabIndex >= 0 &&
        !element.closest('[inert], [hidden], [aria-hidden="true"]') &&
        element.checkVisibility({ visibilityProperty: true }),
    );
    controls.forEach((element, index) => element.setAttribute('data-e2e-control', String(index)));
    return controls.map(
      (element) =>
        element.getAttribute('aria-label') ??
        (element.textContent?.trim() || element.getAttribute('name') || element.tagName),
    );
  });
}

/** Describes the focused element the way the keyboard journey checks it. */
export async function focusStop(page: Page, sectionIds: readonly string[]): Promise<FocusStop> {
  return page.evaluate((ids) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return {
        index: -1,
        name: 'body',
        region: -1,
        focusVisible: false,
        ring: false,
        unobscured: false,
      };
    }
    const style = getComputedStyle(element);
    const ring =
      (style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) > 0 &&
        !/rgba\(.*, 0\)$/.test(style.outlineColor)) ||
      style.boxShadow !== 'none';
    // WCAG 2.4.11: the focused control must not be entirely hidden. Probe its centre and the
    // middle of each edge; one of them must show the control itself. A link that wraps across
    // lines has one box per line, and its outer box's centre and edges may all fall beside it:
    // the centre of each line's box is probed too.
    const box = element.getBoundingClientRect();
    const probes = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + box.width / 2, box.top + 2],
      [box.left + box.width / 2, box.bottom - 2],
      [box.left + 2, box.top + box.height / 2],
      [box.right - 2, box.top + box.height / 2],
      ...[...element.getClientRects()].map((line) => [
        line.left + line.width / 2,
        line.top + line.height / 2,
      ]),
    ];
    const hits = probes.map(([x, y]) =>
      x >= 0 && y >= 0 && x < innerWidth && y < innerHeight
        ? document.elementFromPoint(x, y)
        : null,
    );
    const shown = hits.some((hit) => !!hit && (hit === element || element.contains(hit)));
    const hit = hits.find((h) => h);
    const section = element.closest('section[id]')?.id;
    let region = -1;
    if (element.closest('footer')) region = ids.length + 1;
    else if (section && ids.includes(section)) region = ids.indexOf(section) + 1;
    else if (element.closest('header') && !element.closest('main')) region = 0;
    return {
      index: Number(element.getAttribute('data-e2e-control') ?? -1),
      name:
        element.getAttribute('aria-label') ??
        (element.textContent?.trim().slice(0, 40) || element.tagName),
      region,
      focusVisible: element.matches(':focus-visible'),
      ring,
      unobscured: shown,
      coveredBy: hit ? `${hit.tagName}.${hit.className}` : `off screen at y=${Math.round(box.top)}`,
    };
  }, sectionIds);
}
