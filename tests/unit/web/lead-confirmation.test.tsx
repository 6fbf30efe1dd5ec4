/**
 * The lead flow's confirmation step on its own (spec 000 §8 'Confirmation step'): which message each
 * failure gives, the step without a resend handler, and the rules of its Resend button.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmationStep } from '../../../web/src/features/lead/ConfirmationStep';
import { confirmationReducer, initialConfirmationState, resendView } from '../../../web/src/features/lead/confirmation';
import {
  INVALID_REQUEST_MESSAGE,
  NO_RESEND_HANDLER_MESSAGE,
  PROCESS_EMAIL_FAILED_MESSAGE,
  SEND_FAILED_MESSAGE,
  sendFailureMessage,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '../../../web/src/features/lead/lead-messages';
import { ApiError } from '../../../web/src/lib/http';
import { useFakeClock } from './auth-fixtures';

const apiError = (status: number, code: string, message: string) => new ApiError({ status, code, message, body: { success: false, code, message } });

describe('the messages, word for word', () => {
  it('are the catalogue’s', () => {
    expect(INVALID_REQUEST_MESSAGE).toBe('Invalid email or redirect URL. Please try again.');
    expect(TOO_MANY_ATTEMPTS_MESSAGE).toBe('Too many attempts. Please try again later.');
    expect(SEND_FAILED_MESSAGE).toBe('Failed to send magic link. Please try again later.');
    expect(NO_RESEND_HANDLER_MESSAGE).toBe('No resend handler configured.');
    expect(PROCESS_EMAIL_FAILED_MESSAGE).toBe('Failed to process email. Please try again.');
  });

  it.each([
    ['a message containing validation', new Error('Request validation failed'), INVALID_REQUEST_MESSAGE],
    ['a VALIDATION_ERROR from the server', apiError(400, 'VALIDATION_ERROR', 'Invalid redirect URL format'), INVALID_REQUEST_MESSAGE],
    ['a message containing rate limit', new Error('Rate limit exceeded'), TOO_MANY_ATTEMPTS_MESSAGE],
    ['a 429 from the server', apiError(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 3 minutes.'), TOO_MANY_ATTEMPTS_MESSAGE],
    ['a server failure', apiError(500, 'INTERNAL_ERROR', 'An error occurred'), SEND_FAILED_MESSAGE],
    ['a network failure', apiError(0, 'NETWORK_ERROR', 'Network error'), SEND_FAILED_MESSAGE],
    ['anything else', 'boom', SEND_FAILED_MESSAGE],
  ])('%s gives its message', (_what, error, message) => {
    expect(sendFailureMessage(error)).toBe(message);
  });
});

describe('the Resend rules', () => {
  const at = 1_000_000;
  it('shows the tick only after a resend, then counts 60 s down', () => {
    const first = confirmationReducer(confirmationReducer(initialConfirmationState, { type: 'send', resend: false }), { type: 'sent', at });
    expect(resendView(first, at)).toMatchObject({ label: 'Resend link', enabled: true, showTick: false });
    const sending = confirmationReducer(first, { type: 'send', resend: true });
    expect(resendView(sending, at)).toMatchObject({ label: 'Sending...', enabled: false });
    const resent = confirmationReducer(sending, { type: 'sent', at });
    expect(resendView(resent, at + 1_499)).toMatchObject({ label: 'Magic link sent!', enabled: false, showTick: true });
    expect(resendView(resent, at + 1_500)).toMatchObject({ label: 'Resend in 60s', enabled: false, countdownSeconds: 60 });
    expect(resendView(resent, at + 61_499)).toMatchObject({ label: 'Resend in 1s', enabled: false });
    expect(resendView(resent, at + 61_500)).toMatchObject({ label: 'Resend link', enabled: true });
  });

  it('lets a failed send be tried again at once, keeping its message until the next try', () => {
    const failed = confirmationReducer(confirmationReducer(initialConfirmationState, { type: 'send', resend: false }), { type: 'failed', message: SEND_FAILED_MESSAGE });
    expect(failed).toMatchObject({ status: 'failed', error: SEND_FAILED_MESSAGE });
    expect(resendView(failed, 0)).toMatchObject({ label: 'Resend link', enabled: true });
    expect(confirmationReducer(failed, { type: 'send', resend: true }).error).toBeNull();
  });
});

describe('the step', () => {
  beforeEach(() => useFakeClock());
  const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

  it('without a resend handler, says "No resend handler configured." and sends nothing', async () => {
    const send = vi.fn(async () => {});
    render(<ConfirmationStep email="dagny@taggart.example" send={send} />);
    await elapse(0);
    expect(send).toHaveBeenCalledTimes(1);
    await user().click(screen.getByRole('button', { name: 'Resend link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No resend handler configured.');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('reads the address the e-mail step collected, and sends once however often it renders', async () => {
    const send = vi.fn(async () => {});
    const resend = vi.fn(async () => {});
    const { rerender } = render(<ConfirmationStep allData={{ email: { email: 'hank@rearden.example' } }} send={send} onResend={resend} />);
    rerender(<ConfirmationStep allData={{ email: { email: 'hank@rearden.example' } }} send={send} onResend={resend} />);
    await elapse(0);
    expect(send).toHaveBeenCalledExactlyOnceWith('hank@rearden.example');
    expect(screen.getByText(/We sent a link to/)).toHaveTextContent('ha***@rearden.example');
    await user().click(screen.getByRole('button', { name: 'Resend link' }));
    await elapse(0);
    expect(resend).toHaveBeenCalledExactlyOnceWith('hank@rearden.example');
  });

  it('says "We’re sending…" while the first send is on its way', async () => {
    let finish = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ConfirmationStep email="dagny@taggart.example" send={send} onResend={send} />);
    await elapse(0);
    expect(screen.getByText(/We’re sending a sign-in link to/)).toHaveTextContent('da***@taggart.example');
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-disabled', 'true');
    finish();
    await elapse(0);
    expect(screen.getByText(/We sent a link to/)).toBeInTheDocument();
  });
});
