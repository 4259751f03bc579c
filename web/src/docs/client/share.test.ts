// @vitest-environment jsdom
import { share, wireShare, type ShareDeps } from './share';

function deps(navigator: ShareDeps['navigator']) {
  const onShared = vi.fn();
  return {
    onShared,
    deps: {
      navigator,
      url: () => 'https://x.test/en/docs/cases/aurelia',
      title: () => 'T',
      onShared,
    },
  };
}

const clipboard = (writeText = vi.fn(() => Promise.resolve())) =>
  ({ writeText }) as unknown as Clipboard;

test('with a share sheet the page is shared and counted', async () => {
  const sheet = vi.fn(() => Promise.resolve());
  const { deps: d, onShared } = deps({ share: sheet, clipboard: clipboard() });
  expect(await share(d)).toBe('shared');
  expect(sheet).toHaveBeenCalledWith({ title: 'T', url: 'https://x.test/en/docs/cases/aurelia' });
  expect(onShared).toHaveBeenCalledTimes(1);
});

test('a share the visitor cancels is not counted and copies nothing', async () => {
  const write = vi.fn(() => Promise.resolve());
  const sheet = vi.fn(() => Promise.reject(new DOMException('no', 'AbortError')));
  const { deps: d, onShared } = deps({ share: sheet, clipboard: clipboard(write) });
  expect(await share(d)).toBe('cancelled');
  expect(onShared).not.toHaveBeenCalled();
  expect(write).not.toHaveBeenCalled();
});

test('without a share sheet, or when it is refused, the link is copied and counted', async () => {
  for (const sheet of [
    undefined,
    vi.fn(() => Promise.reject(new DOMException('no', 'NotAllowedError'))),
  ]) {
    const write = vi.fn(() => Promise.resolve());
    const { deps: d, onShared } = deps({ share: sheet, clipboard: clipboard(write) });
    expect(await share(d)).toBe('copied');
    expect(write).toHaveBeenCalledWith('https://x.test/en/docs/cases/aurelia');
    expect(onShared).toHaveBeenCalledTimes(1);
  }
});

test('when nothing works the visitor is told to copy the address, and nothing is counted', async () => {
  const write = vi.fn(() => Promise.reject(new Error('denied')));
  const { deps: d, onShared } = deps({ clipboard: clipboard(write) });
  expect(await share(d)).toBe('failed');
  expect(onShared).not.toHaveBeenCalled();
});

test('the hidden control is shown and its status says what happened', async () => {
  document.body.innerHTML =
    '<div data-share><button type="button">Share</button><span role="status" data-copied="Link copied" data-failed="Copy it" data-shared="Shared"></span></div>';
  const root = document.querySelector<HTMLElement>('[data-share]');
  const { deps: d } = deps({ clipboard: clipboard() });
  wireShare(root, d);
  expect(root?.dataset.ready).toBe('');
  root?.querySelector('button')?.click();
  await vi.waitFor(() =>
    expect(root?.querySelector('[role="status"]')?.textContent).toBe('Link copied'),
  );
});
