import { useEffect, useRef, useState } from 'react';
import { HIGHLIGHT_MAX_WIDTH, nearestToCentre } from './highlight';
import { useMediaQuery } from '../../components/useMediaQuery';

const NARROW = `(max-width: ${HIGHLIGHT_MAX_WIDTH}px)`;
const THRESHOLDS = [0, 0.25, 0.5, 0.75, 1];

/**
 * At 1024 px or narrower, the index of the card nearest the viewport centre (-1 otherwise).
 * The observer only says when a card's visibility changed; the choice is made from the boxes.
 */
export function useCaseHighlight(count: number) {
  const cards = useRef<(HTMLElement | null)[]>([]);
  const [active, setActive] = useState(-1);
  const narrow = useMediaQuery(NARROW);

  useEffect(() => {
    if (!narrow || !('IntersectionObserver' in window)) return;
    const pick = () => {
      const boxes = cards.current.map(
        (el) => el?.getBoundingClientRect() ?? { top: 1e9, bottom: 1e9 },
      );
      setActive(nearestToCentre(boxes, window.innerHeight));
    };
    const observer = new IntersectionObserver(pick, { threshold: THRESHOLDS });
    cards.current.forEach((el) => el && observer.observe(el));
    return () => {
      observer.disconnect();
      setActive(-1);
    };
  }, [count, narrow]);

  return { cards, active };
}
