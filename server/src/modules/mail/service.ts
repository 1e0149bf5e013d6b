/**
 * Sends mail through nodemailer when SMTP_URL is set; otherwise into the outbox table and the
 * server log, so that everything works locally and in tests.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepo } from './repo';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export function createMailService(opts: { smtpUrl?: string; from: string; outbox: OutboxRepo; log: FastifyBaseLogger }) {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(mail: Mail) {
      if (transport) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
        return;
      }
      await opts.outbox.insert(mail.to, mail.subject, mail.text);
      opts.log.info({ to: mail.to, subject: mail.subject }, `outbox mail: ${mail.text}`);
    },
    latestInOutbox: (to: string) => opts.outbox.latest(to),
  };
}
export type MailService = ReturnType<typeof createMailService>;
