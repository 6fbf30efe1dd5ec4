/**
 * /profile/security, the password: set a first one or change it (with the current one, or with a
 * re-authentication when it is left blank), the strength meter, the server's messages as it words
 * them and 'Failed to set up password' when it gives none (spec 000 §8), and the auth state's
 * password-setup transition (spec 000 §4).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aUser, failure, probe } from './auth-fixtures';
import { elapse, methodsReply, openSecurityPage, removeFakeWebAuthn } from './account-fixtures';

afterEach(removeFakeWebAuthn);

const section = () => screen.getByRole('region', { name: 'Password' });
const input = (label: string) => within(section()).getByLabelText(label, { selector: 'input' });
const setupCalls = (server: Awaited<ReturnType<typeof openSecurityPage>>['server']) => server.callsTo('POST /api/auth/setup-password');
const COMMON = 'This password is too common. Please choose one that is harder to guess.';

describe('setting a first password', () => {
  it('checks the length in the browser, shows the strength meter, and sets it with setAsPreferred', async () => {
    const { server, user } = await openSecurityPage();
    server.on('POST /api/auth/setup-password', { body: { success: true, user: aUser({ hasPassword: true, preferredAuthMethod: 'PASSWORD' }) } });
    expect(within(section()).queryByLabelText('Current password')).not.toBeInTheDocument();

    await user.type(input('Password'), 'short');
    expect(within(section()).getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Very Weak, 1 of 5');
    await user.click(within(section()).getByRole('button', { name: 'Set password' }));
    expect(within(section()).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(input('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Password')).toHaveFocus();
    expect(setupCalls(server)).toHaveLength(0);

    server.on('GET /api/auth/methods', methodsReply({ methods: ['PASSWORD', 'MAGIC_LINK'], preferredMethod: 'PASSWORD' }));
    await user.type(input('Password'), ' Galt-1957');
    expect(within(section()).getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Strong, 5 of 5');
    await user.click(within(section()).getByLabelText('Make password my preferred way to sign in'));
    await user.click(within(section()).getByRole('button', { name: 'Set password' }));
    await elapse(0);

    expect(setupCalls(server)[0]?.body).toEqual({ password: 'short Galt-1957', setAsPreferred: true });
    expect(screen.getByText('Password set')).toBeInTheDocument();
    expect(probe.auth?.state).toMatchObject({ hasPassword: true, preferredAuthMethod: 'PASSWORD' });
    // The methods are read again, and the form becomes the change form.
    expect(server.callsTo('GET /api/auth/methods')).toHaveLength(2);
    expect(input('Current password')).toHaveValue('');
    expect(input('New password')).toHaveValue('');
  });

  it('shows the server’s refusal of a common password as it words it, on the field too', async () => {
    const { server, user } = await openSecurityPage();
    server.on('POST /api/auth/setup-password', failure(400, 'VALIDATION_ERROR', COMMON, { errors: [{ path: 'password', message: COMMON }] }));
    await user.type(input('Password'), 'password123');
    await user.click(within(section()).getByRole('button', { name: 'Set password' }));
    await elapse(0);
    const alert = within(section()).getByRole('alert');
    expect(alert).toHaveTextContent('Failed to set up password');
    expect(alert).toHaveTextContent(COMMON);
    expect(input('Password')).toHaveAccessibleDescription(expect.stringContaining(COMMON));
    expect(probe.auth?.state.hasPassword).toBe(false);
  });

  it('says only ‘Failed to set up password’ when the server explains nothing', async () => {
    const { server, user } = await openSecurityPage();
    server.on('POST /api/auth/setup-password', failure(500, 'INTERNAL', 'Something went wrong on our side.'));
    await user.type(input('Password'), 'Atlas-Shrugged-1957');
    await user.click(within(section()).getByRole('button', { name: 'Set password' }));
    // The transport retries a 5xx three times, a second apart.
    await elapse(4_000);
    expect(setupCalls(server)).toHaveLength(4);
    expect(within(section()).getByRole('alert')).toHaveTextContent(/^Failed to set up password$/);
  });
});

describe('changing the password', () => {
  it('sends the current password with the new one', async () => {
    const { server, user } = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'], preferredMethod: 'PASSWORD' } });
    server.on('POST /api/auth/setup-password', { body: { success: true, user: aUser({ hasPassword: true, preferredAuthMethod: 'PASSWORD' }) } });
    // Already preferred: nothing to ask.
    expect(within(section()).queryByLabelText('Make password my preferred way to sign in')).not.toBeInTheDocument();
    await user.type(input('Current password'), 'Old-password-1');
    await user.type(input('New password'), 'New-password-2');
    await user.click(within(section()).getByRole('button', { name: 'Change password' }));
    await elapse(0);
    expect(setupCalls(server)[0]?.body).toEqual({ password: 'New-password-2', setAsPreferred: false, currentPassword: 'Old-password-1' });
    expect(screen.getByText('Password changed')).toBeInTheDocument();
  });

  it('shows a wrong current password on that field', async () => {
    const wrong = 'The current password is not correct';
    const { server, user } = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    server.on('POST /api/auth/setup-password', failure(400, 'INVALID_CURRENT_PASSWORD', wrong, { errors: [{ path: 'currentPassword', message: wrong }] }));
    await user.type(input('Current password'), 'Not-it-at-all');
    await user.type(input('New password'), 'New-password-2');
    await user.click(within(section()).getByRole('button', { name: 'Change password' }));
    await elapse(0);
    expect(within(section()).getByRole('alert')).toHaveTextContent(`Failed to set up password${wrong}`);
    expect(input('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Current password')).toHaveFocus();
  });

  it('without the current password, asks the member to confirm it’s you, then sends the change again', async () => {
    const { server, user } = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'] } });
    let attempts = 0;
    server.on('POST /api/auth/setup-password', () => {
      attempts += 1;
      return attempts === 1
        ? { status: 403, body: { success: false, code: 'REAUTHENTICATION_REQUIRED', message: 'Please confirm it is you: re-authenticate to continue.', errors: [] } }
        : { body: { success: true, user: aUser({ hasPassword: true }) } };
    });
    server.on('POST /api/auth/reauthenticate', { body: { success: true, reauthenticatedUntil: '2026-03-01T12:10:00.000Z', emailSent: false } });
    await user.type(input('New password'), 'New-password-2');
    await user.click(within(section()).getByRole('button', { name: 'Change password' }));
    await elapse(0);
    const dialog = screen.getByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Old-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm with password' }));
    await elapse(0);
    expect(server.callsTo('POST /api/auth/reauthenticate')[0]?.body).toEqual({ method: 'PASSWORD', password: 'Old-password-1' });
    expect(setupCalls(server).map((call) => call.body)).toEqual([
      { password: 'New-password-2', setAsPreferred: false },
      { password: 'New-password-2', setAsPreferred: false },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Password changed')).toBeInTheDocument();
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
