import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { chromiumFlags } from '../engines/chromium';

/**
 * Debian's full Chromium driven over the DevTools protocol through its tab target, the way that
 * lets it prerender. Playwright attaches to each page target directly, and Chromium turns
 * prerendering off for a page with such a session (PrerenderingDisabledByDevTools:
 * devtools_instrumentation's IsPrerenderAllowed refuses when a session lacks tab-target support);
 * puppeteer goes through the tab target but loses the page when a prerendered one replaces it.
 * Here the tab's session auto-attaches to its pages, a prerendered one included, and a call goes
 * to whichever of them is shown now. The headless shell has no tabs.
 */
export class TabTarget {
  private nextId = 0;
  private readonly pending = new Map<number, (message: Message) => void>();
  /** The page sessions the tab has, by session id. */
  private readonly pages = new Set<string>();

  private constructor(
    private readonly socket: WebSocket,
    private readonly browser: ChildProcess,
    private readonly profile: string,
  ) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      if (message.id !== undefined) this.pending.get(message.id)?.(message);
      if (
        message.method === 'Target.attachedToTarget' &&
        message.params?.targetInfo?.type === 'page'
      )
        this.pages.add(message.params.sessionId!);
      if (message.method === 'Target.detachedFromTarget')
        this.pages.delete(message.params!.sessionId!);
    });
  }

  static async launch(width = 1280, height = 900): Promise<TabTarget> {
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
    const address = await new Promise<string>((resolve, reject) => {
      let text = '';
      browser.stderr!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const found = /DevTools listening on (ws:\S+)/.exec(text);
        if (found) resolve(found[1]!);
      });
      browser.once('exit', () => reject(new Error(`Chromium ended before it listened:\n${text}`)));
    });
    const socket = new WebSocket(address);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const tab = new TabTarget(socket, browser, profile);
    const {
      targetInfos,
    } = // Tabs are left out of the list unless asked for.
      (await tab.send('Target.getTargets', { filter: [{ type: 'tab' }] })) as {
        targetInfos: { targetId: string; type: string }[];
      };
    const target = targetInfos.find((info) => info.type === 'tab');
    if (!target) throw new Error('Chromium shows no tab target');
    const { sessionId } = (await tab.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: true,
    })) as { sessionId: string };
    await tab.send(
      'Target.setAutoAttach',
      { autoAttach: true, waitForDebuggerOnStart: false, flatten: true },
      sessionId,
    );
    await tab.until(async () => tab.pages.size > 0, 'the tab attached its page');
    return tab;
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) => {
        this.pending.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
      this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  /** The session of the page shown now: attached, and not prerendering. */
  async shown(): Promise<string> {
    for (const session of this.pages) {
      const value = await this.evaluateIn(session, '!document.prerendering').catch(() => false);
      if (value === true) return session;
    }
    throw new Error('no page of the tab is shown');
  }

  /** `expression`'s value (awaited) in the page shown now. */
  async evaluate<T>(expression: string): Promise<T> {
    return (await this.evaluateIn(await this.shown(), expression)) as T;
  }

  private async evaluateIn(session: string, expression: string): Promise<unknown> {
    const { result, exceptionDetails } = (await this.send(
      'Runtime.evaluate',
      { expression, returnByValue: true, awaitPromise: true },
      session,
    )) as { result: { value: unknown }; exceptionDetails?: { text: string } };
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
    return result.value;
  }

  /** Opens `url` in the tab and waits until it has loaded. */
  async goto(url: string): Promise<void> {
    await this.send('Page.navigate', { url }, await this.shown());
    await this.until(
      async () =>
        (await this.evaluate<string>('location.href').catch(() => '')) === url &&
        (await this.evaluate<string>('document.readyState').catch(() => '')) === 'complete',
      `${url} loaded`,
    );
  }

  /** Moves the mouse onto the element `selector` names, first scrolled to the middle. */
  async hover(selector: string): Promise<void> {
    const { x, y } = await this.evaluate<{ x: number; y: number }>(`(() => {
      const element = document.querySelector(${JSON.stringify(selector)});
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      const box = element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    })()`);
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y }, await this.shown());
    this.at = { x, y };
  }

  /** A click where the mouse is. */
  async click(): Promise<void> {
    const session = await this.shown();
    for (const type of ['mousePressed', 'mouseReleased'])
      await this.send(
        'Input.dispatchMouseEvent',
        { type, ...this.at, button: 'left', clickCount: 1 },
        session,
      );
  }

  private at = { x: 0, y: 0 };

  /** Waits until `check` answers true, for at most `timeout` ms. */
  async until(check: () => Promise<boolean>, what: string, timeout = 15_000): Promise<void> {
    const end = Date.now() + timeout;
    while (!(await check().catch(() => false))) {
      if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close(): Promise<void> {
    // Closed as a visitor closes it: its helper processes are done with the profile when it ends,
    // where a kill left them writing there while it was removed.
    const ended = new Promise((resolve) => this.browser.once('exit', resolve));
    if (this.browser.exitCode === null) {
      await this.send('Browser.close').catch(() => this.browser.kill());
      await ended;
    }
    this.socket.close();
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

interface Message {
  id?: number;
  method?: string;
  params?: { sessionId?: string; targetInfo?: { type: string } };
  result?: unknown;
  error?: { message: string };
}
