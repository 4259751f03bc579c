/** Stagger between service chips fading in, per index (spec section 9). */
export const CHIP_STAGGER_MS = 30;

export { CHIP_TEXT_COLOR } from '../../lib/contrast';
