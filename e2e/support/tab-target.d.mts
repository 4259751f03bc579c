// The types of tab-target.mjs, which says what it is for.
export interface TabTargetOptions {
  width?: number;
  height?: number;
  /** How many times slower each page's CPU runs. */
  cpu?: number;
  /** Runs in every document before its own scripts; a page given one cannot be shown from its prerender. */
  initScript?: string;
}

export class TabTarget {
  static launch(options?: TabTargetOptions): Promise<TabTarget>;
  send(method: string, params?: object, sessionId?: string): Promise<any>;
  shown(timeout?: number): Promise<string>;
  evaluate<T = unknown>(expression: string): Promise<T>;
  evaluateEverywhere(expression: string): Promise<void>;
  goto(url: string): Promise<void>;
  hover(selector: string): Promise<void>;
  click(): Promise<void>;
  until(check: () => Promise<boolean>, what: string, timeout?: number): Promise<void>;
  close(): Promise<void>;
}
