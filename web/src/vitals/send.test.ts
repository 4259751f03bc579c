import { contentType, endpoint } from '../../../contract/vitals-beacon.json';
import { sendBeacon } from './send';

const BODY = '{"v":1}';

function browser(sendBeaconImpl?: (url: string, body: string) => boolean) {
  const nav = (sendBeaconImpl ? { sendBeacon: vi.fn(sendBeaconImpl) } : {}) as unknown as Navigator;
  const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
  return { nav, fetchImpl };
}

const keepaliveFetch = [
  endpoint,
  {
    method: 'POST',
    body: BODY,
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': contentType },
  },
];

test('queues the body as a string with sendBeacon, to our own endpoint', () => {
  const { nav, fetchImpl } = browser(() => true);
  sendBeacon(BODY, nav, fetchImpl);
  expect(nav.sendBeacon).toHaveBeenCalledExactlyOnceWith('/api/vitals', BODY);
  expect(fetchImpl).not.toHaveBeenCalled();
});

test('falls back to a keepalive fetch of the same text when sendBeacon refuses the body', () => {
  const { nav, fetchImpl } = browser(() => false);
  sendBeacon(BODY, nav, fetchImpl);
  expect(fetchImpl).toHaveBeenCalledExactlyOnceWith(...keepaliveFetch);
  expect(contentType).toBe('text/plain;charset=UTF-8');
});

test('falls back to fetch where sendBeacon is missing or throws', () => {
  const missing = browser();
  sendBeacon(BODY, missing.nav, missing.fetchImpl);
  expect(missing.fetchImpl).toHaveBeenCalledExactlyOnceWith(...keepaliveFetch);

  const throwing = browser(() => {
    throw new TypeError('Illegal invocation');
  });
  sendBeacon(BODY, throwing.nav, throwing.fetchImpl);
  expect(throwing.fetchImpl).toHaveBeenCalledExactlyOnceWith(...keepaliveFetch);
});

test('a failed fetch is dropped quietly', async () => {
  const unhandled = vi.fn();
  process.on('unhandledRejection', unhandled);
  const error = vi.spyOn(console, 'error');
  const rejecting = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
  sendBeacon(BODY, {} as Navigator, rejecting);
  await new Promise((resolve) => setTimeout(resolve, 0));
  process.off('unhandledRejection', unhandled);
  expect(unhandled).not.toHaveBeenCalled();
  expect(error).not.toHaveBeenCalled();
  error.mockRestore();
});
