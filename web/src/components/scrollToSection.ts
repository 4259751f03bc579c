import { prefersReducedMotion } from '../lib/motion';

/**
 * Scrolls smoothly to the section with this id and records it in the URL, as the anchor link
 * would. Shared primitive: sections may use it too.
 */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
}
