/**
 * The browser tests' mail server: the real SMTP sink of the API suites (tests/support/smtp-sink.ts,
 * which decodes multipart and quoted-printable), started by the global setup and handed to the server
 * as SMTP_URL, so sign-in mails travel over SMTP as in production. The tests run in other processes,
 * so what arrived is also served as JSON on a loopback HTTP port (read with ./smtp-inbox.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpSink } from '../../support/smtp-sink';

export interface E2eMailSink {
  /** For the server: smtp://127.0.0.1:<port> */
  smtpUrl: string;
  /** For the tests: GET <inboxUrl>?to=<address> answers { mails: [...] }, oldest first. */
  inboxUrl: string;
  close(): Promise<void>;
}

export async function startE2eMailSink(): Promise<E2eMailSink> {
  const sink = await startSmtpSink();
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/mails') {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const mails = sink.mails
      .filter((mail) => !to || mail.to.includes(to))
      .map(({ from, to: recipients, subject, text, html }) => ({ from, to: recipients, subject, text, html }));
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ mails }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    smtpUrl: sink.url,
    inboxUrl: `http://127.0.0.1:${port}/mails`,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await sink.close();
    },
  };
}
