import type { PointGroup } from 'signature_pad';
import { describe, expect, it } from 'vitest';
import { inkBox } from './ink-box.ts';

const stroke = (...points: [number, number][]): PointGroup =>
  ({
    dotSize: 0,
    minWidth: 0.8,
    maxWidth: 2.6,
    penColor: '#0b1f44',
    velocityFilterWeight: 0.7,
    compositeOperation: 'source-over',
    points: points.map(([x, y]) => ({ x, y, pressure: 0.5, time: 0 })),
  }) as PointGroup;

describe('the part of the pad a signature is cut from', () => {
  it('is the strokes with a pen-wide margin, so the sealed PDF draws the signature, not the empty pad', () => {
    expect(inkBox([stroke([100, 50], [180, 70]), stroke([120, 40])], 600, 160)).toEqual({
      x: 96,
      y: 36,
      width: 88,
      height: 38,
    });
  });

  it('stays within the pad at its edges, and is nothing when nothing is drawn', () => {
    expect(inkBox([stroke([1, 2], [599, 159])], 600, 160)).toEqual({ x: 0, y: 0, width: 600, height: 160 });
    expect(inkBox([], 600, 160)).toBeNull();
  });
});
