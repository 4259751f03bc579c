// The share button: the system's share sheet where the browser has one (phones), else the link
// copied to the clipboard. Either counts in the docs store's numberOfShares; a share the visitor
// cancelled does not.
export interface ShareDeps {
  navigator: Pick<Navigator, 'clipboard'> & { share?: Navigator['share'] };
  url: () => string;
  title: () => string;
  onShared: () => void;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export async function share(deps: ShareDeps): Promise<ShareOutcome> {
  const url = deps.url();
  if (typeof deps.navigator.share === 'function') {
    try {
      await deps.navigator.share({ title: deps.title(), url });
      deps.onShared();
      return 'shared';
    } catch (error) {
      if ((error as Error).name === 'AbortError') return 'cancelled';
      // Not allowed here (no user gesture, a policy): copying still works.
    }
  }
  try {
    await deps.navigator.clipboard.writeText(url);
    deps.onShared();
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** Shows the prerendered share control (kept unseen until now) and wires its button. */
export function wireShare(root: HTMLElement | null, deps: ShareDeps): void {
  const button = root?.querySelector('button');
  const status = root?.querySelector<HTMLElement>('[role="status"]');
  if (!root || !button || !status) return;
  root.dataset.ready = '';
  button.addEventListener('click', () => {
    void share(deps).then((outcome) => {
      if (outcome === 'cancelled') return;
      status.textContent = status.dataset[outcome] ?? '';
    });
  });
}
