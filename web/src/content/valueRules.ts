import { AA_CONTRAST, CHIP_TEXT_COLOR, contrastRatio } from '../lib/contrast';
import { isRecord, valueAt, type Leaf, type Path } from './leaves';

/** Each case id is a slug, and no two cases share one. */
export function uniqueCaseIds(data: unknown, report: (at: Path, reason: string) => void): void {
  const items = valueAt(data, ['cases', 'items']);
  if (!Array.isArray(items)) return;
  const seen = new Map<unknown, number>();
  items.forEach((item, index) => {
    const id = isRecord(item) ? item.id : undefined;
    if (typeof id !== 'string') return;
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) {
      report(['cases', 'items', index, 'id'], 'lower-case latin letters, digits and -');
    }
    const first = seen.get(id);
    if (first !== undefined) {
      report(['cases', 'items', index, 'id'], `"${id}" is already the id of cases.items[${first}]`);
    } else seen.set(id, index);
  });
}

/** A chip colour must keep the chip's dark text readable (WCAG AA). */
export function checkColours(leaves: Leaf[], report: (at: Path, reason: string) => void): void {
  for (const leaf of leaves) {
    if (!leaf.node.colour || typeof leaf.value !== 'string') continue;
    if (!/^#[0-9a-f]{6}$/i.test(leaf.value)) continue;
    const ratio = contrastRatio(leaf.value, CHIP_TEXT_COLOR);
    if (ratio < AA_CONTRAST) {
      report(
        leaf.path,
        `contrast ${ratio.toFixed(1)}:1 under the chip's text ${CHIP_TEXT_COLOR}; it needs ${AA_CONTRAST}:1 (pick a lighter colour)`,
      );
    }
  }
}
