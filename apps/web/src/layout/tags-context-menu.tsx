import { useEffect, useRef, type KeyboardEvent } from 'react';

export interface ContextMenuItem {
  key: string;
  label: string;
  disabled?: boolean;
}

interface Props {
  x: number;
  y: number;
  items: readonly ContextMenuItem[];
  onSelect: (key: string) => void;
  onClose: () => void;
}

/**
 * The tab bar's right-click menu. A small menu of its own rather than antd's Dropdown: it opens at
 * the pointer, has no enter/leave animation, and only one exists at a time, so what is on screen is
 * exactly the menu for the tab that was clicked.
 */
export function TagsContextMenu({ x, y, items, onSelect, onClose }: Props) {
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    const away = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('mousedown', away, true);
    window.addEventListener('resize', onClose);
    window.addEventListener('scroll', onClose, true);
    return () => {
      document.removeEventListener('mousedown', away, true);
      window.removeEventListener('resize', onClose);
      window.removeEventListener('scroll', onClose, true);
    };
  }, [onClose]);

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      buttons[(i + 1) % buttons.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      buttons[(i - 1 + buttons.length) % buttons.length]?.focus();
    }
  }

  return (
    <ul
      ref={ref}
      role="menu"
      aria-label="Tab actions"
      className="vp-context-menu"
      data-testid="tags-context-menu"
      style={{ left: x, top: y }}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <li key={item.key} role="none">
          <button type="button" role="menuitem" disabled={item.disabled} onClick={() => onSelect(item.key)}>
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
