import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from './providers.tsx';

/**
 * A button's name while it works and after: the spinner is gone as soon as the work ends, even where
 * no CSS transition ever ends (as here, in a document with no layout).
 */
describe('a button that was loading', () => {
  it('is named by its text alone once loading ends', () => {
    const view = (loading: boolean) => (
      <ThemeProvider>
        <Button loading={loading}>SAF</Button>
      </ThemeProvider>
    );
    const { rerender } = render(view(false));
    expect(screen.getByRole('button', { name: 'SAF' })).toBeTruthy();
    rerender(view(true));
    expect(screen.getByRole('button', { name: 'loading SAF' })).toBeTruthy();
    rerender(view(false));
    expect(screen.getByRole('button', { name: 'SAF' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'loading' })).toBeNull();
  });
});
