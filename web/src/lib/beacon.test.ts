import funnel from '../../../contract/funnel-beacon.json';
import vitals from '../../../contract/vitals-beacon.json';
import { BEACON_CONTENT_TYPE, postBeacon } from './beacon';

const URL = '/api/funnel';
const BODY = '{"v":1}';

function browser(sendBeaconImpl?: (url: string, body: string) => boolean) {
  const nav = (sendBeaconImpl ? { sendBeacon: vi.fn(sendBeaconImpl) } : {}) as unknown as Navigator;
  const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
  return { nav, fetchImpl };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("sends as both beacon contracts' content type", () => {
  expect(funnel.contentType).toBe(BEACON_CONTENT_TYPE);
  expect(vitals.contentType).toBe(BEACON_CONTENT_TYPE);
});

test('answers true when sendBeacon queued the body, at the URL it was given', () => {
  const { nav, fetchImpl } = browser(() => true);
  expect(postBeacon(URL, BODY, { nav, fetchImpl })).toBe(true);
  expect(nav.sendBeacon).toHaveBeenCalledExactlyOnceWith(URL, BODY);
  expect(fetchImpl).not.toHaveBeenCalled();
});

test('answers true when sendBeacon refused and a keepalive fetch without cookies took it', () => {
  const { nav, fetchImpl } = browser(() => false);
  expect(postBeacon(URL, BODY, { nav, fetchImpl })).toBe(true);
  expect(fetchImpl).toHaveBeenCalledExactlyOnceWith(URL, {
    method: 'POST',
    body: BODY,
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': BEACON_CONTENT_TYPE },
  });
});

test('answers false when neither could take it', () => {
  const { nav } = browser(() => false);
  const noFetch = vi.fn<typeof fetch>(() => {
    throw new TypeError('fetch is not a function');
  });
  expect(postBeacon(URL, BODY, { nav, fetchImpl: noFetch })).toBe(false);
});

test('tells `lost` when the fetch fails later, quietly, and not when it arrives', async () => {
  const lost = vi.fn();
  const rejecting = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
  postBeacon(URL, BODY, { nav: {} as Navigator, fetchImpl: rejecting, lost });
  const { fetchImpl } = browser();
  const arrived = vi.fn();
  postBeacon(URL, BODY, { nav: {} as Navigator, fetchImpl, lost: arrived });
  await settle();
  expect(lost).toHaveBeenCalledOnce();
  expect(arrived).not.toHaveBeenCalled();
});
