/** Slogan typing loop timings, named as in the spec (section 9). */
export const TYPE_MS = 60;
export const DELETE_MS = 70;
export const HOLD_MS = 2000;
export const PAUSE_MS = 500;

/** Where the loop stands: which phrase, how many of its characters show, and what happens next. */
export interface TypingState {
  phrase: number;
  length: number;
  mode: 'typing' | 'holding' | 'deleting' | 'pausing';
}

/** The first phrase shown whole: what the server renders and what reduced motion keeps. */
export function initialTypingState(phrases: readonly string[]): TypingState {
  return { phrase: 0, length: charCount(phrases[0] ?? ''), mode: 'holding' };
}

/** Characters as the reader sees them, so an emoji is never cut in half. */
export function charCount(text: string): number {
  return Array.from(text).length;
}

export function visibleText(phrases: readonly string[], state: TypingState): string {
  return Array.from(phrases[state.phrase] ?? '')
    .slice(0, state.length)
    .join('');
}

/** One step of the loop and how long to wait before taking it. */
export function nextTyping(
  phrases: readonly string[],
  state: TypingState,
): { state: TypingState; delay: number } {
  const full = charCount(phrases[state.phrase] ?? '');
  switch (state.mode) {
    case 'typing':
      if (state.length < full) {
        return { state: { ...state, length: state.length + 1 }, delay: TYPE_MS };
      }
      return { state: { ...state, mode: 'holding' }, delay: 0 };
    case 'holding':
      return { state: { ...state, mode: 'deleting' }, delay: HOLD_MS };
    case 'deleting':
      if (state.length > 0) {
        return { state: { ...state, length: state.length - 1 }, delay: DELETE_MS };
      }
      return { state: { ...state, mode: 'pausing' }, delay: 0 };
    case 'pausing':
      return {
        state: {
          phrase: (state.phrase + 1) % Math.max(phrases.length, 1),
          length: 0,
          mode: 'typing',
        },
        delay: PAUSE_MS,
      };
  }
}
