/**
 * One browser tab, whichever engine runs it. The journeys every engine must pass are written
 * against this small surface instead of one driver's API, so Chromium (Playwright), Firefox
 * (puppeteer-core over WebDriver BiDi) and WebKit (WebKitWebDriver) run the same steps.
 *
 * Input goes through each driver's native input (real pointer and key events, as a visitor's
 * would); everything a step reads, it reads with `evaluate` in the page.
 */
export type Engine = 'chromium' | 'firefox' | 'webkit';

export interface Viewport {
  width: number;
  height: number;
}

/** A function run in the page; it must not close over anything (it is sent as source). */
export type PageFunction<A, R> = (arg: A) => R | Promise<R>;

/** How a tab's browser is set up; the journeys run with scripts on and motion as most have it. */
export interface TabOptions {
  javaScript?: boolean;
  reducedMotion?: boolean;
}

export interface Tab {
  readonly engine: Engine;
  readonly viewport: Viewport;
  /** Loads the address and waits for its load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  evaluate<A, R>(fn: PageFunction<A, R>, arg: A): Promise<R>;
  /**
   * Runs the function in each document the tab loads from now on, before the page's own scripts,
   * so a check can see the page at a moment of its own (its load event) however late the
   * driver's next call comes on a busy machine. False where the driver cannot (WebKitWebDriver
   * has no preload scripts): the caller then looks as soon as its next call arrives.
   */
  onEachDocument<A>(fn: PageFunction<A, void>, arg: A): Promise<boolean>;
  /** A pointer click in the middle of the first element matching the CSS selector. */
  click(selector: string): Promise<void>;
  /** Moves the pointer over the middle of the element. */
  hover(selector: string): Promise<void>;
  /** Focuses the element and types the text key by key. */
  type(selector: string, text: string): Promise<void>;
  /** Turns the mouse wheel over the middle of the window. */
  wheel(deltaY: number): Promise<void>;
  /** A picture of the whole page (of the window where the engine cannot do more). */
  screenshot(path: string): Promise<void>;
  /** Console errors, uncaught exceptions and failed loads since the tab opened. */
  problems(): string[];
  /** Console warnings since the tab opened. */
  warnings(): string[];
}

/** Finds the element in the page and gives it a selector the driver can use. */
export const TARGET_ATTRIBUTE = 'data-e2e-target';

/**
 * Before a pointer action, as Playwright's actionability checks do: the element is scrolled to
 * the middle of the window, can be seen, stands still (a menu sliding in is clicked where it ends
 * up, not where it was) and is what a pointer at its middle would hit. The loop runs here, not in
 * the page: with scripts off a page's timers and observers never fire, yet the driver's own
 * scripts still run. Returns the middle of the element in window coordinates.
 *
 * Standing still is two equal boxes 50 ms apart and no finite animation or transition running on
 * the element or around it: a page that paints no frame in those 50 ms (a busy machine) shows a
 * sliding menu at its first position twice, yet its transition is already running.
 */
export async function settle(
  selector: string,
  evaluate: (fn: (selector: string) => string | null, selector: string) => Promise<string | null>,
): Promise<{ x: number; y: number }> {
  const deadline = Date.now() + 5000;
  let last: string | null = null;
  for (;;) {
    const now = await evaluate((selector) => {
      const element = document.querySelector(selector);
      if (!element) return 'missing';
      element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      const box = element.getBoundingClientRect();
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        return 'hidden';
      }
      if (box.width === 0 || box.height === 0) return 'hidden';
      const moving = document.getAnimations().some((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return (
          animation.playState === 'running' &&
          !!target?.contains(element) &&
          animation.effect!.getComputedTiming().endTime !== Infinity
        );
      });
      if (moving) return 'moving';
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(element.contains(hit) || hit.contains(element))) return 'covered';
      return `${box.x},${box.y},${box.width},${box.height}`;
    }, selector);
    const box = now === null || now in WHY ? null : now;
    if (box !== null && box === last) {
      const [x, y, width, height] = box.split(',').map(Number);
      return { x: x + width / 2, y: y + height / 2 };
    }
    if (Date.now() > deadline) {
      const why = box === null ? WHY[now ?? 'missing'] : 'is still moving';
      throw new Error(`${selector} ${why} after 5 s`);
    }
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const WHY: Record<string, string> = {
  missing: 'is not in the page',
  hidden: 'is not visible',
  moving: 'is still animating',
  covered: 'is covered by another element at its middle',
};
