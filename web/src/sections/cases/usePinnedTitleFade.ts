import { useEffect, useRef, type RefObject } from 'react';
import { HIGHLIGHT_MAX_WIDTH, pinnedTitleOpacity } from './highlight';
import { useMediaQuery } from '../../components/useMediaQuery';

const WIDE = `(min-width: ${HIGHLIGHT_MAX_WIDTH + 1}px)`;

/**
 * On wide screens the cases title is sticky; this fades it out as the end of the card list
 * scrolls up to it. Writes the opacity straight to the element: no re-render per scroll frame.
 */
export function usePinnedTitleFade(list: RefObject<HTMLElement | null>) {
  const title = useRef<HTMLDivElement>(null);
  const wide = useMediaQuery(WIDE);

  useEffect(() => {
    const el = title.current;
    if (!wide) {
      // Back to a narrow layout: the title is no longer pinned, so it must not stay faded.
      if (el) el.style.opacity = '';
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      const el = title.current;
      const end = list.current;
      if (!el || !end) return;
      const box = el.getBoundingClientRect();
      el.style.opacity = String(
        pinnedTitleOpacity(end.getBoundingClientRect().bottom, box.bottom, box.height),
      );
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [list, wide]);

  return title;
}
