import dayjs from 'dayjs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceMessages, type Resource } from '@vp/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { renderWithClient, serveApi } from '../../../testing/fake-api.tsx';
import ResourcesPage from './resources-page.tsx';

function resource(over: Partial<Resource> = {}): Resource {
  return {
    id: 1,
    category: 'Rules',
    title: 'MLS Rules and Regulations',
    description: 'The rules every participant follows.',
    kind: 'file',
    url: null,
    fileName: 'MLS Rules 2026.pdf',
    size: 2048,
    contentType: 'application/pdf',
    position: 0,
    updatedAt: '2026-01-05T10:00:00.000Z',
    isNew: false,
    retiredAt: null,
    ...over,
  };
}

const list = [
  resource(),
  resource({
    id: 2,
    title: 'Fine schedule',
    description: 'Fines for late changes.',
    position: 1,
    isNew: true,
  }),
  resource({
    id: 3,
    category: 'Links',
    title: 'RESO Web API',
    description: 'The feed standard.',
    kind: 'link',
    url: 'https://www.reso.org/reso-web-api/',
    fileName: null,
    size: null,
    contentType: null,
  }),
  resource({
    id: 4,
    category: 'IDX/VOW Policy',
    title: 'IDX display policy',
    description: 'What an IDX site shows.',
    kind: 'link',
    url: 'https://mls.example/idx',
    fileName: null,
    size: null,
    contentType: null,
  }),
];

function serve(resources = list) {
  return serveApi((method, path) => {
    if (method === 'GET' && path === '/resources') return { body: { resources, lastSeenAt: null } };
    if (method === 'PUT' && path === '/resources/seen')
      return { body: { lastSeenAt: '2026-02-01T00:00:00Z' } };
    if (method === 'PUT' && path === '/resources/order')
      return { body: { message: ResourceMessages.reordered } };
    if (method === 'DELETE' && path.startsWith('/resources/'))
      return { body: { message: ResourceMessages.retired } };
    return undefined;
  });
}

function renderAt(url = '/resources/index') {
  const router = createMemoryRouter([{ path: '/resources/index', element: <ResourcesPage /> }], {
    initialEntries: [url],
  });
  renderWithClient(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const groupNames = () =>
  screen
    .getAllByTestId(/^resource-group-/)
    .map((g) => g.getAttribute('data-testid')!.replace('resource-group-', ''));

describe('Resources page', () => {
  it("groups the resources by category in the MLS's order", async () => {
    serve();
    renderAt();
    await screen.findByText('MLS Rules and Regulations');
    expect(groupNames()).toEqual(['Rules', 'IDX/VOW Policy', 'Links']);
    const rules = screen.getByTestId('resource-1').closest('.ant-collapse-item')!;
    expect(within(rules as HTMLElement).getByText('Fine schedule')).toBeTruthy();
    expect(
      within(screen.getByTestId('resource-1')).getByText('MLS Rules 2026.pdf', { exact: false }),
    ).toBeTruthy();
    // When it was updated, by the day; the time is in its title.
    const updated = within(screen.getByTestId('resource-1')).getByText(/^Updated /);
    expect(updated.textContent).toBe(`Updated ${dayjs('2026-01-05T10:00:00.000Z').format('MM/DD/YYYY')}`);
    expect(updated.getAttribute('title')).toBe(dayjs('2026-01-05T10:00:00.000Z').format('MM/DD/YYYY h:mm A'));
  });

  it('opens links in a new tab without handing over the page', async () => {
    serve();
    renderAt();
    const link = (await screen.findByText('RESO Web API')).closest('a')!;
    expect(link.getAttribute('href')).toBe('https://www.reso.org/reso-web-api/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('marks what changed since the last look as New, and then tells the server the user has looked', async () => {
    const { calls } = serve();
    renderAt();
    await screen.findByText('Fine schedule');
    const tags = screen.getAllByText(ResourceMessages.newTag);
    expect(tags).toHaveLength(1);
    expect(within(screen.getByTestId('resource-2')).getByText(ResourceMessages.newTag)).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/resources/seen')).toBe(true),
    );
    // Still shown while the user is on the page.
    expect(screen.getAllByText(ResourceMessages.newTag)).toHaveLength(1);
  });

  it('searches titles and descriptions, keeps the search in the address, and says when nothing matches', async () => {
    serve();
    const router = renderAt();
    await screen.findByText('Fine schedule');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search resources' }), {
      target: { value: 'late' },
    });
    await waitFor(() => expect(screen.queryByText('MLS Rules and Regulations')).toBeNull());
    expect(screen.getByText('Fine schedule')).toBeTruthy();
    expect(groupNames()).toEqual(['Rules']);
    expect(router.state.location.search).toBe('?search=late');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search resources' }), {
      target: { value: 'zebra' },
    });
    expect(await screen.findByText(ResourceMessages.noMatch('zebra'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByText('MLS Rules and Regulations')).toBeTruthy();
  });

  it('says so when the MLS has published nothing', async () => {
    serve([]);
    renderAt();
    expect(await screen.findByText(ResourceMessages.empty)).toBeTruthy();
  });

  it.each(['vendor', 'viewer'])('a %s only reads: no add, edit, reorder or retire', async (role) => {
    setAccount([role], true);
    serve();
    renderAt();
    await screen.findByText('Fine schedule');
    expect(screen.queryByRole('button', { name: 'Add a resource' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Retire / })).toBeNull();
  });

  it('MLS staff add, edit, reorder and retire on the same screen', async () => {
    setAccount(['admin'], true);
    const { calls } = serve();
    renderAt();
    await screen.findByText('Fine schedule');
    expect(screen.getByRole('button', { name: 'Add a resource' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Fine schedule' })).toBeTruthy();
    // The first of a category cannot move up, the last not down.
    expect(screen.getByRole('button', { name: 'Move MLS Rules and Regulations up' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Move Fine schedule down' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Move Fine schedule up' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === '/resources/order')?.body).toEqual({
        ids: [2, 1],
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Retire Fine schedule' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Retire' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/resources/2')).toBe(true),
    );
  });

  it('MLS staff are told a web address must be http or https before anything is sent', async () => {
    setAccount(['admin'], true);
    const { calls } = serve();
    renderAt();
    await screen.findByText('Fine schedule');
    fireEvent.click(screen.getByRole('button', { name: 'Add a resource' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Bad link' } });
    fireEvent.click(within(dialog).getByLabelText('A web address'));
    fireEvent.change(await within(dialog).findByLabelText('Web address'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(ResourceMessages.urlInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
