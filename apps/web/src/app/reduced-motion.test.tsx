import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider, themeConfig } from './providers.tsx';

/** A browser whose reduced-motion preference can be changed while the app runs. */
function stubMotionPreference(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && state.reduce;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return {
    set(next: boolean) {
      state.reduce = next;
      for (const l of listeners) l();
    },
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

afterEach(() => vi.unstubAllGlobals());

describe('reduced motion', () => {
  it('turns antd’s motion off only when asked to, keeping the theme’s colours', () => {
    expect(themeConfig(null, 'light').token!.motion).toBeUndefined();
    const still = themeConfig('Bright Yellow', 'dark', false).token!;
    expect(still.motion).toBe(false);
    expect(still.colorPrimary).toBe(themeConfig('Bright Yellow', 'dark').token!.colorPrimary);
  });

  it('follows the system preference as it changes', () => {
    const preference = stubMotionPreference(true);
    render(
      <ThemeProvider>
        <MotionProbe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => preference.set(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
