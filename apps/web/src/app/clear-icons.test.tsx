import { render, screen } from '@testing-library/react';
import { Select } from 'antd';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from './providers.tsx';
import { WebsitesFilter } from '../features/websites/components/websites-filter.tsx';

/** A clear button says what it does ("Clear"), not the name of its icon ("close-circle"). */
describe('clear buttons', () => {
  it('of a search box and of a select read as Clear', () => {
    render(
      <ThemeProvider>
        <WebsitesFilter
          status="Active"
          onStatus={() => undefined}
          search="summit"
          onSearch={() => undefined}
        />
        <Select aria-label="Plain" allowClear value="a" options={[{ value: 'a', label: 'A' }]} />
      </ThemeProvider>,
    );
    const clears = screen.getAllByRole('button', { name: 'Clear' });
    expect(clears.length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'close-circle' })).toBeNull();
    expect(screen.queryAllByRole('img', { name: 'close-circle' })).toHaveLength(0);
  });
});
