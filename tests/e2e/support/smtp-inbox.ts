/**
 * Reading the mails the SMTP sink received (see ./smtp-sink.ts), from the test processes. The global
 * setup publishes the inbox address as E2E_MAIL_INBOX_URL.
 */
export interface InboxMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function inboxUrl(): string {
  const url = process.env.E2E_MAIL_INBOX_URL;
  if (!url) throw new Error('E2E_MAIL_INBOX_URL is not set: the sign-in tests need the SMTP sink the global setup starts (leave E2E_BASE_URL unset).');
  return url;
}

export async function mailsTo(address: string): Promise<InboxMail[]> {
  const response = await fetch(`${inboxUrl()}?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`The mail inbox answered ${response.status}`);
  return ((await response.json()) as { mails: InboxMail[] }).mails;
}

/** Waits until `address` has received its `nth` mail (1 = the first) and returns that mail. */
export async function waitForMail(address: string, nth = 1, timeoutMs = 15_000): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    const mail = mails[nth - 1];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`Mail ${nth} to ${address} did not arrive within ${timeoutMs} ms (${mails.length} arrived)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The sign-in link in a magic-link mail's text part. */
export function signInLinkIn(mail: InboxMail): string {
  const match = /https?:\/\/\S+\/auth\/callback\?token=[^\s"<]+/.exec(mail.text);
  if (!match) throw new Error(`No sign-in link in the mail: ${mail.text}`);
  return match[0];
}
