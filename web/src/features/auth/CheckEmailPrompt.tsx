import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { pageTitle } from '../../lib/product';
import { MAGIC_LINK_SENT_MESSAGE, maskEmail } from '../../lib/auth/magic-link';
import { classNames } from '../../ui/size';
import { Heading, type HeadingLevel } from './Heading';
import { ArrowLeftIcon, CheckIcon, MailIcon } from '../../ui/icons';
import { MailQuickLinks } from '../../ui/MailQuickLinks';
import type { MagicLinkFlow } from './use-magic-link';

export interface CheckEmailPromptProps {
  headingLevel: HeadingLevel;
  flow: MagicLinkFlow;
}

function resendLabel(flow: MagicLinkFlow): string {
  if (flow.status === 'sending') return 'Sending...';
  if (flow.showSentTick) return MAGIC_LINK_SENT_MESSAGE;
  if (flow.countdownSeconds > 0) return `Resend in ${flow.countdownSeconds}s`;
  return 'Resend link';
}

/** 'Check your email' (spec 000 §2, §4): the masked address, mail quick links, Back and Resend. */
export function CheckEmailPrompt({ headingLevel, flow }: CheckEmailPromptProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const sending = flow.status === 'sending';

  // The form gave way to this prompt: move the reading position to its heading.
  useEffect(() => heading.current?.focus(), []);

  // aria-disabled rather than disabled: the button keeps focus while it waits, and says why.
  const resend = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.currentTarget.getAttribute('aria-disabled') === 'true') return;
    void flow.resend();
  };

  return (
    <section aria-labelledby={headingId} className="check-email">
      {headingLevel === 1 && <title>{pageTitle('Check your email')}</title>}
      <div className="auth-card__icon" aria-hidden="true">
        <MailIcon size={28} />
      </div>
      <Heading level={headingLevel} id={headingId} ref={heading} tabIndex={-1} className="auth-card__title">
        Check your email
      </Heading>
      <p className="auth-card__lead">
        {sending && !flow.showSentTick ? 'We’re sending a sign-in link to ' : 'We sent a sign-in link to '}
        <strong className="masked-email">{maskEmail(flow.email ?? '')}</strong>. Open it on this device to sign in.
      </p>
      <p className="auth-card__hint">The link works once and expires soon. If it hasn’t arrived, check your spam folder.</p>

      <MailQuickLinks />

      {flow.rateLimitNotice && <p className="auth-notice auth-notice--warning">{flow.rateLimitNotice}</p>}
      {flow.resendError && (
        <p className="auth-notice auth-notice--error" role="alert">
          {flow.resendError}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {flow.showSentTick ? MAGIC_LINK_SENT_MESSAGE : ''}
      </p>

      <div className="auth-actions">
        <button type="button" className="button button--secondary button--md" onClick={flow.reset}>
          <ArrowLeftIcon />
          <span className="button__label">Back</span>
        </button>
        <button
          type="button"
          className={classNames('button button--md', flow.showSentTick ? 'button--success' : 'button--primary')}
          aria-disabled={!flow.canResend || undefined}
          aria-busy={sending || undefined}
          onClick={resend}
        >
          {flow.showSentTick && <CheckIcon />}
          {sending && (
            <span className="spinner spinner--sm button__spinner" aria-hidden="true">
              <span className="spinner__circle" />
            </span>
          )}
          <span className="button__label">{resendLabel(flow)}</span>
        </button>
      </div>
    </section>
  );
}
