import { useCallback, useRef, useState, type PointerEvent, type ReactNode } from 'react';

/**
 * Drags a modal by its title bar with pointer events (mouse, pen and touch alike). The modal is
 * moved with a transform on a wrapper, so antd's own positioning and focus handling stay intact.
 */
export function useDraggable() {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const origin = useRef<{ px: number; py: number; x: number; y: number } | null>(null);

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      // Buttons inside the title (e.g. History) must still click.
      if ((e.target as HTMLElement).closest('button, a, input, [role="button"]')) return;
      origin.current = { px: e.clientX, py: e.clientY, x: offset.x, y: offset.y };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    [offset],
  );

  const onPointerMove = useCallback((e: PointerEvent<HTMLElement>) => {
    const o = origin.current;
    if (!o) return;
    const maxX = window.innerWidth / 2;
    // The title bar must stay reachable: never above the viewport, never below its bottom edge.
    const minY = -80;
    const maxY = Math.max(0, window.innerHeight - 160);
    setOffset({
      x: Math.min(maxX, Math.max(-maxX, o.x + e.clientX - o.px)),
      y: Math.min(maxY, Math.max(minY, o.y + e.clientY - o.py)),
    });
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
