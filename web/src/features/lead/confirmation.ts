/**
 * The confirmation step's rules (spec 000 §4, §8, §9) as a pure reducer: the link is sent when the
 * step is entered; Resend sends it again, shows 'Magic link sent!' for 1.5 s, then counts 'Resend in
 * Ns' down from 60 s. A failed send keeps the step (the flow's banner says why); Resend then tries
 * again at once.
 */
import { MAGIC_LINK_SENT_MESSAGE, RESEND_COUNTDOWN_MS, SENT_TICK_MS } from '../../lib/auth/magic-link';

export type ConfirmationStatus = 'sending' | 'sent' | 'failed' | 'idle';

export interface ConfirmationState {
  status: ConfirmationStatus;
  /** True while the send in flight is a resend (the first send shows no tick). */
  resending: boolean;
  tickUntil: number | null;
  cooldownUntil: number | null;
}

export type ConfirmationEvent =
  | { type: 'send'; resend: boolean }
  | { type: 'sent'; at: number }
  | { type: 'failed' };

export const initialConfirmationState: ConfirmationState = { status: 'idle', resending: false, tickUntil: null, cooldownUntil: null };

export function confirmationReducer(state: ConfirmationState, event: ConfirmationEvent): ConfirmationState {
  switch (event.type) {
    case 'send':
      return { ...state, status: 'sending', resending: event.resend };
    case 'sent':
      if (!state.resending) return { ...state, status: 'sent' };
      return { ...state, status: 'sent', tickUntil: event.at + SENT_TICK_MS, cooldownUntil: event.at + SENT_TICK_MS + RESEND_COUNTDOWN_MS };
    case 'failed':
      return { ...state, status: 'failed' };
  }
}

export interface ResendView {
  label: string;
  /** Resend may be pressed now (not sending, no tick, no countdown). */
  enabled: boolean;
  showTick: boolean;
  countdownSeconds: number;
}

export function resendView(state: ConfirmationState, now: number): ResendView {
  const showTick = state.tickUntil !== null && now < state.tickUntil;
  const countdownSeconds = !showTick && state.cooldownUntil !== null && state.cooldownUntil > now ? Math.ceil((state.cooldownUntil - now) / 1000) : 0;
  const sending = state.status === 'sending';
  const label = sending ? 'Sending...' : showTick ? MAGIC_LINK_SENT_MESSAGE : countdownSeconds > 0 ? `Resend in ${countdownSeconds}s` : 'Resend link';
  return { label, enabled: !sending && !showTick && countdownSeconds === 0, showTick, countdownSeconds };
}

/** The deadlines the view must re-render at (the tick's end, each second of the countdown). */
export function nextRenderDelay(state: ConfirmationState, now: number): number | null {
  const ahead = [state.tickUntil, state.cooldownUntil].filter((at): at is number => at !== null && at > now);
  if (ahead.length === 0) return null;
  return Math.min(...ahead.map((at) => (at - now) % 1000 || 1000));
}
