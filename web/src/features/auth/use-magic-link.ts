/**
 * The magic-link request flow (spec 000 §4, §8, §9): idle, sending, sent, error. Idle or error shows
 * the form; sending with an address, or sent, shows the check-your-email prompt. Resend is allowed
 * only after sent and while neither the 'Magic link sent!' tick, the 60 s countdown nor a used-up rate
 * limit (until its resetsAt) stands in the way.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { authApi, type AuthApi, type MagicLinkRequestInput, type RateLimitStatus } from '../../lib/auth/api';
import {
  clientFacingMessage,
  NO_EMAIL_TO_RESEND_MESSAGE,
  rateLimitMessage,
  RESEND_COUNTDOWN_MS,
  RESEND_FAILED_MESSAGE,
  SEND_FAILED_MESSAGE,
  SENT_TICK_MS,
} from '../../lib/auth/magic-link';
import { isApiError } from '../../lib/http';

export type MagicLinkStatus = 'idle' | 'sending' | 'sent' | 'error';

export interface MagicLinkTarget {
  /** An absolute redirect URL on this origin, or null for the default destination. */
  redirectUrl: string | null;
  appUrl: string;
  basePath: string;
}

export interface MagicLinkFlow {
  status: MagicLinkStatus;
  email: string | null;
  /** The address of the flow Back left, to start the form with. */
  lastEmail: string | null;
  /** Why the last send failed (the form shows it). */
  error: string | null;
  /** Why the last resend failed (the prompt shows it). */
  resendError: string | null;
  /** True while the 'Magic link sent!' tick shows after a resend. */
  showSentTick: boolean;
  /** Whole seconds until Resend is allowed again; 0 when it is not held back by a countdown. */
  countdownSeconds: number;
  /** The rate-limit message while the limit is used up, else null. */
  rateLimitNotice: string | null;
  canResend: boolean;
  send(email: string): Promise<void>;
  resend(): Promise<void>;
  /** Back: return to the form. */
  reset(): void;
}

/** How long until the next whole second before the soonest future deadline; null when none is ahead. */
function nextTickDelay(deadlines: Array<number | null>, now: number): number | null {
  const ahead = deadlines.filter((deadline): deadline is number => deadline !== null && deadline > now);
  if (ahead.length === 0) return null;
  return Math.min(...ahead.map((deadline) => (deadline - now) % 1000 || 1000));
}

/**
 * The current time, read at each render, and a render at each whole second before the given deadlines
 * so countdowns tick. Reading the clock (not the time a timer fired) keeps the count right when
 * timers run late, as they do in background tabs.
 */
function useClock(deadlines: Array<number | null>): number {
  const [, setTick] = useState(0);
  const now = Date.now();
  const delay = nextTickDelay(deadlines, now);
  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => setTick((n) => n + 1), delay);
    return () => clearTimeout(timer);
  }, [delay, now]);
  return now;
}

export function useMagicLink(target: MagicLinkTarget, api: AuthApi = authApi): MagicLinkFlow {
  const [status, setStatus] = useState<MagicLinkStatus>('idle');
  const [email, setEmail] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  const [rateLimit, setRateLimit] = useState<RateLimitStatus | null>(null);
  const [tickUntil, setTickUntil] = useState<number | null>(null);
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  // Answers to a flow that Back has since reset are dropped.
  const generation = useRef(0);

  const resetsAt = rateLimit && rateLimit.remaining <= 0 ? rateLimit.resetsAt : null;
  const now = useClock([tickUntil, cooldownUntil, resetsAt]);
  const rateLimited = resetsAt !== null && resetsAt > now;
  const showSentTick = tickUntil !== null && now < tickUntil;
  const holdUntil = Math.max(cooldownUntil ?? 0, rateLimited ? resetsAt : 0);
  const countdownSeconds = showSentTick || holdUntil <= now ? 0 : Math.ceil((holdUntil - now) / 1000);
  const canResend = status === 'sent' && !rateLimited && !showSentTick && countdownSeconds === 0;

  const input = useCallback(
    (address: string): MagicLinkRequestInput => ({
      email: address,
      ...(target.redirectUrl ? { redirectUrl: target.redirectUrl } : {}),
      appUrl: target.appUrl,
      basePath: target.basePath,
    }),
    [target.redirectUrl, target.appUrl, target.basePath],
  );

  /** Reads the remaining allowance after a send, so a used-up limit starts its countdown. */
  const readRateLimit = useCallback(
    async (address: string, run: number) => {
      try {
        const state = await api.magicLinkRateLimit(address);
        if (run !== generation.current) return;
        setRateLimit(state);
      } catch {
        // The allowance is advisory: the server refuses a send over the limit anyway.
      }
    },
    [api],
  );

  const send = useCallback(
    async (address: string) => {
      const run = ++generation.current;
      if (resetsAt !== null && resetsAt > Date.now()) {
        setStatus('error');
        setError(rateLimitMessage(resetsAt, Date.now()));
        return;
      }
      setEmail(address);
      setStatus('sending');
      setError(null);
      setResendError(null);
      try {
        await api.requestMagicLink(input(address));
        if (run !== generation.current) return;
        setStatus('sent');
        await readRateLimit(address, run);
      } catch (failure) {
        if (run !== generation.current) return;
        setStatus('error');
        setError(clientFacingMessage(failure, SEND_FAILED_MESSAGE));
        if (isApiError(failure) && failure.status === 429) await readRateLimit(address, run);
      }
    },
    [api, input, resetsAt, readRateLimit],
  );

  const resend = useCallback(async () => {
    if (!email) {
      setResendError(NO_EMAIL_TO_RESEND_MESSAGE);
      return;
    }
    if (resetsAt !== null && resetsAt > Date.now()) {
      setResendError(rateLimitMessage(resetsAt, Date.now()));
      return;
    }
    if (!canResend) return;
    const run = generation.current;
    setStatus('sending');
    setResendError(null);
    try {
      await api.requestMagicLink(input(email));
      if (run !== generation.current) return;
      const tickEnd = Date.now() + SENT_TICK_MS;
      setStatus('sent');
      setTickUntil(tickEnd);
      setCooldownUntil(tickEnd + RESEND_COUNTDOWN_MS);
      await readRateLimit(email, run);
    } catch (failure) {
      if (run !== generation.current) return;
      // The address was sent to before: the prompt stays, with the reason the new link did not go.
      setStatus('sent');
      setResendError(clientFacingMessage(failure, RESEND_FAILED_MESSAGE));
      if (isApiError(failure) && failure.status === 429) await readRateLimit(email, run);
    }
  }, [api, email, input, resetsAt, canResend, readRateLimit]);

  const reset = useCallback(() => {
    generation.current += 1;
    setStatus('idle');
    setLastEmail((previous) => email ?? previous);
    setEmail(null);
    setError(null);
    setResendError(null);
    setTickUntil(null);
    setCooldownUntil(null);
    // The allowance read was for that address; the server answers again for the next one.
    setRateLimit(null);
  }, [email]);

  return {
    status,
    email,
    lastEmail,
    error,
    resendError,
    showSentTick,
    countdownSeconds,
    rateLimitNotice: rateLimited ? rateLimitMessage(resetsAt, now) : null,
    canResend,
    send,
    resend,
    reset,
  };
}
