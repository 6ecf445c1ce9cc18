import { describe, expect, it } from 'vitest';
import { clampOffset } from './use-draggable.tsx';

// The website modal's title bar at 1440×900: 1052 px wide, 170 px from the left, 100 px from the top.
const bar = { left: 194, top: 120, width: 1052, height: 32 };
const viewport = { width: 1440, height: 900 };

describe('clampOffset', () => {
  it('lets the modal move while its title bar stays on screen', () => {
    expect(clampOffset(50, -40, bar, viewport)).toEqual({ x: 50, y: -40 });
  });

  it.each([
    ['far left', -2000, 0, { x: -194, y: 0 }],
    ['far right', 2000, 0, { x: 1440 - 194 - 1052, y: 0 }],
    ['above the top', 0, -500, { x: 0, y: -120 }],
    ['below the bottom', 0, 2000, { x: 0, y: 900 - 120 - 32 }],
  ])('stops %s with the whole title bar visible', (_name, x, y, expected) => {
    const at = clampOffset(x, y, bar, viewport);
    expect(at).toEqual(expected);
    expect(bar.left + at.x).toBeGreaterThanOrEqual(0);
    expect(bar.left + at.x + bar.width).toBeLessThanOrEqual(viewport.width);
    expect(bar.top + at.y).toBeGreaterThanOrEqual(0);
    expect(bar.top + at.y + bar.height).toBeLessThanOrEqual(viewport.height);
  });

  it('keeps the start of a title bar wider than the screen in view', () => {
    const wide = { left: 0, top: 0, width: 2000, height: 32 };
    expect(clampOffset(-300, 0, wide, viewport)).toEqual({ x: 0, y: 0 });
    expect(clampOffset(300, 0, wide, viewport)).toEqual({ x: 0, y: 0 });
  });
});
