// Debian's full Chromium driven over the DevTools protocol through its tab target, the way that
// lets it prerender. Playwright attaches to each page target directly, and Chromium turns
// prerendering off for a page with such a session (PrerenderingDisabledByDevTools:
// devtools_instrumentation's IsPrerenderAllowed refuses when a session lacks tab-target support);
// puppeteer goes through the tab target but loses the page when a prerendered one replaces it.
// Here the tab's session auto-attaches to its pages, a prerendered one included, and a call goes
// to whichever of them is shown now. The headless shell has no tabs. Plain JavaScript with its
// types beside it (tab-target.d.mts): the prerender journeys and bench/navigation.mjs share it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import chromiumFlags from '../../scripts/chromium-flags.json' with { type: 'json' };

export class TabTarget {
  #nextId = 0;
  #pending = new Map();
  /** The page sessions the tab has. */
  #pages = new Set();
  #hovered = 'body';
  #current = '';
  #socket;
  #browser;
  #profile;
  #options;

  constructor(socket, browser, profile, options) {
    this.#socket = socket;
    this.#browser = browser;
    this.#profile = profile;
    this.#options = options;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.id !== undefined) this.#pending.get(message.id)?.(message);
      const params = message.params ?? {};
      if (message.method === 'Target.attachedToTarget') {
        if (params.targetInfo.type === 'page') this.#pages.add(params.sessionId);
        const { type, subtype } = params.targetInfo;
        void this.#prepare(params.sessionId, type === 'page', subtype === 'prerender');
      }
      if (message.method === 'Target.detachedFromTarget') this.#pages.delete(params.sessionId);
    });
  }

  /**
   * A new Chromium of its own with one tab, its window `width` by `height` (headless Chromium
   * makes it at least 500 px wide). `cpu` slows the tab's own page's CPU that many times (not a
   * prerendered page's: see #prepare); `initScript`
   * runs in each document before its own scripts, but a page it is given cannot be shown from a
   * prerender (see #prepare): for those, evaluateEverywhere.
   */
  static async launch({ width = 1280, height = 900, cpu = 1, initScript } = {}) {
    const profile = mkdtempSync(path.join(os.tmpdir(), 'tab-target-'));
    const browser = spawn(
      process.env.CHROMIUM_FULL_PATH || '/usr/bin/chromium',
      [
        '--headless',
        ...chromiumFlags,
        `--user-data-dir=${profile}`,
        '--remote-debugging-port=0',
        `--window-size=${width},${height}`,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const address = await new Promise((resolve, reject) => {
      let text = '';
      browser.stderr.on('data', (chunk) => {
        text += chunk.toString();
        const found = /DevTools listening on (ws:\S+)/.exec(text);
        if (found) resolve(found[1]);
      });
      browser.once('exit', () => reject(new Error(`Chromium ended before it listened:\n${text}`)));
    });
    const socket = new WebSocket(address);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const tab = new TabTarget(socket, browser, profile, { width, height, cpu, initScript });
    // Tabs are left out of the list unless asked for.
    const { targetInfos } = await tab.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    const target = targetInfos.find((info) => info.type === 'tab');
    if (!target) throw new Error('Chromium shows no tab target');
    const { sessionId } = await tab.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: true,
    });
    // Each page waits for #prepare before it runs anything.
    await tab.send(
      'Target.setAutoAttach',
      { autoAttach: true, waitForDebuggerOnStart: true, flatten: true },
      sessionId,
    );
    await tab.until(async () => tab.#pages.size > 0, 'the tab attached its page');
    // The page that was there before the auto-attach loads its next document prepared, too.
    await tab.goto('about:blank');
    return tab;
  }

  // A prerendered page is given nothing: Emulation.setDeviceMetricsOverride, the CPU's throttling
  // or Page.enable on its session left it unable to be shown (the click went nowhere; Chromium
  // 156). So the page's size is the window's for every page, a prerendered page runs at full
  // speed, and only an init script enables the Page domain it needs.
  async #prepare(session, page, prerender) {
    try {
      if (page && !prerender && this.#options.cpu > 1)
        await this.send('Emulation.setCPUThrottlingRate', { rate: this.#options.cpu }, session);
      if (page && this.#options.initScript) {
        await this.send('Page.enable', {}, session);
        await this.send(
          'Page.addScriptToEvaluateOnNewDocument',
          { source: this.#options.initScript },
          session,
        );
      }
    } finally {
      await this.send('Runtime.runIfWaitingForDebugger', {}, session).catch(() => {});
    }
  }

  send(method, params = {}, sessionId) {
    const id = (this.#nextId += 1);
    return new Promise((resolve, reject) => {
      this.#pending.set(id, (message) => {
        this.#pending.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
      this.#socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  /**
   * The session of the page shown now: attached, and not prerendering. Asked again until one
   * answers: a new browser's first page, or a busy machine's, may take seconds to.
   */
  async shown(timeout = 20_000) {
    const end = Date.now() + timeout;
    for (;;) {
      // The page shown last first, then the newest: a page the tab left (kept frozen in the
      // back/forward cache, its session still attached) would cost each look its 2 s.
      const newest = [...this.#pages].reverse();
      const order = this.#pages.has(this.#current)
        ? [this.#current, ...newest.filter((session) => session !== this.#current)]
        : newest;
      for (const session of order) {
        // A page kept in the back/forward cache is frozen and never answers: it is passed over.
        const value = await Promise.race([
          this.#evaluateIn(session, '!document.prerendering').catch(() => false),
          new Promise((resolve) => setTimeout(() => resolve(false), 2000)),
        ]);
        if (value === true) {
          this.#current = session;
          return session;
        }
      }
      if (Date.now() > end) throw new Error('no page of the tab is shown');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Runs `expression` in every page of the tab, a prerendered one not yet shown included (its
   * scripts run, its frames wait for it to be shown). Pages that refuse are skipped.
   */
  async evaluateEverywhere(expression) {
    for (const session of this.#pages) {
      await Promise.race([
        this.#evaluateIn(session, expression).catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]);
    }
  }

  /** `expression`'s value (awaited) in the page shown now. */
  async evaluate(expression) {
    return this.#evaluateIn(await this.shown(), expression);
  }

  async #evaluateIn(session, expression) {
    const { result, exceptionDetails } = await this.send(
      'Runtime.evaluate',
      { expression, returnByValue: true, awaitPromise: true },
      session,
    );
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
    return result.value;
  }

  /** Opens `url` in the tab and waits until it has loaded. */
  async goto(url) {
    await this.send('Page.navigate', { url }, await this.shown());
    await this.until(
      async () =>
        (await this.evaluate('location.href')) === url &&
        (await this.evaluate('document.readyState')) === 'complete',
      `${url} loaded`,
    );
  }

  /** Moves the mouse onto the element `selector` names, first scrolled to the middle. */
  async hover(selector) {
    this.#hovered = selector;
    await this.#pointAt(selector, true);
  }

  /**
   * A click on what the mouse rests on, where it is now: a page still loading (its fonts and
   * pictures, at 4x CPU) may have moved it since the hover.
   */
  async click() {
    const { x, y } = await this.#pointAt(this.#hovered, false);
    const session = await this.shown();
    for (const type of ['mousePressed', 'mouseReleased']) {
      await this.send(
        'Input.dispatchMouseEvent',
        { type, x, y, button: 'left', clickCount: 1 },
        session,
      );
    }
  }

  async #pointAt(selector, scroll) {
    const { x, y } = await this.evaluate(`(() => {
      const element = document.querySelector(${JSON.stringify(selector)});
      if (${scroll}) element.scrollIntoView({ block: 'center', behavior: 'instant' });
      const box = element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    })()`);
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y }, await this.shown());
    return { x, y };
  }

  /** Waits until `check` answers true (an error counts as not yet), for at most `timeout` ms. */
  async until(check, what, timeout = 15_000) {
    const end = Date.now() + timeout;
    while (!(await check().catch(() => false))) {
      if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close() {
    // Closed as a visitor closes it: its helper processes are done with the profile when it
    // ends, where a kill left them writing there while it was removed.
    const ended = new Promise((resolve) => this.#browser.once('exit', resolve));
    if (this.#browser.exitCode === null) {
      await this.send('Browser.close').catch(() => this.#browser.kill());
      await ended;
    }
    this.#socket.close();
    rmSync(this.#profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
