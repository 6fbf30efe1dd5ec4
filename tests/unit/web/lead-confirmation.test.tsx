/**
 * The lead flow's confirmation step in a flow of its own (spec 000 §8 'Confirmation step'): which
 * message each failure gives, the step without a resend handler, and the rules of its Resend button.
 * Failures show in the flow's error banner (spec 001 §8).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defineStep, MultiStepFlow, type FlowData } from '../../../web/src/ui/flow';
import { ConfirmationStep, type ConfirmationStepProps } from '../../../web/src/features/lead/ConfirmationStep';
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

/** The step as the lead flow shows it: a confirmation step of a flow, with the flow's banner. */
function confirmationFlow(props: ConfirmationStepProps, initialData?: FlowData) {
  const steps = [defineStep<ConfirmationStepProps>({ id: 'confirm', title: 'Check your email', component: ConfirmationStep, controls: 'step', props })];
  return <MultiStepFlow steps={steps} {...(initialData ? { initialData } : {})} />;
}

const banner = () => screen.getByRole('alert');

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

  it('lets a failed send be tried again at once', () => {
    const failed = confirmationReducer(confirmationReducer(initialConfirmationState, { type: 'send', resend: false }), { type: 'failed' });
    expect(failed).toMatchObject({ status: 'failed' });
    expect(resendView(failed, 0)).toMatchObject({ label: 'Resend link', enabled: true });
    expect(resendView(confirmationReducer(failed, { type: 'send', resend: true }), 0)).toMatchObject({ label: 'Sending...', enabled: false });
  });
});

describe('the step', () => {
  beforeEach(() => useFakeClock());
  const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

  it('without a resend handler, says "No resend handler configured." in the flow’s banner and sends nothing', async () => {
    const send = vi.fn(async () => {});
    render(confirmationFlow({ email: 'dagny@taggart.example', send }));
    await elapse(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Resend link' }));
    expect(banner()).toHaveTextContent(/^No resend handler configured\.$/);
    expect(banner()).toHaveClass('flow__error');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says a failed send in the flow’s banner, in the spec’s words, and takes it away once a resend gets through', async () => {
    const send = vi.fn(() => Promise.reject(apiError(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 3 minutes.')));
    const resend = vi.fn(async () => {});
    render(confirmationFlow({ email: 'dagny@taggart.example', send, onResend: resend }));
    await elapse(0);
    expect(banner()).toHaveTextContent(/^Too many attempts\. Please try again later\.$/);
    expect(banner()).toHaveClass('flow__error');
    expect(screen.getByText(/We couldn’t send a sign-in link to/)).toHaveTextContent('da***@taggart.example');
    await user().click(screen.getByRole('button', { name: 'Resend link' }));
    await elapse(0);
    expect(resend).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Magic link sent!' })).toBeInTheDocument();
  });

  it('reads the address the e-mail step collected, and sends once however often it renders', async () => {
    const send = vi.fn(async () => {});
    const resend = vi.fn(async () => {});
    const collected = { email: { email: 'hank@rearden.example' } };
    const { rerender } = render(confirmationFlow({ send, onResend: resend }, collected));
    rerender(confirmationFlow({ send, onResend: resend }, collected));
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
    render(confirmationFlow({ email: 'dagny@taggart.example', send, onResend: send }));
    await elapse(0);
    expect(screen.getByText(/We’re sending a sign-in link to/)).toHaveTextContent('da***@taggart.example');
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-disabled', 'true');
    finish();
    await elapse(0);
    expect(screen.getByText(/We sent a link to/)).toBeInTheDocument();
  });
});
