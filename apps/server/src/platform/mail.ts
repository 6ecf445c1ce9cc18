import crypto from 'node:crypto';
import { PRODUCT_NAME } from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql.ts';
import { outbox, type MailState } from '../db/schema.ts';
import type { JobRunner } from './jobs.ts';

/**
 * The mail queue. A mail is written to the outbox, in the caller's transaction when it has one, so
 * it exists exactly when the change that causes it does. The `mail.deliver` job sends what is due
 * through SMTP and marks it sent; a failed try waits twice as long as the one before, and after the
 * last it is marked failed with the error. Without SMTP the outbox keeps the mail and logs its link.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A link the message carries; logged when mail is kept in the outbox so flows work without SMTP. */
  link?: string;
}

export interface Mailer {
  /** Queues a mail; pass the transaction of the change that causes it, when there is one. */
  send(message: MailMessage, db?: Db): Promise<void>;
}

export const MAIL_JOB = 'mail.deliver';

export interface MailQueueOptions {
  db: Db;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  publicUrl: string;
  from: string;
  /** null: keep mail in the outbox (no SMTP configured). */
  smtpUrl: string | null;
  /** The first retry waits this long; each later one twice the one before (default 30 s). */
  retrySeconds?: number;
  /** Tries in all before a mail is marked failed (default 8: about two hours with 30 s). */
  maxAttempts?: number;
}

/** Mails claimed per round; sent in parallel over the transport's pooled connections. */
const BATCH = 25;
/** A claim older than this (an instance died mid-send) is taken over. */
const CLAIM_SECONDS = 120;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The text part: the message, then who sent it and where the portal is. */
export function mailText(body: string, publicUrl: string): string {
  return `${body.replace(/\s+$/, '')}\n\n--\n${PRODUCT_NAME}\n${publicUrl}/\n`;
}

/**
 * The HTML part, made from the text: every character escaped (no markup from a message's content can
 * reach it), links made clickable, the product's name above and the portal's link below.
 */
export function mailHtml(subject: string, body: string, publicUrl: string): string {
  const paragraphs = body
    .replace(/\s+$/, '')
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>'),
    )
    .map((p) => `<p style="margin:0 0 14px">${p}</p>`)
    .join('\n');
  const portal = escapeHtml(`${publicUrl}/`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:15px;line-height:1.5">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">
<div style="font-size:18px;font-weight:bold;color:#0958d9;margin-bottom:16px">${escapeHtml(PRODUCT_NAME)}</div>
${paragraphs}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:20px 0">
<div style="font-size:13px;color:#6b7280"><a href="${portal}">Open the ${escapeHtml(PRODUCT_NAME)}</a></div>
</div></body></html>`;
}

interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
  message_id: string;
}

export function createMailQueue(options: MailQueueOptions): Mailer {
  const { db, jobs, log, publicUrl, from, smtpUrl } = options;
  const retrySeconds = options.retrySeconds ?? 30;
  const maxAttempts = options.maxAttempts ?? 8;
  const host = new URL(publicUrl).hostname || 'localhost';
  const transport = smtpUrl
    ? nodemailer.createTransport(
        smtpUrl.includes('pool=') ? smtpUrl : `${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`,
      )
    : null;

  /**
   * Claims what was due when this run began (or was abandoned mid-send), so no other run or
   * instance sends it too, and a mail that fails in this run waits for the next.
   */
  async function claim(runStart: string): Promise<ClaimedMail[]> {
    return rowsOf<ClaimedMail>(
      db,
      sql`
      UPDATE outbox SET status = 'sending', attempts = attempts + 1,
        claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      WHERE id IN (
        SELECT id FROM outbox
        WHERE (status = 'queued' AND next_attempt_at <= ${runStart}::timestamptz)
           OR (status = 'sending' AND claimed_until < now())
        ORDER BY id LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, text, html, attempts, message_id`,
    );
  }

  async function deliverOne(mail: ClaimedMail): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: mail.message_id,
      });
      await db.execute(
        sql`UPDATE outbox SET status = 'sent', sent_at = now(), claimed_until = NULL, last_error = NULL WHERE id = ${mail.id}`,
      );
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const failed = mail.attempts >= maxAttempts;
      const wait = retrySeconds * 2 ** (mail.attempts - 1);
      const status: MailState = failed ? 'failed' : 'queued';
      await db.execute(sql`
        UPDATE outbox SET status = ${status}, last_error = ${error.slice(0, 1000)}, claimed_until = NULL,
          next_attempt_at = now() + make_interval(secs => ${wait})
        WHERE id = ${mail.id}`);
      if (failed) log.error({ mailId: mail.id, to: mail.to, err }, 'mail failed for good');
      else
        log.warn(
          { mailId: mail.id, attempt: mail.attempts, retryInSeconds: wait, error },
          'mail not sent; will retry',
        );
    }
  }

  jobs.define(
    MAIL_JOB,
    async () => {
      if (!transport) return;
      // The database's clock, not this machine's: the two may differ.
      const [start] = await rowsOf<{ now: string }>(db, sql`SELECT now()::text AS now`);
      for (;;) {
        const batch = await claim(start!.now);
        if (batch.length === 0) return;
        await Promise.all(batch.map(deliverOne));
      }
    },
    // Every minute as well as when nudged: retries come due, and a nudge sent before its
    // transaction committed found nothing.
    {
      cron: '* * * * *',
      retryLimit: 2,
      retryDelaySeconds: 5,
      description: 'Sends the mail waiting in the outbox; a failed mail is tried again later.',
    },
  );

  return {
    async send({ to, subject, text, link }, tx) {
      const status: MailState = transport ? 'queued' : 'kept';
      await (tx ?? db).insert(outbox).values({
        to,
        subject,
        text: mailText(text, publicUrl),
        html: mailHtml(subject, text, publicUrl),
        status,
        messageId: `<${crypto.randomUUID()}@${host}>`,
      });
      if (!transport) {
        log.info({ to, subject, ...(link ? { link } : {}) }, 'mail kept in outbox');
        return;
      }
      // Given a moment so that the caller's transaction has committed when the job looks. Inside
      // a transaction the nudge is not awaited: on the embedded database it waits for the one
      // connection, which the transaction holds until the caller returns.
      const nudged = jobs
        .send(MAIL_JOB, {}, tx ? { delaySeconds: 1 } : {})
        .catch((err: unknown) =>
          log.warn({ err }, 'mail delivery could not be nudged; the next minute sends it'),
        );
      if (!tx) await nudged;
    },
  };
}
