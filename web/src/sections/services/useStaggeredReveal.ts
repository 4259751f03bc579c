import { useEffect, useRef, useState, type RefObject } from 'react';
import { prefersReducedMotion } from '../../lib/motion';

/**
 * How many of `count` items are shown. Before hydration (and without IntersectionObserver or
 * with reduced motion) all are, so the HTML never hides content; otherwise they are hidden once
 * mounted and revealed one per `staggerMs` after the list enters the viewport.
 */
export function useStaggeredReveal(
  count: number,
  staggerMs: number,
): { ref: RefObject<HTMLUListElement | null>; shown: number; armed: boolean } {
  const ref = useRef<HTMLUListElement | null>(null);
  const [armed, setArmed] = useState(false);
  const [shown, setShown] = useState(count);

  useEffect(() => {
    const list = ref.current;
    if (!list || !('IntersectionObserver' in window) || prefersReducedMotion()) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    setArmed(true);
    setShown(0);
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      setShown(1);
      for (let i = 1; i < count; i++) {
        timers.push(setTimeout(() => setShown((n) => Math.max(n, i + 1)), i * staggerMs));
      }
    });
    observer.observe(list);
    return () => {
      observer.disconnect();
      timers.forEach(clearTimeout);
    };
  }, [count, staggerMs]);

  return { ref, shown, armed };
}
