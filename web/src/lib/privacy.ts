/** The privacy signals a browser may expose; none of them is in every browser, or typed. */
interface PrivacySignals {
  globalPrivacyControl?: boolean;
  doNotTrack?: string | null;
  msDoNotTrack?: string;
}

// '1' is the standard value; old Firefox said 'yes'. '0' or 'unspecified' is no request.
const asksNotToTrack = (value: unknown) => value === '1' || value === 'yes';

/**
 * True when the visitor asked not to be tracked: no Web Vitals, and no record of where the visit
 * came from. Global Privacy Control, or Do Not Track in any of the places browsers have put it
 * (navigator, window, IE's msDoNotTrack).
 */
export function trackingRefused(nav: object = navigator, win: object = window): boolean {
  const n = nav as PrivacySignals;
  const w = win as Pick<PrivacySignals, 'doNotTrack'>;
  return (
    n.globalPrivacyControl === true ||
    asksNotToTrack(n.doNotTrack) ||
    asksNotToTrack(w.doNotTrack) ||
    asksNotToTrack(n.msDoNotTrack)
  );
}
