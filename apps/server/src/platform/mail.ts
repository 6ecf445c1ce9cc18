import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A link the message carries; logged when mail is kept in the outbox so flows work without SMTP. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send({ to, subject, text, link }) {
      await db.insert(outbox).values({ to, subject, text });
      log.info({ to, subject, ...(link ? { link } : {}) }, 'mail kept in outbox');
    },
  };
}
