import { PRODUCT_NAME } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUBLIC_URL, setup, type TestContext } from '../../test/helper.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { buildApp } from '../app.ts';
import { afterReplyIdle } from './after-reply.ts';
import { rowsOf } from '../db/sql.ts';
import { createManualJobRunner } from './jobs.ts';
import { MAIL_JOB, createMailQueue } from './mail.ts';

interface Row {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
}

describe('the mail queue', () => {
  let smtp: TestSmtp;
  let t: TestContext;
  /** The app in use: the test restarts it on the same database. */
  let app: FastifyInstance;
  const rows = (to: string) =>
    rowsOf<Row>(
      t.db,
      sql`SELECT id, status, attempts, last_error FROM outbox WHERE "to" = ${to} ORDER BY id`,
    );
  /** A run of delivery, once the nudge each queued mail gives the job has run its course. */
  const deliver = async () => {
    await afterReplyIdle();
    await app.ctx.jobs.runNow(MAIL_JOB);
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await setup({ env: { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0' } });
    app = t.app;
  });
  afterAll(async () => {
    if (app !== t.app) await app.close();
    await t.close();
    await smtp.stop();
  });

  it('delivers a queued mail with its headers, a text and an HTML part, the product and the portal', async () => {
    // Queuing nudges the delivery job, which sends it at once.
    await app.ctx.mailer.send({
      to: 'ana@vendor.test',
      subject: 'Hello <there>',
      text: 'Line one\nSee https://x.test/a?b=1&c=2',
    });
    await deliver();
    await smtp.waitFor(1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['ana@vendor.test']);
    expect(mail.header('Subject')).toBe('Hello <there>');
    expect(mail.header('From')).toContain('no-reply@localhost');
    expect(mail.header('Message-ID')).toMatch(/^<[0-9a-f-]+@portal\.test>$/);
    expect(mail.header('Content-Type')).toMatch(/multipart\/alternative/);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain(PRODUCT_NAME);
    expect(mail.raw).toContain(`${PUBLIC_URL}/`);
    // The HTML part escapes what the text holds.
    expect(mail.decoded).toContain('<title>Hello &lt;there&gt;</title>');
    expect(mail.decoded).toContain('<a href="https://x.test/a?b=1&amp;c=2">');
    expect((await rows('ana@vendor.test'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps a mail while the server is down, across an app restart, and delivers it once when back', async () => {
    await smtp.stop();
    await app.ctx.mailer.send({ to: 'ben@vendor.test', subject: 'Waiting', text: 'Body' });
    // The nudge's run tried once.
    await afterReplyIdle();
    const [waiting] = await rows('ben@vendor.test');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.last_error).toMatch(/ECONNREFUSED/);

    // The app restarts on the same database; nothing is lost.
    await app.close();
    app = await buildApp({ config: t.config, database: t.database, logger: false, jobs: 'manual' });
    await app.ready();
    await smtp.start();
    const before = smtp.received.length;
    await Promise.all([deliver(), deliver()]);
    await deliver();
    await smtp.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.filter((m) => m.to.includes('ben@vendor.test'))).toHaveLength(1);
    expect((await rows('ben@vendor.test'))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
    });
  });

  it('marks a mail failed with its error after the last try', async () => {
    await smtp.stop();
    try {
      await app.ctx.mailer.send({ to: 'cleo@vendor.test', subject: 'Never', text: 'Body' });
      for (let i = 0; i < 8; i++) await deliver();
      const [failed] = await rows('cleo@vendor.test');
      expect(failed).toMatchObject({ status: 'failed', attempts: 8 });
      expect(failed!.last_error).toMatch(/ECONNREFUSED/);
      // A failed mail is not tried again.
      await deliver();
      expect((await rows('cleo@vendor.test'))[0]!.attempts).toBe(8);
    } finally {
      await smtp.start();
    }
  });

  it('writes nothing when the change that causes the mail is rolled back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await app.ctx.mailer.send({ to: 'dan@vendor.test', subject: 'Rolled back', text: 'Body' }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows('dan@vendor.test')).toEqual([]);
  });

  it('takes over a mail whose sender died mid-send, and sends it once', async () => {
    // Claimed by a run that died before it could send it or say so.
    await t.db.execute(
      sql`INSERT INTO outbox ("to", subject, text, status, attempts, claimed_until, message_id)
          VALUES ('eve@vendor.test', 'Abandoned', 'Body', 'sending', 1, now() - interval '1 second', '<eve@portal.test>')`,
    );
    const before = smtp.received.length;
    await deliver();
    await smtp.waitFor(before + 1);
    expect((await rows('eve@vendor.test'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('without SMTP', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(() => t.close());

  it('keeps the mail in the outbox and sends nothing', async () => {
    await t.app.ctx.mailer.send({ to: 'kept@vendor.test', subject: 'Kept', text: 'Body', link: 'http://x' });
    await t.app.ctx.jobs.runNow(MAIL_JOB);
    const kept = await rowsOf<Row>(
      t.db,
      sql`SELECT status, attempts FROM outbox WHERE "to" = 'kept@vendor.test'`,
    );
    expect(kept).toEqual([{ status: 'kept', attempts: 0 }]);
  });
});

describe('a mail queued inside a transaction', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(async () => t.close());

  it('lets the transaction finish while the queue, which needs the database too, is nudged', async () => {
    // The job queue writes its nudge through the database, as pg-boss does: on the embedded
    // database that statement waits for the one connection, held by the transaction until it ends.
    const nudges: string[] = [];
    const jobs = {
      ...createManualJobRunner(t.app.log, t.db),
      async send(name: string) {
        await t.db.execute(sql`SELECT 1`);
        nudges.push(name);
      },
    };
    const mailer = createMailQueue({
      db: t.db,
      jobs,
      log: t.app.log,
      publicUrl: PUBLIC_URL,
      from: 'Vendor Portal <no-reply@portal.test>',
      smtpUrl: 'smtp://127.0.0.1:9',
    });
    await t.db.transaction(async (tx) => {
      await mailer.send({ to: 'fay@vendor.test', subject: 'Invited', text: 'Body' }, tx);
    });
    const [row] = await rowsOf<{ status: string }>(
      t.db,
      sql`SELECT status FROM outbox WHERE "to" = 'fay@vendor.test'`,
    );
    expect(row?.status).toBe('queued');
    await vi.waitFor(() => expect(nudges).toEqual([MAIL_JOB]));
  });
});
