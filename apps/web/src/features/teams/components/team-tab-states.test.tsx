import { fireEvent, screen } from '@testing-library/react';
import { Messages } from '@vp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { json, renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { TeamTab } from './team-tab.tsx';

const team = {
  siteId: 7,
  primary: 'M100',
  memberIds: ['M100'],
  members: [
    {
      firstName: 'Alice',
      lastName: 'Agent',
      memberNumber: 'M100',
      mlsId: 'K100',
      licenseNumber: 'L100',
      office: 'Summit Realty',
      status: 'Active',
    },
  ],
};

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Team tab states', () => {
  it('while the team loads it shows a placeholder, never "No data"', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithClient(<TeamTab siteId={7} primary="M100" reciprocalAllowed={false} />);
    expect(await screen.findByText('Loading the team')).toBeTruthy();
    expect(screen.queryByText(/no data/i, { ignore: 'title' })).toBeNull();
    answer(json(team));
    expect(await screen.findByText('(Primary)')).toBeTruthy();
  });

  it('a failed load is a sentence with a Retry', async () => {
    let fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi((_m, path) =>
      path === '/websites/7/team'
        ? fail
          ? { status: 500, body: { code: 500, message: 'boom' } }
          : { body: team }
        : undefined,
    );
    renderWithClient(<TeamTab siteId={7} primary="M100" reciprocalAllowed={false} />);
    expect(await screen.findByText(Messages.serverFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('(Primary)')).toBeTruthy();
  });
});
