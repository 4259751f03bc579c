import { DESKTOP_MIN_WIDTH } from '../../web/src/lib/constants';

/** The widths issue 6 asks for, with a typical height for each kind of screen. */
export const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

export type Viewport = (typeof VIEWPORTS)[number];

/** At DESKTOP_MIN_WIDTH and up the navigation is always open and has the hover preview panel. */
export function isDesktop(viewport: { width: number }): boolean {
  return viewport.width >= DESKTOP_MIN_WIDTH;
}
