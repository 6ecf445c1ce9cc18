import { TICKETS_PER_HOUR, TicketMessages } from '@vp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, tickets } from '../../db/schema.ts';
import { refuseMailTo, setup, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
let demo: string;
let viewer: string;
beforeAll(async () => {
  t = await setup();
  [demo, viewer] = await Promise.all([t.login('demo'), t.login('viewer')]);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/ticket', () => {
  const ticket = {
    subject: 'Cannot find an agent',
    category: 'Problem',
    message: 'Searching for Smith shows nothing.',
  };

  it('stores the feedback and mails it to the support address, also for a read-only user', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: t.auth(viewer),
      payload: ticket,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      message: 'Thank you! Your feedback has been sent.',
    });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, res.json().id));
    expect(row).toMatchObject({ subject: ticket.subject, category: 'Problem', message: ticket.message });
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'support@mls.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(ticket.subject);
    expect(mails[0]!.text).toContain(ticket.message);
  });

  it.each([
    [{ ...ticket, subject: '  ' }, 'Please enter a subject.'],
    [{ ...ticket, category: 'Complaint' }, 'Please select a category.'],
    [{ subject: 'x', category: 'Other' }, 'Please enter a message.'],
    [{ ...ticket, subject: 'x'.repeat(201) }, 'Subject cannot be more than 200 characters.'],
  ])('refuses %j with 400', async (payload, message) => {
    const res = await t.inject({ method: 'POST', url: '/api/ticket', headers: t.auth(demo), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message });
  });
});

describe('a ticket and its mail', () => {
  it('are stored together: when the mail cannot be queued, no ticket is kept', async () => {
    const restore = await refuseMailTo(t, 'support@mls.test');
    try {
      const before = await t.db.select().from(tickets);
      const res = await t.inject({
        method: 'POST',
        url: '/api/ticket',
        headers: t.auth(demo),
        payload: { subject: 'Lost in the outage', category: 'Problem', message: 'Never stored alone.' },
      });
      expect(res.statusCode).toBe(500);
      expect(await t.db.select().from(tickets)).toHaveLength(before.length);
    } finally {
      await restore();
    }
  });
});

describe('a flood of tickets', () => {
  it(`is cut off after ${TICKETS_PER_HOUR} an hour per user, with nothing stored or mailed past it`, async () => {
    const other = await t.login('other');
    const send = (token: string, i: number) =>
      t.inject({
        method: 'POST',
        url: '/api/ticket',
        headers: t.auth(token),
        payload: { subject: `Flood ${i}`, category: 'Other', message: 'Again.' },
      });
    const answers = await Promise.all(Array.from({ length: TICKETS_PER_HOUR + 5 }, (_, i) => send(other, i)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(TICKETS_PER_HOUR);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.json())).toEqual(
      Array.from({ length: 5 }, () => ({ code: 429, message: TicketMessages.tooMany })),
    );
    const mailed = await t.db.select().from(outbox).where(eq(outbox.to, 'support@mls.test'));
    expect(mailed.filter((m) => m.subject.includes('Flood'))).toHaveLength(TICKETS_PER_HOUR);
    // Another user is not held by it.
    expect((await send(demo, 99)).statusCode).toBe(200);
  });
});
