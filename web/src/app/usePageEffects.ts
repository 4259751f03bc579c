import { useEffect } from 'react';
import { SCROLL_ACTIVE_MS } from '../lib/constants';

export const SCROLLBAR_ACTIVE_CLASS = 'scrollbar-active';
export const TOUCH_ACTIVE_CLASS = 'is-touch-active';
// Every control, sections' own buttons and button-like links included.
const TOUCH_TARGETS = 'button, a[href], [role="button"]';

/** Marks the scrollbar active while the page scrolls, until 700 ms after the last scroll. */
export function useScrollbarActivity(): void {
  useEffect(() => {
    const root = document.documentElement;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      root.classList.add(SCROLLBAR_ACTIVE_CLASS);
      clearTimeout(timer);
      timer = setTimeout(() => root.classList.remove(SCROLLBAR_ACTIVE_CLASS), SCROLL_ACTIVE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
      root.classList.remove(SCROLLBAR_ACTIVE_CLASS);
    };
  }, []);
}

/** Gives buttons an active state from touchstart to touchend (touch has no :hover feedback). */
export function useTouchActive(): void {
  useEffect(() => {
    let pressed: Element | null = null;
    const onStart = (event: TouchEvent) => {
      pressed = event.target instanceof Element ? event.target.closest(TOUCH_TARGETS) : null;
      pressed?.classList.add(TOUCH_ACTIVE_CLASS);
    };
    const onEnd = () => {
      pressed?.classList.remove(TOUCH_ACTIVE_CLASS);
      pressed = null;
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    document.addEventListener('touchcancel', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onEnd);
    };
  }, []);
}
