import { fireEvent, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMedia, TOUCH } from '../testing/media.ts';
import { HoverHint } from './hover-hint.tsx';

const media = (touch: boolean) => stubMedia(touch ? TOUCH : () => false);

afterEach(() => vi.restoreAllMocks());

describe('hover hints', () => {
  it('show on hover where a pointer hovers', async () => {
    media(false);
    render(
      <HoverHint title="Settings">
        <Button aria-label="Settings">S</Button>
      </HoverHint>,
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Settings' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Settings');
  });

  it('are left out on a touch screen, where a tap would leave one standing', async () => {
    media(true);
    render(
      <HoverHint title="Settings">
        <Button aria-label="Settings">S</Button>
      </HoverHint>,
    );
    const button = screen.getByRole('button', { name: 'Settings' });
    fireEvent.mouseEnter(button);
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 150));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
