import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution';
import { measure } from './measure';
import { hidePage, resetPage } from './testing';

vi.mock('web-vitals/attribution', () => ({
  onCLS: vi.fn(),
  onFCP: vi.fn(),
  onINP: vi.fn(),
  onLCP: vi.fn(),
  onTTFB: vi.fn(),
}));

afterEach(() => {
  resetPage();
  vi.unstubAllGlobals();
});

test("registers web-vitals' five metrics and beacons them in the page's locale and size", () => {
  const sendBeacon = vi.fn(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  vi.stubGlobal('innerWidth', 1440);
  measure(() => 'ru');

  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) {
    expect(on).toHaveBeenCalledWith(expect.any(Function), { reportAllChanges: true });
  }
  const reportLCP = vi.mocked(onLCP).mock.calls[0]?.[0];
  reportLCP?.({ name: 'LCP', value: 900, navigationType: 'navigate' } as never);
  hidePage();

  expect(sendBeacon).toHaveBeenCalledOnce();
  const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
  expect(url).toBe('/api/vitals');
  expect(JSON.parse(body)).toMatchObject({ locale: 'ru', device: 'desktop', route: '/:locale' });
});
