import '@testing-library/jest-dom/vitest';
import { INTRO_SEEN_CLASS } from '../lib/introOnce';

// The Preloader marks <html> as it leaves (lib/introOnce.ts), and <html> outlives each test in
// its file: the next test's Preloader would otherwise take its intro for a later landing's.
afterEach(() => {
  if (typeof document !== 'undefined') document.documentElement.classList.remove(INTRO_SEEN_CLASS);
});
