import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscardTexts } from '../components/discard-confirm.ts';
import { UnsavedChangesBlocker } from '../components/unsaved-changes-blocker.tsx';
import { useUnsavedChanges } from './use-unsaved-changes.ts';

afterEach(() => {
  Modal.destroyAll();
});

function Editor() {
  const [text, setText] = useState('');
  const guard = useUnsavedChanges(text !== '');
  return (
    <div>
      <input aria-label="Note" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={() => void guard.confirmLeave().then((go) => go && setText('closed'))}>
        Close
      </button>
    </div>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <UnsavedChangesBlocker />
            <Outlet />
          </>
        ),
        children: [
          { path: 'edit', element: <Editor /> },
          { path: 'other', element: <p>Other page</p> },
        ],
      },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function discardDialog(): HTMLElement | null {
  const title = [...document.querySelectorAll('.ant-modal-confirm-title')].find(
    (t) => t.textContent === DiscardTexts.title,
  );
  return title?.closest<HTMLElement>('.ant-modal-confirm') ?? null;
}

async function answer(button: string) {
  const dialog = await waitFor(() => {
    expect(discardDialog()).not.toBeNull();
    return discardDialog()!;
  });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(discardDialog()).toBeNull());
}

function beforeUnloadCancelled(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChanges', () => {
  it('leaves a clean form without asking', async () => {
    const router = renderApp();
    await act(() => router.navigate('/other'));
    expect(await screen.findByText('Other page')).toBeTruthy();
    expect(discardDialog()).toBeNull();
  });

  it('asks before the route changes away from unsaved edits; Keep editing stays, Discard goes', async () => {
    const router = renderApp();
    fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'draft' } });

    await act(() => router.navigate('/other'));
    await answer(DiscardTexts.cancel);
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('draft');
    expect(router.state.location.pathname).toBe('/edit');

    await act(() => router.navigate('/other'));
    await answer(DiscardTexts.ok);
    expect(await screen.findByText('Other page')).toBeTruthy();
  });

  it('asks before closing with unsaved edits, and not at all without them', async () => {
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('closed'));
    expect(discardDialog()).toBeNull();

    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await answer(DiscardTexts.cancel);
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('draft');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await answer(DiscardTexts.ok);
    await waitFor(() => expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('closed'));
  });

  it('has the browser warn before the tab closes, only while there are unsaved edits', async () => {
    renderApp();
    const note = await screen.findByLabelText('Note');
    expect(beforeUnloadCancelled()).toBe(false);
    fireEvent.change(note, { target: { value: 'draft' } });
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(true));
    fireEvent.change(note, { target: { value: '' } });
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(false));
  });
});
