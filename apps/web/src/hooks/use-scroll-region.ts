import { useEffect, useRef } from 'react';

/**
 * A wide table scrolls sideways inside its card. While it does, its scrolling box is a named
 * region in the tab order, so the keyboard can reach and scroll it (and a screen reader says what
 * it holds); a table that fits adds no stop.
 */
export function useScrollRegion<T extends HTMLElement>(label: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const box = ref.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!box) return;
    const update = () => {
      if (box.scrollWidth > box.clientWidth + 1) {
        box.tabIndex = 0;
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', label);
      } else {
        box.removeAttribute('tabindex');
        box.removeAttribute('role');
        box.removeAttribute('aria-label');
      }
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  });
  return ref;
}
