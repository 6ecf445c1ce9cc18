import { TeamMessages } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { WebsiteModal } from './website-modal.tsx';

/** The Website tab's Agent Search picks the first match that can be chosen on Enter. */

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const agent = (first: string, n: string, status = 'Active') => ({
  firstName: first,
  lastName: 'Lane',
  memberNumber: n,
  mlsId: `K${n}`,
  office: 'Summit Realty',
  status,
  licenseNumber: `L-${n}`,
  broker: null,
  memberAOR: null,
});

describe('Agent Search on the Website tab', () => {
  it('Enter picks the first match that can be chosen', async () => {
    serveApi((_m, path) => {
      if (path === '/portal/metadata') return { body: metadata() };
      if (path === '/products') return { body: products };
      if (path.startsWith('/searchagent/'))
        return {
          body: [agent('Lou', '3000900', 'Inactive'), agent('Lena', '3000901'), agent('Leo', '3000902')],
        };
      return undefined;
    });
    renderWithClient(<WebsiteModal open siteId={null} onClose={() => undefined} />);
    const box = (await screen.findByPlaceholderText(
      TeamMessages.searchPlaceholder,
      {},
      { timeout: 5000 },
    )) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Lane' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(3), {
      timeout: 3000,
    });
    // The list marks the first match that can be chosen once it has laid out; Enter picks that one.
    await waitFor(
      () => expect(document.querySelector('.ant-select-item-option-active')?.textContent).toContain('Lena'),
      { timeout: 3000 },
    );
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(box.value).toContain('Lena Lane'), { timeout: 3000 });
    const table = screen.getByTestId('agent-broker-table');
    await waitFor(() => expect(within(table).getByText('3000901')).toBeTruthy());
  });
});
