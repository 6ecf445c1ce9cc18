import { useCallback, useRef, useState, type PointerEvent, type ReactNode } from 'react';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The offset that keeps the whole title bar on screen: `bar` is where the bar sits at offset 0.
 * Where the bar is wider (or taller) than the viewport, its start stays on screen.
 */
export function clampOffset(
  x: number,
  y: number,
  bar: Box,
  viewport: { width: number; height: number },
): { x: number; y: number } {
  const range = (start: number, size: number, room: number): [number, number] => {
    const min = 0 - start;
    const max = Math.max(min, room - start - size);
    return [min, max];
  };
  const [minX, maxX] = range(bar.left, bar.width, viewport.width);
  const [minY, maxY] = range(bar.top, bar.height, viewport.height);
  return { x: Math.min(maxX, Math.max(minX, x)), y: Math.min(maxY, Math.max(minY, y)) };
}

/**
 * Drags a modal by its title bar with pointer events (mouse, pen and touch alike). The modal is
 * moved with a transform on a wrapper, so antd's own positioning and focus handling stay intact.
 * The title bar never leaves the viewport, so the title and its buttons stay in reach.
 */
export function useDraggable(enabled = true) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const origin = useRef<{ px: number; py: number; x: number; y: number; bar: Box } | null>(null);

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      if (!enabled || e.button !== 0) return;
      // Buttons inside the title (e.g. History) must still click.
      if ((e.target as HTMLElement).closest('button, a, input, [role="button"]')) return;
      const r = e.currentTarget.getBoundingClientRect();
      // Where the bar would be without the current offset.
      const bar = { left: r.left - offset.x, top: r.top - offset.y, width: r.width, height: r.height };
      origin.current = { px: e.clientX, py: e.clientY, x: offset.x, y: offset.y, bar };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    [offset, enabled],
  );

  const onPointerMove = useCallback((e: PointerEvent<HTMLElement>) => {
    const o = origin.current;
    if (!o) return;
    setOffset(
      clampOffset(o.x + e.clientX - o.px, o.y + e.clientY - o.py, o.bar, {
        width: window.innerWidth,
        height: window.innerHeight,
      }),
    );
  }, []);

  const onPointerUp = useCallback((e: PointerEvent<HTMLElement>) => {
    origin.current = null;
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  }, []);

  const modalRender = useCallback(
    (node: ReactNode) => (
      <div className="vp-draggable" style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}>
        {node}
      </div>
    ),
    [offset],
  );

  const reset = useCallback(() => setOffset({ x: 0, y: 0 }), []);

  return {
    handleProps: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
    modalRender,
    offset,
    reset,
  };
}
