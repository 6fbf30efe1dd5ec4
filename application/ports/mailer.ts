/** Outgoing mail. The SMTP adapter sends it; the dev mailbox keeps it for GET /api/dev/mailbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What kind of mail this is (for logs and the dev mailbox), e.g. 'magic-link'. */
  tag: string;
}

export interface Mailer {
  /** Resolves when the mail has been accepted for delivery; rejects when it was not. */
  send(message: MailMessage): Promise<void>;
}
