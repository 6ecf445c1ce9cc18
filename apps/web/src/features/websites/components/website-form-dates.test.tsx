import { WebsiteMessages, type Website } from '@vp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccount, setToken } from '../../../lib/session.ts';
import { metadata, products, renderWithClient, serveApi, website } from '../../../testing/fake-api.tsx';
import { refusedTypedDate } from '../../../components/date-field.tsx';
import { dateLimits, datesOnStatusChange } from '../website-form-state.ts';
import { WebsiteModal } from './website-modal.tsx';

/** The Website tab's dates follow the contract's date rules: impossible dates cannot be picked. */

beforeEach(() => {
  setToken('t');
  setAccount(['vendor'], true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const statusBox = () => screen.getByRole('combobox', { name: 'Billable Status' }) as HTMLInputElement;
const mmddyyyy = (d: dayjs.Dayjs) => d.format('MM/DD/YYYY');

async function openSite(overrides: Partial<Website>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  serveApi((method, path, body) => {
    if (method !== 'GET') calls.push({ method, path, body });
    if (path === '/portal/metadata') return { body: metadata() };
    if (path === '/products') return { body: products };
    if (method === 'GET' && path === '/portal/websites/7') return { body: website(overrides) };
    if (method === 'PUT' && path === '/portal/websites') {
      return { body: website({ ...overrides, ...(body as Partial<Website>) }) };
    }
    return undefined;
  });
  renderWithClient(<WebsiteModal open siteId={7} onClose={() => undefined} />);
  await screen.findByDisplayValue('summit-homes.example.com', {}, { timeout: 5000 });
  return calls;
}

/** Opens a date picker and answers the calendar cell of a yyyy-mm-dd date, once shown. */
async function calendarCell(label: string, date: string): Promise<HTMLElement> {
  fireEvent.mouseDown(input(label));
  fireEvent.click(input(label));
  return waitFor(() => {
    const cell = document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${date}"]`);
    expect(cell).not.toBeNull();
    return cell!;
  });
}

function terminationDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const heading = [...document.querySelectorAll('.ant-modal-title')].find(
      (t) => t.textContent === WebsiteMessages.requestTermination,
    );
    const found = heading?.closest<HTMLElement>('[role="dialog"]');
    expect(found).toBeTruthy();
    return found!;
  });
}

describe('website form dates', () => {
  it('moving an Inactive site back to Active (Pending) clears its term date and starts it today', async () => {
    const calls = await openSite({
      status: 'Inactive',
      activated: false,
      startDate: '2021-05-24',
      termDate: '2022-08-22',
    });
    await waitFor(() => expect(input('Term Date').value).toBe('08/22/2022'));
    fireEvent.mouseDown(statusBox());
    fireEvent.click(await screen.findByTitle('Active (Pending)'));
    // The dates are set and the fields' locks follow the status once the form has settled.
    await waitFor(() => {
      expect(input('Term Date').value).toBe('');
      expect(input('Start Date').value).toBe(mmddyyyy(dayjs()));
      expect(input('Start Date').disabled).toBe(false);
      expect(input('Term Date').disabled).toBe(true);
    });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({
      status: 'Pending Activation',
      startDate: dayjs().format('YYYY-MM-DD'),
      termDate: null,
    });
  });

  it('in Pending Termination, the term date picker offers only today and later, from the start date on', async () => {
    // Mid-month, so the calendar opened on the term date shows the day before the start too.
    const start = dayjs().add(1, 'month').date(15);
    await openSite({
      status: 'Pending Termination',
      activated: false,
      startDate: start.format('YYYY-MM-DD'),
      termDate: start.format('YYYY-MM-DD'),
    });
    await waitFor(() => expect(input('Term Date').disabled).toBe(false));
    const dayBeforeStart = await calendarCell('Term Date', start.subtract(1, 'day').format('YYYY-MM-DD'));
    expect(dayBeforeStart.classList.contains('ant-picker-cell-disabled')).toBe(true);
    const startCell = document.querySelector(
      `.ant-picker-dropdown td[title="${start.format('YYYY-MM-DD')}"]`,
    )!;
    expect(startCell.classList.contains('ant-picker-cell-disabled')).toBe(false);
  });

  it('a typed term date before the start date shows the rule on the field and is not saved', async () => {
    const calls = await openSite({
      status: 'Pending Activation',
      activated: false,
      startDate: '2021-05-24',
      termDate: null,
    });
    fireEvent.mouseDown(statusBox());
    fireEvent.click(await screen.findByTitle('Inactive (Pending)'));
    await waitFor(() => expect(input('Term Date').disabled).toBe(false));
    // Typed, the date is refused by the picker; the field then still has none and says so.
    fireEvent.change(input('Term Date'), { target: { value: '01/01/2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WebsiteMessages.termDateRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('dates at most ten years ahead', () => {
  /** Types a date into a picker and leaves the field, as a user does. */
  function typeDate(label: string, date: dayjs.Dayjs) {
    fireEvent.mouseDown(input(label));
    fireEvent.click(input(label));
    fireEvent.change(input(label), { target: { value: mmddyyyy(date) } });
    fireEvent.keyDown(input(label), { key: 'Enter', code: 'Enter' });
  }
  const fieldError = (label: string) =>
    input(label).closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent;

  it('a start date more than ten years ahead is told under the field and not saved', async () => {
    const calls = await openSite({ status: 'Pending Activation', activated: false, startDate: '2021-05-24' });
    typeDate('Start Date', dayjs().add(10, 'year').add(3, 'day'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError('Start Date')).toBe(WebsiteMessages.startDateTooFar));
    expect(calls).toHaveLength(0);
    // Within ten years, it saves.
    typeDate('Start Date', dayjs().add(9, 'year'));
    await waitFor(() => expect(fieldError('Start Date')).toBeUndefined());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ startDate: dayjs().add(9, 'year').format('YYYY-MM-DD') });
  });

  it('a term date more than ten years ahead is told under the field and not saved', async () => {
    const calls = await openSite({
      status: 'Pending Termination',
      activated: false,
      startDate: '2021-05-24',
      termDate: dayjs().add(1, 'month').format('YYYY-MM-DD'),
    });
    await waitFor(() => expect(input('Term Date').disabled).toBe(false));
    typeDate('Term Date', dayjs().add(30, 'year'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError('Term Date')).toBe(WebsiteMessages.termDateTooFar));
    expect(calls).toHaveLength(0);
  });

  it('a termination request with a term date more than ten years ahead says so and is not sent', async () => {
    const calls = await openSite({ status: 'Active', activated: true, startDate: '2021-05-24' });
    fireEvent.click(screen.getByRole('button', { name: WebsiteMessages.requestTermination }));
    const dialog = await terminationDialog();
    const termDate = within(dialog).getByLabelText('Term Date');
    fireEvent.mouseDown(termDate);
    fireEvent.click(termDate);
    fireEvent.change(termDate, { target: { value: mmddyyyy(dayjs().add(11, 'year')) } });
    fireEvent.keyDown(termDate, { key: 'Enter', code: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: WebsiteMessages.requestTermination }));
    expect(await within(dialog).findByText(WebsiteMessages.termDateTooFar)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('termination request dates', () => {
  it('the term date picker offers no date before the start date', async () => {
    const start = dayjs().add(1, 'month').date(15);
    await openSite({ status: 'Active', activated: true, startDate: start.format('YYYY-MM-DD') });
    fireEvent.click(screen.getByRole('button', { name: WebsiteMessages.requestTermination }));
    const dialog = await terminationDialog();
    const termDate = within(dialog).getByLabelText('Term Date');
    fireEvent.mouseDown(termDate);
    fireEvent.click(termDate);
    // The calendar opens on this month; move on to the start date's month.
    const next = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-picker-dropdown .ant-picker-header-next-btn');
      expect(button).not.toBeNull();
      return button!;
    });
    fireEvent.click(next);
    const before = await waitFor(() => {
      const cell = document.querySelector<HTMLElement>(
        `.ant-picker-dropdown td[title="${start.subtract(1, 'day').format('YYYY-MM-DD')}"]`,
      );
      expect(cell).not.toBeNull();
      return cell!;
    });
    expect(before.classList.contains('ant-picker-cell-disabled')).toBe(true);
    const first = document.querySelector(`.ant-picker-dropdown td[title="${start.format('YYYY-MM-DD')}"]`)!;
    expect(first.classList.contains('ant-picker-cell-disabled')).toBe(false);
  });

  it('a past term date typed and left is told with its rule, not dropped without a word', async () => {
    const calls = await openSite({ status: 'Active', activated: true, startDate: '2021-05-24' });
    fireEvent.click(screen.getByRole('button', { name: WebsiteMessages.requestTermination }));
    const dialog = await terminationDialog();
    const termDate = within(dialog).getByLabelText('Term Date');
    fireEvent.mouseDown(termDate);
    fireEvent.click(termDate);
    fireEvent.change(termDate, { target: { value: mmddyyyy(dayjs().subtract(3, 'day')) } });
    fireEvent.keyUp(termDate, { key: '0' });
    fireEvent.blur(termDate);
    expect(await within(dialog).findByText(WebsiteMessages.termDateInPast)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('a typed date the picker refuses', () => {
  it('a term date before the start date, typed and left, names the rule at the field', async () => {
    await openSite({
      status: 'Pending Termination',
      activated: false,
      startDate: dayjs().add(2, 'month').format('YYYY-MM-DD'),
      termDate: dayjs().add(3, 'month').format('YYYY-MM-DD'),
    });
    await waitFor(() => expect(input('Term Date').disabled).toBe(false));
    fireEvent.mouseDown(input('Term Date'));
    fireEvent.click(input('Term Date'));
    fireEvent.change(input('Term Date'), { target: { value: mmddyyyy(dayjs().add(1, 'month')) } });
    fireEvent.keyUp(input('Term Date'), { key: '0' });
    fireEvent.blur(input('Term Date'));
    await waitFor(() =>
      expect(
        input('Term Date').closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')
          ?.textContent,
      ).toBe(WebsiteMessages.termBeforeStart),
    );
  });

  it('a half-typed or allowed date says nothing', () => {
    const past = (d: dayjs.Dayjs) => d.isBefore(dayjs(), 'day');
    expect(refusedTypedDate('01/0', 'MM/DD/YYYY', past)).toBeNull();
    expect(refusedTypedDate(mmddyyyy(dayjs().add(1, 'day')), 'MM/DD/YYYY', past)).toBeNull();
    expect(refusedTypedDate('02/30/2020', 'MM/DD/YYYY', past)).toBeNull();
    expect(refusedTypedDate('01/02/2020', 'MM/DD/YYYY', past)?.format('YYYY-MM-DD')).toBe('2020-01-02');
  });
});

describe('date rules of the form state', () => {
  const today = dayjs('2026-11-23');
  it('greys out term dates before today in Pending Termination and before the start date always', () => {
    const pt = dateLimits('Pending Termination', dayjs('2021-05-24'), null, today);
    expect(pt.termDisabled(dayjs('2000-01-01'))).toBe(true);
    expect(pt.termDisabled(dayjs('2026-11-22'))).toBe(true);
    expect(pt.termDisabled(dayjs('2026-11-23'))).toBe(false);
    const inactive = dateLimits('Inactive', dayjs('2021-05-24'), dayjs('2022-08-22'), today);
    expect(inactive.termDisabled(dayjs('2021-05-23'))).toBe(true);
    expect(inactive.termDisabled(dayjs('2021-05-24'))).toBe(false);
    expect(inactive.startDisabled(dayjs('2022-08-23'))).toBe(true);
    expect(inactive.startDisabled(dayjs('2022-08-22'))).toBe(false);
  });

  it('a move into Pending Activation clears the term date and starts today; other moves keep the dates', () => {
    expect(datesOnStatusChange('Inactive', 'Pending Activation', today)).toEqual({
      startDate: today.startOf('day'),
      termDate: null,
    });
    expect(datesOnStatusChange('Pending Activation', 'Pending Activation', today)).toEqual({});
    expect(datesOnStatusChange(null, 'Pending Activation', today)).toEqual({});
    expect(datesOnStatusChange('Pending Activation', 'Pending Termination', today)).toEqual({});
  });
});
