/** The Mailer port over SMTP (nodemailer). `SMTP_URL` says where; `MAIL_FROM` who sends. */
import nodemailer from 'nodemailer';
import type { Mailer } from '../../application/ports/mailer';

export function createSmtpMailer(options: { url: string; from: string }): Mailer & { close(): void } {
  const url = new URL(options.url);
  // A plain-text local relay (a test sink, mailpit) is addressed as smtp://host:port with no TLS.
  const insecureLocal = url.protocol === 'smtp:' && url.searchParams.get('tls') === 'off';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    ignoreTLS: insecureLocal,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: { 'X-Mail-Tag': message.tag } });
    },
    close: () => transport.close(),
  };
}
