import { expect, test } from '../fixtures/engines';

// The drivers' pointer actions themselves, in every engine: a journey's click must land on what
// it names, however the page moves it and whatever lies over it for a while.

/** A button that slides in from beyond the right edge, with a veil over where it ends up. */
function slidingButtonUnderAVeil({ slideMs, veilMs }: { slideMs: number; veilMs: number }) {
  document.body.replaceChildren();
  const button = document.createElement('button');
  button.id = 'sliding';
  button.textContent = 'Slides in';
  Object.assign(button.style, {
    position: 'fixed',
    top: '100px',
    left: '20px',
    width: '200px',
    height: '60px',
    boxSizing: 'border-box',
    padding: '0',
    transform: 'translateX(100vw)',
  });
  button.addEventListener('click', (event) => {
    button.dataset.clickedAt = `${event.clientX},${event.clientY}`;
  });
  document.body.append(button);
  button.getBoundingClientRect();
  // steps(1, end): the box stays where it started until the transition ends, as a sliding menu
  // does on a machine too busy to paint a frame; the transition is running all the same.
  button.style.transition = `transform ${slideMs}ms steps(1, end)`;
  button.style.transform = 'none';
  if (veilMs === 0) return;
  const veil = document.createElement('div');
  Object.assign(veil.style, {
    position: 'fixed',
    inset: '0',
    zIndex: '1',
    background: 'rgb(0 0 0 / 0.2)',
  });
  veil.addEventListener('click', () => (button.dataset.veilClicked = 'yes'));
  document.body.append(veil);
  setTimeout(() => veil.remove(), veilMs);
}

test.describe('a pointer action', () => {
  test.use({ tabViewport: { width: 800, height: 600 } });

  for (const { what, slideMs, veilMs } of [
    { what: 'its target has slid in', slideMs: 1500, veilMs: 0 },
    { what: 'nothing lies over its target', slideMs: 0, veilMs: 1500 },
  ]) {
    test(`waits until ${what}`, async ({ tab }) => {
      await tab.goto('about:blank');
      await tab.evaluate(slidingButtonUnderAVeil, { slideMs, veilMs });
      await tab.click('#sliding');
      const clicked = await tab.evaluate(() => {
        const { clickedAt, veilClicked } = document.getElementById('sliding')!.dataset;
        // Plain values: WebDriver hands undefined back as null.
        return { clickedAt: clickedAt ?? 'nowhere', veilClicked: veilClicked === 'yes' };
      }, null);
      // The button's middle where it ends up: (20 + 100, 100 + 30).
      expect(clicked).toEqual({ clickedAt: '120,130', veilClicked: false });
    });
  }
});
