import { SafMessages } from '@vp/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../lib/session.ts';
import { renderWithClient, serveApi } from '../../testing/fake-api.tsx';
import { TYPES } from './testing.ts';
import { useSafFlow } from './use-saf-flow.tsx';

// The signatory dialog's code cannot be loaded (a deploy replaced the chunk, the network dropped).
vi.mock('./components/saf-signatory-dialog.tsx', () => {
  throw new Error('chunk could not be loaded');
});

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness() {
  const saf = useSafFlow({
    site: { id: 7, domainName: 'summit-homes.example.com', brokerMlsId: null },
    readOnly: false,
    dirty: () => false,
    save: async () => true,
  });
  return (
    <>
      {saf.typeExists && <button onClick={saf.start}>SAF</button>}
      {saf.dialogs}
    </>
  );
}

it('a signatory dialog that cannot be loaded says Failed to load SAF dialog', async () => {
  serveApi((method, path) => {
    if (path === '/documenttypes/required?name=saf') return { body: TYPES[0] };
    if (path === '/portal/websites/7/documents') return { body: [] };
    return undefined;
  });
  renderWithClient(<Harness />);
  fireEvent.click(await screen.findByRole('button', { name: 'SAF' }));
  expect(await screen.findByText(SafMessages.loadDialogFailed)).toBeTruthy();
});
