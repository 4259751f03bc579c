// The moments the page notes a step at: an element first seen, a first focus inside one.
import { trackingRefused } from '../lib/privacy';
import { noteStep, type PageStep, type StepOptions } from './steps';

const nothing = () => {};

/**
 * Notes `step` once `element` first enters the viewport, then stops watching. Without
 * IntersectionObserver (Safari before 12.1) the step is not noted. Returns the stop.
 */
export function noteWhenSeen(
  element: Element,
  step: PageStep,
  options: StepOptions = {},
): () => void {
  if ((options.refused ?? trackingRefused)() || !('IntersectionObserver' in window)) return nothing;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    noteStep(step, options);
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Notes `step` on the first focus inside `element`, itself or a field in it. Returns the stop. */
export function noteOnFirstFocus(
  element: Element,
  step: PageStep,
  options: StepOptions = {},
): () => void {
  if ((options.refused ?? trackingRefused)()) return nothing;
  const note = () => noteStep(step, options);
  element.addEventListener('focusin', note, { once: true });
  return () => element.removeEventListener('focusin', note);
}
