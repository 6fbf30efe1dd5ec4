import { useCallback, useEffect, useReducer, useRef, useState, type MouseEvent } from 'react';
import { MAGIC_LINK_SENT_MESSAGE, maskEmail } from '../../lib/auth/magic-link';
import { classNames } from '../../ui/size';
import { MailQuickLinks } from '../../ui/MailQuickLinks';
import '../../ui/card-page.css';
import './lead.css';
import type { FlowStepProps } from '../../ui/flow';
import { confirmationReducer, initialConfirmationState, nextRenderDelay, resendView } from './confirmation';
import { NO_RESEND_HANDLER_MESSAGE, sendFailureMessage } from './lead-messages';

export interface ConfirmationStepProps extends Partial<FlowStepProps> {
  /** The address to confirm; by default the `email` the step named by `emailStepId` collected. */
  email?: string;
  emailStepId?: string;
  /** Sends the link when the step is entered (POST /api/auth/magic-link). Without it nothing is sent on entry. */
  send?: (email: string) => Promise<void>;
  /** Sends it again. Without it, Resend says 'No resend handler configured.' (in the flow's banner). */
  onResend?: (email: string) => Promise<void>;
  /** The address already has an account: the text welcomes the member back instead of inviting them in. */
  returning?: boolean | null;
}

function addressFrom(allData: FlowStepProps['allData'] | undefined, stepId: string): string {
  const entry = allData?.[stepId];
  if (typeof entry !== 'object' || entry === null) return '';
  const { email } = entry as { email?: unknown };
  return typeof email === 'string' ? email : '';
}

/** Re-renders at each deadline the view depends on, reading the clock each time (timers run late in background tabs). */
function useNow(delay: number | null): number {
  const [, setTick] = useState(0);
  const now = Date.now();
  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => setTick((n) => n + 1), delay);
    return () => clearTimeout(timer);
  }, [delay, now]);
  return now;
}

/**
 * The lead flow's confirmation (spec 000 §2 screen 5, §8 'Confirmation step'): the magic link is sent
 * as the step opens, the masked address and the mail quick links show, and Resend sends it again with
 * the tick and countdown of the sign-in prompt. A failed send is said in the flow's error banner in the
 * spec's words (spec 001 §8), and taken away again once a send gets through.
 */
export function ConfirmationStep({ email, emailStepId = 'email', send, onResend, returning = null, allData, fail, clearError }: ConfirmationStepProps) {
  const address = email ?? addressFrom(allData, emailStepId);
  const [state, dispatch] = useReducer(confirmationReducer, initialConfirmationState);
  const now = useNow(nextRenderDelay(state, Date.now()));
  const view = resendView(state, now);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (handler: (to: string) => Promise<void>, to: string, resend: boolean) => {
    dispatch({ type: 'send', resend });
    try {
      await handler(to);
      if (!mounted.current) return;
      dispatch({ type: 'sent', at: Date.now() });
      clearError?.();
    } catch (error) {
      if (!mounted.current) return;
      dispatch({ type: 'failed' });
      fail?.(sendFailureMessage(error));
    }
  }, [fail, clearError]);

  // One send per entry into the step: the ref survives React's development double effects.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!send || address === '' || sentFor.current === address) return;
    sentFor.current = address;
    void run(send, address, false);
  }, [send, address, run]);

  // aria-disabled rather than disabled: the button keeps focus while it waits, and says why.
  const resend = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.currentTarget.getAttribute('aria-disabled') === 'true') return;
    if (!onResend) {
      fail?.(NO_RESEND_HANDLER_MESSAGE);
      return;
    }
    void run(onResend, address, true);
  };

  const masked = <strong className="masked-email">{maskEmail(address)}</strong>;
  const sending = state.status === 'sending';
  return (
    <div className="lead-confirmation">
      <p className="lead-confirmation__lead" aria-live="polite">
        {sending && !state.resending ? (
          <>We’re sending a sign-in link to {masked}…</>
        ) : state.status === 'failed' && !state.resending ? (
          <>We couldn’t send a sign-in link to {masked}.</>
        ) : returning ? (
          <>Welcome back! We sent a sign-in link to {masked}. Open it on this device to sign in.</>
        ) : (
          <>We sent a link to {masked}. Open it on this device to create your account and start reading.</>
        )}
      </p>
      <p className="lead-confirmation__hint">The link works once and expires soon. If it hasn’t arrived, check your spam folder.</p>

      <MailQuickLinks />

      <p className="visually-hidden" role="status">
        {view.showTick ? MAGIC_LINK_SENT_MESSAGE : ''}
      </p>
      <div className="lead-confirmation__actions">
        <button
          type="button"
          className={classNames('button button--md', view.showTick ? 'button--success' : 'button--primary')}
          aria-disabled={!view.enabled || undefined}
          aria-busy={sending || undefined}
          onClick={resend}
        >
          {sending && (
            <span className="spinner spinner--sm button__spinner" aria-hidden="true">
              <span className="spinner__circle" />
            </span>
          )}
          <span className="button__label">{view.label}</span>
        </button>
      </div>
    </div>
  );
}
