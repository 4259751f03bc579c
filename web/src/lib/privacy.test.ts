import { trackingRefused } from './privacy';

test('a browser with no privacy signal may be tracked', () => {
  expect(trackingRefused({}, {})).toBe(false);
  expect(trackingRefused({ globalPrivacyControl: false, doNotTrack: '0' }, {})).toBe(false);
  expect(trackingRefused({ doNotTrack: 'unspecified' }, { doNotTrack: null })).toBe(false);
});

test('Global Privacy Control refuses tracking', () => {
  expect(trackingRefused({ globalPrivacyControl: true }, {})).toBe(true);
});

test('Do Not Track refuses tracking wherever the browser puts it', () => {
  expect(trackingRefused({ doNotTrack: '1' }, {})).toBe(true);
  expect(trackingRefused({ doNotTrack: 'yes' }, {})).toBe(true);
  expect(trackingRefused({}, { doNotTrack: '1' })).toBe(true);
  expect(trackingRefused({ msDoNotTrack: '1' }, {})).toBe(true);
});
