/** The success popup after a sent lead: fades in for 0.5 s, gone at 2.5 s (spec section 9). */
export const POPUP_FADE_MS = 500;
export const POPUP_HIDE_MS = 2500;
