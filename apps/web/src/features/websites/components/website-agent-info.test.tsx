import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import { WebsiteModal } from './website-modal.tsx';

/** Agent Information only displays, so the read-only role opens it from its greyed-out form. */

beforeEach(() => {
  setToken('t');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('agent Info', () => {
  it.each([['vendor'], ['viewer']])('opens for the %s role and shows the roster record', async (role) => {
    setAccount([role], true);
    const site = website({ status: 'Active' });
    serveApi((method, path) => {
      if (path === '/portal/metadata') return { body: metadata() };
      if (path === '/products') return { body: products };
      if (path === '/portal/websites/7') return { body: site };
      if (path === `/agent/${site.memberNumber}`)
        return {
          body: {
            firstName: 'Alice',
            lastName: 'Agent',
            memberNumber: site.memberNumber,
            mlsId: site.mlsId,
            licenseNumber: site.licenseNumber,
            office: site.office,
            status: 'Active',
            broker: site.broker,
            memberAOR: null,
          },
        };
      return undefined;
    });
    renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
    await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 15_000 });
    // The agent's row fills in once the form has taken the saved agent, a moment after the domain.
    const info = await within(screen.getByTestId('agent-broker-table')).findByRole(
      'button',
      { name: 'Info' },
      { timeout: 15_000 },
    );
    expect((info as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(info);
    const details = await screen.findByTestId('agent-info', {}, { timeout: 15_000 });
    expect(details.textContent).toContain('Alice Agent');
    expect(details.textContent).toContain(site.licenseNumber);
  });
});
