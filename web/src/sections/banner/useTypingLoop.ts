import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../lib/motion';
import { initialTypingState, nextTyping, visibleText, type TypingState } from './typing';

/**
 * The visible part of the rotating slogan. It starts with the first phrase whole (as the server
 * renders it), holds, deletes, pauses and types the next, forever; reduced motion keeps it still.
 */
export function useTypingLoop(phrases: readonly string[]): string {
  const key = phrases.join('\n');
  const [state, setState] = useState<{ key: string; typing: TypingState }>(() => ({
    key,
    typing: initialTypingState(phrases),
  }));
  // A language switch brings new phrases: start again from the first one, whole.
  const current = state.key === key ? state.typing : initialTypingState(phrases);

  useEffect(() => {
    if (phrases.length === 0 || prefersReducedMotion()) return;
    let typing = initialTypingState(phrases);
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      let step = nextTyping(phrases, typing);
      // Mode changes that show nothing new happen at once, so each wait is one spec timing.
      while (step.delay === 0) {
        typing = step.state;
        step = nextTyping(phrases, typing);
      }
      timer = setTimeout(() => {
        typing = step.state;
        setState({ key, typing });
        schedule();
      }, step.delay);
    };
    schedule();
    return () => clearTimeout(timer);
    // The phrases are identified by their text (`key`), not by array identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return visibleText(phrases, current);
}
