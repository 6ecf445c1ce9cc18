import { JobMessages, type JobInfo } from '@vp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterReplyIdle } from '../../platform/after-reply.ts';
import { uploadPaperSaf } from '../documents/test-fixture.ts';
import { SAF_REMINDERS_JOB } from '../signatures/index.ts';
import { TERM_DATES_JOB } from '../websites/index.ts';
import { createSite, setupPortal, type PortalTest } from '../websites/test-fixture.ts';

/** The console's Jobs calls, and the scheduled work of the licensing loop: term dates and reminders. */

let t: PortalTest;
beforeAll(async () => {
  t = await setupPortal({ env: { SAF_REMINDER_DAYS: '2', SAF_REMINDER_LIMIT: '2' } });
});
afterAll(async () => {
  await t.close();
});

const jobs = async (): Promise<JobInfo[]> => {
  const res = await t.call(t.tokens.admin, 'GET', '/api/admin/jobs');
  expect(res.statusCode).toBe(200);
  return res.json();
};

async function activeSite(memberNumber: string): Promise<number> {
  const id = await createSite(t, memberNumber);
  await uploadPaperSaf(t, t.tokens.admin, t.vendors.summit, id);
  const [row] = await t.rows<{ version: number }>(sql`SELECT version FROM websites WHERE id = ${id}`);
  const res = await t.call(t.tokens.admin, 'POST', `/api/admin/websites/${id}/activate`, {
    version: row!.version,
  });
  expect(res.statusCode).toBe(200);
  return id;
}

/** An Active site asks for termination on a future date, which is then made to have passed. */
async function dueTermination(memberNumber: string, daysAgo: number): Promise<number> {
  const id = await activeSite(memberNumber);
  const termDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const res = await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${id}/termination`, { termDate });
  expect(res.statusCode).toBe(200);
  await t.db.execute(sql`UPDATE websites SET term_date = current_date - ${daysAgo}::int WHERE id = ${id}`);
  return id;
}

const statusOf = async (id: number) =>
  (await t.rows<{ status: string }>(sql`SELECT status FROM websites WHERE id = ${id}`))[0]!.status;

describe('the Jobs screen’s calls', () => {
  it('lists every job with its schedule and runs one on demand, recorded as manual', async () => {
    const list = await jobs();
    const names = list.map((j) => j.name);
    for (const name of [TERM_DATES_JOB, SAF_REMINDERS_JOB, 'mail.deliver', 'documents.orphan-sweep'])
      expect(names).toContain(name);
    for (const job of list) expect(job.description, job.name).not.toBe('');
    expect(list.find((j) => j.name === TERM_DATES_JOB)!.cron).toBe('5 0 * * *');

    const res = await t.call(t.tokens.admin, 'POST', `/api/admin/jobs/${TERM_DATES_JOB}/run`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: JobMessages.started(TERM_DATES_JOB) });
    await afterReplyIdle();
    const [run] = (await jobs()).find((j) => j.name === TERM_DATES_JOB)!.runs;
    expect(run).toMatchObject({ ok: true, error: null, manual: true });
    expect(run!.finishedAt).not.toBeNull();
    expect(run!.summary).toMatch(/term date/);

    expect((await t.call(t.tokens.admin, 'POST', '/api/admin/jobs/no.such/run')).statusCode).toBe(404);
    expect((await t.call(t.tokens.demo, 'GET', '/api/admin/jobs')).statusCode).toBe(404);
    expect((await t.call(t.tokens.viewer, 'POST', `/api/admin/jobs/${TERM_DATES_JOB}/run`)).statusCode).toBe(
      404,
    );
  });

  it('a job that changes data asks first with what it would do; one that does not says what it does', async () => {
    const list = await jobs();
    expect(list.find((j) => j.name === TERM_DATES_JOB)!.asksFirst).toBe(true);
    expect(list.find((j) => j.name === 'mail.deliver')!.asksFirst).toBe(false);
    const preview = (name: string, token = t.tokens.admin) =>
      t.call(token, 'GET', `/api/admin/jobs/${encodeURIComponent(name)}/preview`);

    const before = await preview(TERM_DATES_JOB);
    expect(before.statusCode).toBe(200);
    const due = await dueTermination(t.agents.local[14]!, 2);
    const asked = (await preview(TERM_DATES_JOB)).json().message as string;
    const n = Number(/terminate (\d+) website/.exec(asked)?.[1]);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(asked).toBe(
      `This will terminate ${n} ${n === 1 ? 'website' : 'websites'} whose term date has come, ending their licences.`,
    );
    // Asking changes nothing.
    expect(await statusOf(due)).toBe('Pending Termination');

    // The run then records what it did, in the same words.
    await t.app.ctx.jobs.runNow(TERM_DATES_JOB);
    expect(await statusOf(due)).toBe('Inactive');
    const [run] = (await jobs()).find((j) => j.name === TERM_DATES_JOB)!.runs;
    expect(run!.summary).toBe(
      `Terminated ${n} ${n === 1 ? 'website' : 'websites'} whose term date had come.`,
    );
    expect((await preview(TERM_DATES_JOB)).json().message).toBe(
      'No website in Pending Termination has reached its term date: a run now changes nothing.',
    );

    const mail = list.find((j) => j.name === 'mail.deliver')!;
    expect((await preview('mail.deliver')).json()).toEqual({ message: mail.description });
    expect((await preview('no.such')).statusCode).toBe(404);
    expect((await preview(TERM_DATES_JOB, t.tokens.demo)).statusCode).toBe(404);
    expect((await preview(TERM_DATES_JOB, t.tokens.viewer)).statusCode).toBe(404);
  });

  it('a failing run is listed with its error', async () => {
    t.app.ctx.jobs.define('test.failing', async () => {
      throw new Error('the roster server answered 503');
    });
    await expect(t.app.ctx.jobs.runNow('test.failing')).rejects.toThrow();
    const [run] = (await jobs()).find((j) => j.name === 'test.failing')!.runs;
    expect(run).toMatchObject({
      ok: false,
      error: 'the roster server answered 503',
      manual: false,
      summary: null,
    });
  });
});

describe('term dates', () => {
  it('a reached term date terminates the site, in the portal’s name, and tells the vendor', async () => {
    const due = await dueTermination(t.agents.local[10]!, 1);
    const later = await activeSite(t.agents.local[11]!);
    await t.call(t.tokens.demo, 'POST', `/api/portal/websites/${later}/termination`, {
      termDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    });
    await t.app.ctx.jobs.runNow(TERM_DATES_JOB);
    expect(await statusOf(due)).toBe('Inactive');
    expect(await statusOf(later)).toBe('Pending Termination');
    const [entry] = await t.rows<{ username: string; description: string }>(
      sql`SELECT username, description FROM website_changes WHERE website_id = ${due} ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({ username: 'system', description: 'Status changed to Inactive' });
    // The vendor's users are told the portal did it, not a member of staff.
    const [told] = await t.rows<{ content: string }>(
      sql`SELECT content FROM notifications WHERE website_id = ${due} ORDER BY id DESC LIMIT 1`,
    );
    expect(told!.content).toMatch(
      /^Summit Web Solutions: The portal changed .*: Status changed to Inactive$/,
    );
    // Run again: nothing more happens.
    await t.app.ctx.jobs.runNow(TERM_DATES_JOB);
    const [count] = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM website_changes WHERE website_id = ${due} AND description = 'Status changed to Inactive'`,
    );
    expect(count!.n).toBe(1);
  });

  it('configured to flag, it only tells MLS staff, on the day', async () => {
    const id = await dueTermination(t.agents.local[12]!, 0);
    const config = t.app.ctx.config;
    config.termDateAction = 'flag';
    try {
      await t.app.ctx.jobs.runNow(TERM_DATES_JOB);
    } finally {
      config.termDateAction = 'terminate';
    }
    expect(await statusOf(id)).toBe('Pending Termination');
    const notices = await t.rows<{ username: string }>(
      sql`SELECT u.username FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE n.website_id = ${id} AND n.content LIKE '%term date%'`,
    );
    expect(notices.map((n) => n.username)).toEqual(['admin']);
  });
});

describe('Site Access Form reminders', () => {
  it('remind who has not signed every few days with a new link, up to the limit', async () => {
    const site = await createSite(t, t.agents.local[13]!);
    const [safType] = await t.rows<{ id: number }>(sql`SELECT id FROM document_types WHERE name = 'saf'`);
    const prepared = await t.call(
      t.tokens.demo,
      'GET',
      `/api/documenttype/${safType!.id}/sign?website=${site}`,
    );
    expect(prepared.statusCode).toBe(200);
    const sent = await t.call(t.tokens.demo, 'POST', `/api/documenttype/${safType!.id}/sign`, {
      fields: { domainName: 'x' },
      id: site,
      type: 'website',
      signatures: prepared.json(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const requestOf = sql`(SELECT r.id FROM signature_requests r JOIN documents d ON d.id = r.document_id WHERE d.website_id = ${site})`;
    const signers = async () =>
      t.rows<{ email: string; reminders_sent: number; token_hash: string }>(
        sql`SELECT email, reminders_sent, token_hash FROM signers WHERE request_id = ${requestOf} ORDER BY position`,
      );
    const first = await signers();
    const reminders = async () =>
      (
        await t.rows<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM outbox WHERE subject LIKE 'Reminder:%' AND "to" = ${first[0]!.email}`,
        )
      )[0]!.n;
    const before = await reminders();

    // Not yet due: nothing is sent.
    await t.app.ctx.jobs.runNow(SAF_REMINDERS_JOB);
    expect((await signers()).map((s) => s.reminders_sent)).toEqual(first.map(() => 0));

    const age = () =>
      t.db.execute(
        sql`UPDATE signers SET link_sent_at = now() - interval '3 days' WHERE request_id = ${requestOf}`,
      );
    for (let round = 1; round <= 3; round++) {
      await age();
      await t.app.ctx.jobs.runNow(SAF_REMINDERS_JOB);
    }
    const after = await signers();
    // Two reminders each (the limit), each with a new link: the first one no longer works.
    expect(after.map((s) => s.reminders_sent)).toEqual(first.map(() => 2));
    expect(after[0]!.token_hash).not.toBe(first[0]!.token_hash);
    expect((await reminders()) - before).toBe(2);
  });
});
