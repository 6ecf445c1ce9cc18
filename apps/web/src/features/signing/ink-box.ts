import type { PointGroup } from 'signature_pad';

/** Room kept around the strokes when the drawing is cut out of the pad (CSS px): a pen's width. */
const INK_MARGIN = 4;

export interface InkBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the strokes are on the pad (CSS px), with a margin, within the pad's size: the signature
 * is sent as that part alone, so on the sealed PDF it fills its line instead of sitting small in
 * the empty pad around it. Null when nothing is drawn.
 */
export function inkBox(strokes: readonly PointGroup[], padWidth: number, padHeight: number): InkBox | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const stroke of strokes)
    for (const p of stroke.points) {
      left = Math.min(left, p.x);
      top = Math.min(top, p.y);
      right = Math.max(right, p.x);
      bottom = Math.max(bottom, p.y);
    }
  if (left === Infinity) return null;
  const x = Math.max(0, Math.floor(left - INK_MARGIN));
  const y = Math.max(0, Math.floor(top - INK_MARGIN));
  return {
    x,
    y,
    width: Math.min(padWidth, Math.ceil(right + INK_MARGIN)) - x,
    height: Math.min(padHeight, Math.ceil(bottom + INK_MARGIN)) - y,
  };
}
