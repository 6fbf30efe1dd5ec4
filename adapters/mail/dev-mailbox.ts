/**
 * Development's stand-in for SMTP: mails are logged and kept (newest first, the last 50) for
 * GET /api/dev/mailbox. Never used in production (config requires SMTP_URL there).
 */
import type { Mailer, MailMessage } from '../../application/ports/mailer';

export interface StoredMail extends MailMessage {
  id: number;
  sentAt: string;
}

export interface DevMailbox extends Mailer {
  list(to?: string): StoredMail[];
}

export function createDevMailbox(log: (mail: StoredMail) => void = () => undefined, capacity = 50): DevMailbox {
  const mails: StoredMail[] = [];
  let next = 1;
  return {
    async send(message) {
      const mail = { ...message, id: next++, sentAt: new Date().toISOString() };
      mails.unshift(mail);
      mails.length = Math.min(mails.length, capacity);
      log(mail);
    },
    list: (to) => (to ? mails.filter((m) => m.to === to.toLowerCase()) : [...mails]),
  };
}
