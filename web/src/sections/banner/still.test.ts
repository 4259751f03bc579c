import { cameraDistance } from './scene';
import { STILLS, stillFor, stillUrl } from './still';

test('at the width a still was rendered for, it is shown as is', () => {
  for (const still of STILLS) {
    expect(stillFor(still.windowWidth)).toEqual({ still, scale: 1 });
  }
});

test('between them, the still with the nearer camera is scaled by the distances', () => {
  const [phone, desktop] = STILLS;
  expect(stillFor(320)).toEqual({ still: phone, scale: 1 });
  expect(stillFor(600).still).toBe(phone);
  expect(stillFor(1024).still).toBe(desktop);
  const wide = stillFor(1920);
  expect(wide.still).toBe(desktop);
  expect(wide.scale).toBeCloseTo(cameraDistance(1280) / cameraDistance(1920));
});

test('stills live under /assets/, named by width, key and density', () => {
  const [phone] = STILLS;
  expect(stillUrl(phone, 1)).toBe(`/assets/emblem-still-375-${__EMBLEM_STILL_KEY__}.webp`);
  expect(stillUrl(phone, 2)).toBe(`/assets/emblem-still-375-${__EMBLEM_STILL_KEY__}@2x.webp`);
  expect(__EMBLEM_STILL_KEY__).toMatch(/^[0-9a-f]{12}$/);
});
