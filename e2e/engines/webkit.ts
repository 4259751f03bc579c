import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describeHang } from './hang-report';
import { stitchScreenshots } from './stitch';
import { Watch } from './watch';
import { Builder, By, Capabilities, error, Key, type WebDriver } from 'selenium-webdriver';
import { settle, type PageFunction, type Tab, type TabOptions, type Viewport } from './tab';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_BIN ?? '/usr/bin/WebKitWebDriver';
const HOST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'webkit-host.py');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as net.AddressInfo)!;
      probe.close(() => resolve(port));
    });
  });
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/** A virtual X display of its own (Xvfb picks a free number and tells it on a pipe). */
async function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${errors}`)));
  });
  return { display, child };
}

/**
 * WebKitGTK, the engine of Safari, through WebKitWebDriver (classic WebDriver, with the
 * selenium-webdriver client) on an Xvfb display. One driver per worker; each tab is a session of
 * its own: a fresh browser process and profile, started in under a second.
 */
export class WebKitDriver {
  private xvfb: ChildProcess | undefined;
  private driver: ChildProcess | undefined;
  private url = '';
  /** Console lines of the browsers this driver started, in order. */
  private readonly console: string[] = [];

  async start(): Promise<void> {
    const { display, child } = await startXvfb();
    this.xvfb = child;
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    this.driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, DISPLAY: display },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.driver.stdout!, this.driver.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => this.console.push(line));
    }
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        if ((await fetch(`${this.url}/status`)).ok) return;
      } catch {
        // Not listening yet.
      }
      if (this.driver.exitCode !== null || Date.now() > deadline) {
        throw new Error(`WebKitWebDriver did not start:\n${this.console.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    if (this.driver) await stopped(this.driver);
    if (this.xvfb) await stopped(this.xvfb);
  }

  /** A new session: its own browser window of exactly `viewport` (the window is all page). */
  async open(
    viewport: Viewport,
    { javaScript = true, reducedMotion = false }: TabOptions = {},
  ): Promise<{ tab: Tab; close: () => Promise<void>; hung: () => boolean }> {
    const args = [
      ...(javaScript ? [] : ['--no-javascript']),
      ...(reducedMotion ? ['--reduced-motion'] : []),
    ];
    const capabilities = new Capabilities({
      browserName: 'landing-e2e',
      'webkitgtk:browserOptions': { binary: HOST, args },
    });
    const driver = await new Builder().usingServer(this.url).withCapabilities(capabilities).build();
    await driver.manage().window().setRect(viewport);
    const from = this.console.length;
    const pid = this.driver!.pid!;
    const watch = new Watch(() => describeHang(pid));
    return {
      tab: webDriverTab(driver, viewport, () => this.console.slice(from), watch),
      close: () => driver.quit(),
      hung: () => watch.hung(),
    };
  }
}

interface WheelActions {
  scroll(x: number, y: number, deltaX: number, deltaY: number): { perform(): Promise<void> };
}

/** WebKit's console lines: "CONSOLE [SOURCE] LEVEL message", e.g. "CONSOLE JS ERROR Error: …". */
const CONSOLE_LINE = /CONSOLE (?:(\w+) )?(ERROR|WARN|WARNING|LOG|INFO|DEBUG) (.*)$/;

/**
 * WebKit reports a fetch the page's own navigation cancelled (a Learn more clicked while the 3D
 * emblem's Draco decoder is on its way) as "Fetch API cannot load <url> due to access control
 * checks." For the site's own address that cannot be a real access-control failure: a
 * same-origin fetch has no access control to fail, and the CSP (connect-src 'self') refuses any
 * other before it is sent, with a message of its own. Seen now and then in the ru 375 px docs
 * journey (two of about twenty runs, 2026-12-06 and -07).
 */
const OWN_FETCH_CANCELLED =
  /^js Fetch API cannot load http:\/\/127\.0\.0\.1:\d+\/\S* due to access control checks\.$/;

/** The click errors that mean WebDriver dispatched no event. */
const NOT_DISPATCHED = [
  error.ElementClickInterceptedError,
  error.ElementNotInteractableError,
  error.StaleElementReferenceError,
  error.MoveTargetOutOfBoundsError,
];

function webDriverTab(
  driver: WebDriver,
  viewport: Viewport,
  lines: () => string[],
  watch: Watch,
): Tab {
  const messages = (levels: string[]) =>
    lines()
      .map((line) => CONSOLE_LINE.exec(line))
      .filter((match) => !!match && levels.includes(match[2]))
      .map((match) => `${match![1] ? `${match![1].toLowerCase()} ` : ''}${match![3]}`);
  const run = <A, R>(fn: PageFunction<A, R>, arg: A) =>
    watch.call(
      // WebDriver's Execute Script awaits a returned promise, so async functions work too.
      driver.executeScript(`return (${fn.toString()})(arguments[0]);`, arg) as Promise<R>,
      'a script',
    );
  const element = async (selector: string) => {
    await settle(selector, run);
    return driver.findElement(By.css(selector));
  };
  return {
    engine: 'webkit',
    viewport,
    async goto(url) {
      await watch.call(driver.get(url), `a navigation to ${url}`);
    },
    async reload() {
      await watch.call(driver.navigate().refresh(), 'a reload');
    },
    url: () => driver.getCurrentUrl(),
    evaluate: run,
    // Classic WebDriver has no script that runs before the page's own.
    onEachDocument: () => Promise.resolve(false),
    async click(selector) {
      // As Playwright retries an action its checks let through but the page then refused: the
      // driver dispatched nothing, so another try cannot click twice.
      const deadline = Date.now() + 5000;
      for (;;) {
        try {
          return await watch.call((await element(selector)).click(), `a click on ${selector}`);
        } catch (failure) {
          if (!NOT_DISPATCHED.some((kind) => failure instanceof kind)) throw failure;
          if (Date.now() > deadline) throw failure;
        }
      }
    },
    async hover(selector) {
      await driver
        .actions()
        .move({ origin: await element(selector) })
        .perform();
    },
    async type(selector, text) {
      // WebDriver types "\n" as a line feed character, which a textarea ignores; a visitor
      // presses Enter.
      await (await element(selector)).sendKeys(text.replaceAll('\n', Key.ENTER));
    },
    async wheel(deltaY) {
      // The wheel input source (selenium-webdriver has it; its published types lag behind).
      const actions = driver.actions() as unknown as WheelActions;
      await actions
        .scroll(Math.round(viewport.width / 2), Math.round(viewport.height / 2), 0, deltaY)
        .perform();
    },
    async screenshot(file) {
      const height = await run(() => document.scrollingElement!.scrollHeight, null);
      // Fixed parts (the header) show once, in the first window, not on every tile; a sticky
      // title shows in every tile where it sticks, as it would while scrolling.
      const restore = await run(() => window.scrollY, null);
      await stitchScreenshots(file, height, viewport.height, async (y) => {
        const scrollY = await run(
          async ({ top, hideFixed }) => {
            window.scrollTo({ top, behavior: 'instant' });
            for (const element of document.querySelectorAll<HTMLElement>('body *')) {
              if (
                hideFixed &&
                !('e2eHidden' in element.dataset) &&
                getComputedStyle(element).position === 'fixed'
              ) {
                // Opacity, not visibility: a child can make itself visible again.
                element.dataset.e2eHidden = element.style.opacity;
                element.style.opacity = '0';
              }
            }
            // The driver captures the last painted frame: wait for the scrolled one.
            for (let frame = 0; frame < 2; frame++) {
              await new Promise((resolve) => requestAnimationFrame(resolve));
            }
            return window.scrollY;
          },
          { top: y, hideFixed: y > 0 },
        );
        return { png: Buffer.from(await driver.takeScreenshot(), 'base64'), scrollY };
      });
      await run((top) => {
        for (const element of document.querySelectorAll<HTMLElement>('[data-e2e-hidden]')) {
          element.style.opacity = element.dataset.e2eHidden ?? '';
          delete element.dataset.e2eHidden;
        }
        window.scrollTo({ top, behavior: 'instant' });
      }, restore);
    },
    problems: () =>
      messages(['ERROR'])
        .filter((message) => !OWN_FETCH_CANCELLED.test(message))
        .map((message) => `console error: ${message}`),
    warnings: () => messages(['WARN', 'WARNING']),
  };
}
