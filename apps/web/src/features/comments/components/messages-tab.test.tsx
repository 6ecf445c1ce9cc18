import { COMMENT_ROWS, CommentMessages, COMMENTS_TABLE_HEIGHT, type Comment } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayDateTime } from '../../../lib/date-time.ts';
import { setAccount, setToken } from '../../../lib/session.ts';
import { StorageKeys } from '../../../lib/storage.ts';
import { renderWithClient, serveApi, type Answer } from '../../../testing/fake-api.tsx';
import { PHONE, stubMedia } from '../../../testing/media.ts';
import { INTERNAL_NOTE_LABEL } from './comment-form.tsx';
import { MessagesTab, MessagesTabLabel } from './messages-tab.tsx';

const me = { id: 1, username: 'dana', firstName: 'Dana', lastName: 'Whitfield' };
const staff = { id: 2, username: 'mls', firstName: 'Morgan', lastName: 'Staff' };

const comment = (id: number, over: Partial<Comment> = {}): Comment => ({
  id,
  user: staff,
  dateTime: `2026-03-0${id}T15:04:00.000Z`,
  comment: `Message ${id}`,
  public: true,
  siteId: 7,
  ...over,
});

function serve(
  comments: Comment[],
  extra?: (method: string, path: string, body: unknown) => Answer | undefined,
) {
  return serveApi((method, path, body) => {
    const answered = extra?.(method, path, body);
    if (answered) return answered;
    if (path === '/profile') return { body: { ...me, role: 'vendor' } };
    if (method === 'GET' && path === '/website/7/comments') return { body: comments };
    return undefined;
  });
}

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const table = () => screen.getByTestId('comments-table');

describe('Messages tab', () => {
  it('shows each message as text: markup and script are the characters typed, never elements', async () => {
    const img = '<img src=x onerror=alert(1)>';
    const script = '<script>window.hacked = true</script>';
    serve([
      comment(1, { comment: img }),
      comment(2, { comment: script, user: null }),
      comment(3, { comment: 'Line one\nLine two', user: me }),
    ]);
    renderWithClient(<MessagesTab siteId={7} role="vendor" readOnly={false} />);
    expect(await within(table()).findByText(img)).toBeTruthy();
    expect(within(table()).getByText(script)).toBeTruthy();
    expect(table().querySelector('img, script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    // Line breaks are kept (pre-wrapped), not turned into markup.
    expect(within(table()).getByText(/Line one/).textContent).toBe('Line one\nLine two');
    // A removed author reads 'Deleted User'; the others their name; the date as MM/DD/YYYY h:mm a.
    expect(within(table()).getByText(CommentMessages.deletedUser)).toBeTruthy();
    expect(within(table()).getAllByText('Morgan Staff')).toHaveLength(1);
    expect(within(table()).getByText(displayDateTime(comment(1).dateTime))).toBeTruthy();
    expect(displayDateTime('2026-03-01T15:04:00.000Z')).toMatch(/^03\/01\/2026 \d{1,2}:04 (AM|PM)$/);
    expect(within(table()).getAllByRole('img', { name: CommentMessages.publicMarker })).toHaveLength(3);
    // The spec's height, scrolled.
    const body = table().querySelector<HTMLElement>('.ant-table-body')!;
    expect(body.style.maxHeight).toBe(`${COMMENTS_TABLE_HEIGHT}px`);
  });

  it('Send sends the text once it has more than spaces, then clears the box', async () => {
    const { calls } = serve([], (method, path) =>
      method === 'POST' && path === '/website/7/comments' ? { status: 201, body: comment(9) } : undefined,
    );
    renderWithClient(<MessagesTab siteId={7} role="vendor" readOnly={false} />);
    const box = (await screen.findByLabelText('Messages')) as HTMLTextAreaElement;
    expect(box.getAttribute('rows')).toBe(String(COMMENT_ROWS));
    const send = screen.getByRole('button', { name: CommentMessages.send });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(box, { target: { value: '   \n  ' } });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.click(send);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Vendors have no internal notes.
    expect(screen.queryByRole('checkbox', { name: INTERNAL_NOTE_LABEL })).toBeNull();

    fireEvent.change(box, { target: { value: '  When does it go live? ' } });
    fireEvent.click(screen.getByRole('button', { name: CommentMessages.send }));
    await waitFor(() => expect(box.value).toBe(''));
    // Send is disabled now; the box keeps the focus, inside the form.
    expect(document.activeElement).toBe(box);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      comment: '  When does it go live? ',
      public: true,
    });
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/website/7/comments').length).toBe(2);
  });

  it('MLS staff may send an internal note, and internal rows are marked', async () => {
    setAccount(['admin'], true);
    const { calls } = serve([comment(1, { public: false })], (method) =>
      method === 'POST' ? { status: 201, body: comment(9) } : undefined,
    );
    renderWithClient(<MessagesTab siteId={7} role="admin" readOnly={false} />);
    const marker = await within(table()).findByRole('img', { name: CommentMessages.internalMarker });
    expect(marker.closest('tr')!.className).toContain('vp-comment-internal');
    fireEvent.click(screen.getByRole('checkbox', { name: INTERNAL_NOTE_LABEL }));
    fireEvent.change(screen.getByLabelText('Messages'), { target: { value: 'Broker confirmed by phone' } });
    fireEvent.click(screen.getByRole('button', { name: CommentMessages.send }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        comment: 'Broker confirmed by phone',
        public: false,
      }),
    );
    // The next message is public unless marked again.
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: INTERNAL_NOTE_LABEL }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
  });

  it('the read-only role reads the conversation, with no box, Send or Delete', async () => {
    setAccount(['viewer'], true);
    serve([comment(1)]);
    renderWithClient(<MessagesTab siteId={7} role="viewer" readOnly />);
    expect(await within(table()).findByText('Message 1')).toBeTruthy();
    expect(screen.queryByLabelText('Messages')).toBeNull();
    expect(screen.queryByRole('button', { name: CommentMessages.send })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('a message of someone else is refused with the spec alert at once, and focus returns to its Delete', async () => {
    const { calls } = serve([comment(1), comment(2, { user: null })]);
    renderWithClient(<MessagesTab siteId={7} role="vendor" readOnly={false} />);
    await within(table()).findByText('Message 1');
    for (const id of [1, 2]) {
      const remove = within(table()).getByRole('button', {
        name: `Delete the message of ${displayDateTime(comment(id).dateTime)}: Message ${id}`,
      });
      remove.focus();
      fireEvent.click(remove);
      const [alert] = await screen.findAllByText(CommentMessages.cannotDelete);
      expect(screen.queryByText(CommentMessages.deleteTitle)).toBeNull();
      fireEvent.click(within(alert!.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(document.activeElement).toBe(remove));
      await waitFor(() => expect(screen.queryByText(CommentMessages.cannotDelete)).toBeNull());
    }
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('Delete of an own message asks first; a refusal by the server is the same alert', async () => {
    const { calls } = serve([comment(1, { user: me })], (method, path) =>
      method === 'DELETE' && path === '/website/7/comments/1'
        ? { status: 403, body: { code: 403, message: CommentMessages.cannotDelete } }
        : undefined,
    );
    renderWithClient(<MessagesTab siteId={7} role="vendor" readOnly={false} />);
    await within(table()).findByText('Message 1');
    fireEvent.click(within(table()).getByRole('button', { name: /^Delete the message of/ }));
    const [title] = await screen.findAllByText(CommentMessages.deleteTitle);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(
      within(title!.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: 'Delete' }),
    );
    expect((await screen.findAllByText(CommentMessages.cannotDelete)).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(within(table()).getByText('Message 1')).toBeTruthy();
  });
});

describe('Messages tab, focus and phones', () => {
  it('after a Delete, focus goes to the message box rather than falling out of the modal', async () => {
    let left = [comment(1, { user: me }), comment(2, { user: me })];
    serve([], (method, path) => {
      if (method === 'GET' && path === '/website/7/comments') return { body: left };
      if (method === 'DELETE' && path === '/website/7/comments/2') {
        left = left.filter((c) => c.id !== 2);
        return { body: {} };
      }
      return undefined;
    });
    renderWithClient(<MessagesTab siteId={7} role="vendor" readOnly={false} />);
    await within(table()).findByText('Message 2');
    const remove = within(table()).getByRole('button', {
      name: `Delete the message of ${displayDateTime(comment(2).dateTime)}: Message 2`,
    });
    remove.focus();
    fireEvent.click(remove);
    const [title] = await screen.findAllByText(CommentMessages.deleteTitle);
    const confirm = title!.closest<HTMLElement>('.ant-modal')!;
    // Enter at once keeps the message: the confirmation starts on Cancel.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table()).queryByText('Message 2')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Messages')));
  });

  it('on a phone the box to write in comes before the newest messages; on a wide screen after them', async () => {
    serve([comment(1)]);
    const { unmount } = renderWithClient(<MessagesTab siteId={7} role="vendor" readOnly={false} />);
    await within(table()).findByText('Message 1');
    const order = () =>
      [...screen.getByTestId('messages-tab').children].map((c) =>
        c.classList.contains('vp-comment-form') ? 'form' : 'list',
      );
    expect(order()).toEqual(['list', 'form']);
    unmount();
    stubMedia(PHONE);
    serve([comment(1)]);
    renderWithClient(<MessagesTab siteId={7} role="vendor" readOnly={false} />);
    await within(table()).findByText('Message 1');
    expect(order()).toEqual(['form', 'list']);
  });

  it('on a phone, Date and Name sit above the message instead of taking columns of their own', async () => {
    vi.stubGlobal('innerWidth', 390);
    serve([comment(1)]);
    renderWithClient(<MessagesTab siteId={7} role="vendor" readOnly={false} />);
    const cell = (await within(table()).findByText('Message 1')).closest('td')!;
    expect(cell.textContent).toContain(`Morgan Staff · ${displayDateTime(comment(1).dateTime)}`);
    expect(within(table()).queryByRole('columnheader', { name: 'Date' })).toBeNull();
    expect(within(table()).queryByRole('columnheader', { name: 'Name' })).toBeNull();
  });
});

describe('Messages tab label', () => {
  it('counts messages from others since the tab was last read, and none once it is read', async () => {
    serve([comment(1), comment(2), comment(3, { user: me })]);
    const { unmount } = renderWithClient(<MessagesTabLabel siteId={7} active={false} />);
    // Never read here: both of the others' messages are new; the user's own never counts.
    await waitFor(() => expect(screen.getByText(', 2 unread')).toBeTruthy());
    unmount();

    // The user reads the tab: up to the newest message is seen.
    const read = renderWithClient(<MessagesTab siteId={7} role="vendor" readOnly={false} />);
    await within(table()).findByText('Message 2');
    await waitFor(() =>
      expect(window.localStorage.getItem(StorageKeys.commentsSeen(1, 7))).toBe(comment(3).dateTime),
    );
    read.unmount();

    serve([comment(1), comment(2), comment(3, { user: me }), comment(4, { user: null })]);
    renderWithClient(<MessagesTabLabel siteId={7} active={false} />);
    await waitFor(() => expect(screen.getByText(', 1 unread')).toBeTruthy());
    expect(screen.getByText('Messages')).toBeTruthy();
  });
});
