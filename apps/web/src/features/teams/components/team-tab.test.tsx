import { StaleMessages, TeamMessages } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { TeamTab } from './team-tab.tsx';

const member = (n: string, first: string) => ({
  firstName: first,
  lastName: 'Agent',
  memberNumber: n,
  mlsId: `K${n}`,
  licenseNumber: `L${n}`,
  office: 'Summit Realty',
  status: 'Active',
});

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Team tab', () => {
  it('a site without a team (404) gets one with the primary agent as the only member', async () => {
    let team: { siteId: number; primary: string; memberIds: string[] } | null = null;
    const { calls } = serveApi((method, path, body) => {
      if (path !== '/websites/7/team') return undefined;
      if (method === 'POST') {
        team = body as typeof team;
        return { status: 201, body: { ...team, members: [member('M100', 'Alice')] } };
      }
      return team
        ? { body: { ...team, members: [member('M100', 'Alice')] } }
        : { status: 404, body: { code: 404, message: 'No team' } };
    });
    renderWithClient(<TeamTab siteId={7} primary="M100" reciprocalAllowed={false} />);
    expect(await screen.findByText('(Primary)')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      siteId: 7,
      primary: 'M100',
      memberIds: ['M100'],
    });
    // The primary agent has no Remove button.
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('the read-only role sees the team, with no Add or Remove, and reading writes nothing', async () => {
    setAccount(['viewer'], true);
    const { calls } = serveApi((method, path) =>
      method === 'GET' && path === '/websites/7/team'
        ? {
            body: {
              siteId: 7,
              primary: 'M100',
              memberIds: ['M100', 'M200'],
              members: [member('M100', 'Alice'), member('M200', 'Carol')],
            },
          }
        : undefined,
    );
    renderWithClient(<TeamTab siteId={7} primary="M100" reciprocalAllowed={false} readOnly />);
    expect(await screen.findByText('Carol Agent')).toBeTruthy();
    expect(screen.getByText('(Primary)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Agent' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('removing a non-primary member asks first, naming them, then PUTs the remaining ids', async () => {
    const { calls } = serveTwo();
    renderWithClient(<TeamTab siteId={7} primary="M100" reciprocalAllowed={false} />);
    const table = await screen.findByTestId('team-table');
    await within(table).findByText('Carol Agent');
    expect(within(table).getAllByRole('button', { name: /Remove/ })).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Carol Agent' }));
    const dialog = await confirmDialog('Remove Carol Agent from the team?');
    expect(within(dialog).getByText(TeamMessages.removeConfirm)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: TeamMessages.removeAction }));
    expect(await screen.findByText(TeamMessages.removed)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        siteId: 7,
        primary: 'M100',
        memberIds: ['M100'],
      }),
    );
  });

  it('on a phone the team is a card per agent, and Remove is reachable on each but the primary', async () => {
    const phone = stubMedia(PHONE);
    try {
      const { calls } = serveTwo();
      renderWithClient(<TeamTab siteId={7} primary="M100" reciprocalAllowed={false} />);
      const list = await screen.findByTestId('team-cards');
      expect(screen.queryByTestId('team-table')).toBeNull();
      await within(list).findByText('Carol Agent');
      const cards = within(list).getAllByTestId('team-card');
      expect(cards.map((c) => c.querySelector('.vp-team-card-name')?.textContent?.trim())).toEqual([
        'Alice Agent (Primary)',
        'Carol Agent',
      ]);
      expect(cards[1]!.textContent).toContain('MLS IDKM200');
      expect(cards[1]!.textContent).toContain('License NumberLM200');
      expect(cards[1]!.textContent).toContain('OfficeSummit Realty');
      expect(within(cards[0]!).queryByRole('button', { name: /Remove/ })).toBeNull();
      expect(cards[0]!.textContent).toContain(TeamMessages.primaryCannotBeRemoved);
      fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Remove Carol Agent' }));
      const dialog = await confirmDialog('Remove Carol Agent from the team?');
      fireEvent.click(within(dialog).getByRole('button', { name: TeamMessages.removeAction }));
      await waitFor(() =>
        expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
          siteId: 7,
          primary: 'M100',
          memberIds: ['M100'],
        }),
      );
    } finally {
      phone.mockRestore();
    }
  });

  it('Cancel keeps the member on the team', async () => {
    const { calls } = serveTwo();
    renderWithClient(<TeamTab siteId={7} primary="M100" reciprocalAllowed={false} />);
    const table = await screen.findByTestId('team-table');
    fireEvent.click(await within(table).findByRole('button', { name: 'Remove Carol Agent' }));
    const dialog = await confirmDialog('Remove Carol Agent from the team?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryAllByText('Remove Carol Agent from the team?')).toEqual([]));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(within(table).getByText('Carol Agent')).toBeTruthy();
  });

  it('a change made from a stale team is refused (409) and Reload shows the team as it is now', async () => {
    let version = 3;
    let members = ['M100', 'M200'];
    const names: Record<string, string> = { M100: 'Alice', M200: 'Carol', M300: 'Dave' };
    const { calls } = serveApi((method, path, body) => {
      if (path !== '/websites/7/team') return undefined;
      if (method === 'PUT') {
        const b = body as { version?: number };
        return b.version === version
          ? { body: {} }
          : { status: 409, body: { code: 409, message: StaleMessages.team } };
      }
      return {
        body: {
          siteId: 7,
          primary: 'M100',
          memberIds: members,
          members: members.map((m) => member(m, names[m]!)),
          version,
        },
      };
    });
    renderWithClient(<TeamTab siteId={7} primary="M100" reciprocalAllowed={false} />);
    const table = await screen.findByTestId('team-table');
    await within(table).findByText('Carol Agent');
    // Someone else adds Dave meanwhile.
    members = ['M100', 'M200', 'M300'];
    version = 4;
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Carol Agent' }));
    const dialog = await confirmDialog('Remove Carol Agent from the team?');
    fireEvent.click(within(dialog).getByRole('button', { name: TeamMessages.removeAction }));

    const alert = await screen.findByTestId('team-stale-alert');
    expect(alert.textContent).toContain(StaleMessages.team);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ memberIds: ['M100'], version: 3 });
    expect(screen.queryByText(TeamMessages.removed)).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: StaleMessages.reload }));
    expect(await within(table).findByText('Dave Agent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('team-stale-alert')).toBeNull());
  });
});

/** A team of Alice (primary) and Carol; a PUT answers the ids it was given. */
function serveTwo() {
  return serveApi((method, path, body) => {
    if (path !== '/websites/7/team') return undefined;
    if (method === 'PUT') {
      const b = body as { memberIds: string[] };
      return {
        body: { siteId: 7, primary: 'M100', memberIds: b.memberIds, members: [member('M100', 'Alice')] },
      };
    }
    return {
      body: {
        siteId: 7,
        primary: 'M100',
        memberIds: ['M100', 'M200'],
        members: [member('M100', 'Alice'), member('M200', 'Carol')],
      },
    };
  });
}

/** The confirmation, found by its title (antd writes the title twice in it). */
async function confirmDialog(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title);
  return heading!.closest<HTMLElement>('.ant-modal')!;
}
