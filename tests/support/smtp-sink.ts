/**
 * A real SMTP server for tests (smtp-server): the product sends through nodemailer over the
 * network, and the test reads what arrived. Multipart bodies are split and their parts decoded
 * (quoted-printable, base64), enough to read subjects, text and links.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

const decodeWord = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

function parts(raw: string): { headers: Record<string, string>; body: string }[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) {
    const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
    const decoded = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
    return [{ headers, body: decoded }];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .flatMap((p) => parts(p.replace(/^\r?\n/, '')));
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Waits for the next mail to `to` (or any) that arrives after `since` mails were seen. */
  waitFor(to: string, options?: { timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  /** Makes the server refuse the next messages (to test a failed send). */
  refuse(refuse: boolean): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing) return callback(new Error('Mailbox unavailable'));
        const raw = Buffer.concat(chunks).toString('utf8');
        const all = parts(raw);
        const top = parseHeaders(raw.slice(0, raw.search(/\r?\n\r?\n/)));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeWord(top.subject ?? ''),
          text: all.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith('text/plain'))?.body ?? '',
          html: all.find((p) => (p.headers['content-type'] ?? '').startsWith('text/html'))?.body ?? '',
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse: (value) => {
      refusing = value;
    },
    async waitFor(to, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      const start = options.after ?? 0;
      for (;;) {
        const found = mails.slice(start).find((m) => m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${options.timeoutMs ?? 10_000} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const linkIn = (mail: ReceivedMail) => {
  const m = /https?:\/\/\S+\/auth\/callback\?token=[^\s"<]+/.exec(mail.text);
  if (!m) throw new Error(`No sign-in link in the mail: ${mail.text}`);
  return m[0];
};
