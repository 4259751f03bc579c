import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches. The server (and the hydrating first render) always sees
 * `false`, so prerendered HTML and the first client render agree; the real value follows at once.
 * Shared primitive: sections may use it too.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () =>
    typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
