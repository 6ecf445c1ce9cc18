import { TeamMessages } from '@vp/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import { AddAgentDialog } from './add-agent-dialog.tsx';

const carol = {
  firstName: 'Carol',
  lastName: 'Colleague',
  memberNumber: 'M200',
  mlsId: 'K200',
  office: 'Summit Realty',
  status: 'Active',
  licenseNumber: 'L-200',
  broker: null,
  memberAOR: null,
};

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const addButton = () => screen.getByRole('button', { name: 'Add' });

function renderDialog(onAdd: (agent: unknown) => void = () => undefined, teamOffices = ['Summit Realty']) {
  return renderWithClient(
    <AddAgentDialog
      open
      reciprocalAllowed={false}
      teamOffices={teamOffices}
      adding={false}
      onCancel={() => undefined}
      onAdd={onAdd}
    />,
  );
}

describe('Add Agent dialog', () => {
  it('keeps Add disabled until an agent is picked, asking for one when only text is typed', async () => {
    const { calls } = serveApi((_m, path) =>
      path.startsWith('/searchagent/') ? { body: [carol] } : undefined,
    );
    const onAdd = vi.fn();
    renderWithClient(
      <AddAgentDialog
        open
        reciprocalAllowed={false}
        teamOffices={['Summit Realty']}
        adding={false}
        onCancel={() => undefined}
        onAdd={onAdd}
      />,
    );
    const box = await screen.findByPlaceholderText(TeamMessages.searchPlaceholder);
    expect(addButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    // No switch unless the vendor may use reciprocal agents.
    expect(screen.queryByRole('switch')).toBeNull();

    fireEvent.change(box, { target: { value: 'Carol' } });
    expect(await screen.findByText(TeamMessages.selectAgent)).toBeTruthy();
    expect(addButton().hasAttribute('disabled')).toBe(true);

    await waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull(), {
      timeout: 3000,
    });
    expect(calls.some((c) => c.path === '/searchagent/Carol')).toBe(true);
    fireEvent.click(document.querySelector('.ant-select-item-option')!);
    await waitFor(() => expect(addButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(addButton());
    expect(onAdd).toHaveBeenCalledWith(carol);
  });

  it('offers Reciprocal / Non-Reciprocal when allowed, which searches reciprocal agents', async () => {
    const { calls } = serveApi((_m, path) =>
      path.startsWith('/searchrecipagent/') ? { body: [] } : undefined,
    );
    renderWithClient(
      <AddAgentDialog
        open
        reciprocalAllowed
        teamOffices={['Summit Realty']}
        adding={false}
        onCancel={() => undefined}
        onAdd={() => undefined}
      />,
    );
    const own = (await screen.findByRole('radio', { name: 'Non-Reciprocal' })) as HTMLInputElement;
    const reciprocal = screen.getByRole('radio', { name: 'Reciprocal' }) as HTMLInputElement;
    expect(own.checked).toBe(true);
    fireEvent.click(reciprocal);
    await waitFor(() => expect(reciprocal.checked).toBe(true));
    fireEvent.change(screen.getByPlaceholderText(TeamMessages.searchPlaceholder), {
      target: { value: 'Dan' },
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/searchrecipagent/Dan')).toBe(true), {
      timeout: 3000,
    });
    expect(await screen.findByText('No matching results')).toBeTruthy();
  });

  it('warns before adding an agent of an office whose broker has not signed, and only then', async () => {
    const bayside = {
      ...carol,
      firstName: 'Bea',
      memberNumber: 'M400',
      mlsId: 'K400',
      office: 'Bayside Realtors',
    };
    const { calls } = serveApi((_m, path) =>
      path.startsWith('/searchagent/') ? { body: [carol, bayside] } : undefined,
    );
    renderDialog();
    const box = await screen.findByPlaceholderText(TeamMessages.searchPlaceholder);
    fireEvent.change(box, { target: { value: 'B' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2), {
      timeout: 3000,
    });
    const option = (name: string) =>
      [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent?.includes(name))!;
    fireEvent.click(option('Carol'));
    await waitFor(() => expect(addButton().hasAttribute('disabled')).toBe(false), { timeout: 3000 });
    expect(screen.queryByTestId('add-agent-new-office')).toBeNull();

    fireEvent.change(box, { target: { value: 'Be' } });
    // Pick from the answer to "Be", not from the list the first pick closed (it stays in the page, hidden).
    await waitFor(() => expect(calls.some((c) => c.path === '/searchagent/Be')).toBe(true), {
      timeout: 3000,
    });
    const shown = () => [
      ...document.querySelectorAll(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ];
    await waitFor(() => expect(shown().find((o) => o.textContent?.includes('Bea'))).toBeTruthy(), {
      timeout: 3000,
    });
    fireEvent.click(shown().find((o) => o.textContent?.includes('Bea'))!);
    await waitFor(() => expect(addButton().hasAttribute('disabled')).toBe(false), { timeout: 3000 });
    expect((await screen.findByTestId('add-agent-new-office')).textContent).toBe(
      TeamMessages.newOfficeNeedsSaf('Bayside Realtors'),
    );
  });

  it('opens with the focus in the search box', async () => {
    serveApi(() => undefined);
    renderDialog();
    const box = await screen.findByPlaceholderText(TeamMessages.searchPlaceholder);
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('Enter picks the first match that can be chosen', async () => {
    const inactive = { ...carol, firstName: 'Carl', memberNumber: 'M150', mlsId: 'K150', status: 'Inactive' };
    const second = { ...carol, firstName: 'Caroline', memberNumber: 'M300', mlsId: 'K300' };
    serveApi((_m, path) =>
      path.startsWith('/searchagent/') ? { body: [inactive, carol, second] } : undefined,
    );
    const onAdd = vi.fn();
    renderDialog(onAdd);
    const box = await screen.findByPlaceholderText(TeamMessages.searchPlaceholder);
    fireEvent.change(box, { target: { value: 'Car' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(3), {
      timeout: 3000,
    });
    // The list marks the first match that can be chosen once it has laid out; Enter picks that one.
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option-active')?.textContent).toContain('Carol'),
    );
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(addButton().hasAttribute('disabled')).toBe(false));
    expect((box as HTMLInputElement).value).toContain('Carol Colleague');
    fireEvent.click(addButton());
    expect(onAdd).toHaveBeenCalledWith(carol);
  });
});
