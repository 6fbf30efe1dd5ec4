/**
 * /profile/security, passkeys: the list and its empty state, adding one (options, the browser's
 * ceremony through the real @simplewebauthn/browser over a stubbed `navigator.credentials`, then
 * verification), each step's own message (spec 000 §8), inline rename, removal behind a
 * confirmation, a browser without WebAuthn, and the auth state's passkey-setup transition.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aUser, failure, probe } from './auth-fixtures';
import { aPasskey, creationOptions, elapse, fakeWebAuthn, methodsReply, openSecurityPage, passkeyPage, reauthRequired, removeFakeWebAuthn } from './account-fixtures';

afterEach(removeFakeWebAuthn);

const section = () => screen.getByRole('region', { name: 'Passkeys' });
const addButton = () => within(section()).getByRole('button', { name: 'Add a passkey' });
const optionsReply = { body: { success: true, data: creationOptions } };
const verified = (name: string) => ({ body: { success: true, user: aUser({ hasPasskey: true }), passkey: aPasskey({ id: 'pk-new', name }) } });

describe('the passkey list', () => {
  it('says when there are none yet', async () => {
    fakeWebAuthn();
    await openSecurityPage();
    expect(within(section()).getByText('No passkeys yet')).toBeInTheDocument();
    expect(addButton()).toBeEnabled();
  });

  it('lists each passkey with its name, when it was added and last used', async () => {
    fakeWebAuthn();
    await openSecurityPage({ passkeys: [aPasskey(), aPasskey({ id: 'pk-2', name: 'Phone', backedUp: true, deviceType: 'multiDevice', lastUsedAt: '2026-02-28T08:00:00.000Z' })] });
    const items = within(within(section()).getByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Work laptop');
    expect(items[0]).toHaveTextContent('Added Feb 1, 2026 · Never used');
    expect(items[1]).toHaveTextContent('PhoneSynced');
    expect(items[1]).toHaveTextContent('Last used Feb 28, 2026');
    expect(within(items[1]!).getByRole('button', { name: 'Rename Phone' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Remove Phone' })).toBeInTheDocument();
  });

  it('hides the add button in a browser without WebAuthn, and says why', async () => {
    await openSecurityPage({ passkeys: [aPasskey()] });
    expect(within(section()).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(within(section()).getByText(/This browser cannot create passkeys\./)).toBeInTheDocument();
    // The ones it has can still be managed.
    expect(within(section()).getByRole('button', { name: 'Rename Work laptop' })).toBeInTheDocument();
  });
});

describe('adding a passkey', () => {
  it('asks for options with the name, lets the browser create the credential, verifies it and lists it', async () => {
    const webauthn = fakeWebAuthn();
    const { server, user } = await openSecurityPage();
    server.on('POST /api/auth/passkey/register', optionsReply);
    server.on('POST /api/auth/verify-passkey', () => {
      server.on('GET /api/auth/passkey/list', passkeyPage([aPasskey({ id: 'pk-new', name: 'My laptop' })]));
      server.on('GET /api/auth/methods', methodsReply({ methods: ['PASSKEY', 'MAGIC_LINK'], preferredMethod: 'PASSKEY' }));
      return verified('My laptop');
    });
    await user.type(within(section()).getByLabelText('Passkey name'), 'My laptop');
    await user.click(within(section()).getByLabelText('Make passkeys my preferred way to sign in'));
    await user.click(addButton());
    await elapse(0);

    expect(server.callsTo('POST /api/auth/passkey/register')[0]?.body).toEqual({ name: 'My laptop' });
    expect(webauthn.creations).toHaveLength(1);
    expect(webauthn.creations[0]?.publicKey?.rp).toEqual({ name: 'Objectivism Learning Platform', id: 'localhost' });
    expect(server.callsTo('POST /api/auth/verify-passkey')[0]?.body).toMatchObject({
      credential: { id: 'bmV3LWNyZWQ', rawId: 'bmV3LWNyZWQ', type: 'public-key', response: { attestationObject: 'YXR0ZXN0YXRpb24', transports: ['internal'] } },
      setAsPreferred: true,
      name: 'My laptop',
    });
    expect(screen.getByText('Passkey “My laptop” added')).toBeInTheDocument();
    expect(within(section()).getByRole('list', { name: 'Your passkeys' })).toHaveTextContent('My laptop');
    expect(within(section()).getByLabelText('Passkey name')).toHaveValue('');
    expect(probe.auth?.state).toMatchObject({ hasPasskey: true, preferredAuthMethod: 'PASSKEY' });
  });

  it('sends no name when none was given (the server names it)', async () => {
    fakeWebAuthn();
    const { server, user } = await openSecurityPage();
    server.on('POST /api/auth/passkey/register', optionsReply);
    server.on('POST /api/auth/verify-passkey', verified('Passkey'));
    await user.click(addButton());
    await elapse(0);
    expect(server.callsTo('POST /api/auth/passkey/register')[0]?.body).toEqual({});
    expect(server.callsTo('POST /api/auth/verify-passkey')[0]?.body).not.toHaveProperty('name');
    expect(probe.auth?.state).toMatchObject({ hasPasskey: true, preferredAuthMethod: null });
  });

  it('says ‘Failed to start passkey registration’ when the options are refused, with the server’s reason', async () => {
    const webauthn = fakeWebAuthn();
    const { server, user } = await openSecurityPage();
    server.on('POST /api/auth/passkey/register', failure(422, 'PASSKEY_LIMIT_REACHED', 'You can have at most 25 passkeys'));
    await user.click(addButton());
    await elapse(0);
    const alert = within(section()).getByRole('alert');
    expect(alert).toHaveTextContent('Failed to start passkey registration');
    expect(alert).toHaveTextContent('You can have at most 25 passkeys');
    expect(webauthn.creations).toHaveLength(0);
    expect(server.callsTo('POST /api/auth/verify-passkey')).toHaveLength(0);
  });

  it('says ‘Failed to create passkey’ when the browser’s prompt is closed, and sends nothing', async () => {
    const webauthn = fakeWebAuthn();
    webauthn.answerCreate = () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const { server, user } = await openSecurityPage();
    server.on('POST /api/auth/passkey/register', optionsReply);
    await user.click(addButton());
    await elapse(0);
    const alert = within(section()).getByRole('alert');
    expect(alert).toHaveTextContent('Failed to create passkey');
    expect(alert).toHaveTextContent('The passkey prompt was closed or timed out.');
    expect(server.callsTo('POST /api/auth/verify-passkey')).toHaveLength(0);
    expect(addButton()).toBeEnabled();
    expect(probe.auth?.state.hasPasskey).toBe(false);
  });

  it('says ‘Failed to verify passkey’ when the server refuses the credential', async () => {
    fakeWebAuthn();
    const { server, user } = await openSecurityPage();
    server.on('POST /api/auth/passkey/register', optionsReply);
    server.on('POST /api/auth/verify-passkey', failure(400, 'PASSKEY_VERIFICATION_FAILED', 'Passkey verification failed'));
    await user.click(addButton());
    await elapse(0);
    const alert = within(section()).getByRole('alert');
    expect(alert).toHaveTextContent('Failed to verify passkey');
    expect(alert).toHaveTextContent('Passkey verification failed');
    expect(probe.auth?.state.hasPasskey).toBe(false);
  });

  it('sends the same credential again after a re-authentication when making it preferred needs one', async () => {
    fakeWebAuthn();
    const { server, user } = await openSecurityPage({ methods: { methods: ['PASSWORD', 'MAGIC_LINK'], preferredMethod: 'PASSWORD' } });
    server.on('POST /api/auth/passkey/register', optionsReply);
    let attempts = 0;
    server.on('POST /api/auth/verify-passkey', () => (++attempts === 1 ? reauthRequired() : verified('Passkey')));
    server.on('POST /api/auth/reauthenticate', { body: { success: true, reauthenticatedUntil: '2026-03-01T12:10:00.000Z', emailSent: false } });
    await user.click(within(section()).getByLabelText('Make passkeys my preferred way to sign in'));
    await user.click(addButton());
    await elapse(0);
    const dialog = screen.getByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Old-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm with password' }));
    await elapse(0);
    const [first, second] = server.callsTo('POST /api/auth/verify-passkey');
    expect(second?.body).toEqual(first?.body);
    expect(server.callsTo('POST /api/auth/passkey/register')).toHaveLength(1);
    expect(probe.auth?.state).toMatchObject({ hasPasskey: true, preferredAuthMethod: 'PASSKEY' });
  });
});

describe('renaming and removing', () => {
  it('renames a passkey in place; Escape puts the name back', async () => {
    fakeWebAuthn();
    const { server, user } = await openSecurityPage({ passkeys: [aPasskey()] });
    await user.click(within(section()).getByRole('button', { name: 'Rename Work laptop' }));
    const field = within(section()).getByLabelText('New name for “Work laptop”');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Work laptop');
    await user.keyboard('{Escape}');
    expect(within(section()).queryByLabelText('New name for “Work laptop”')).not.toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Rename Work laptop' })).toHaveFocus();

    await user.click(within(section()).getByRole('button', { name: 'Rename Work laptop' }));
    await user.clear(within(section()).getByLabelText('New name for “Work laptop”'));
    await user.click(within(section()).getByRole('button', { name: 'Save name' }));
    expect(within(section()).getByText('Passkey name is required')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/auth/passkey/pk-1')).toHaveLength(0);

    server.on('PATCH /api/auth/passkey/pk-1', () => {
      server.on('GET /api/auth/passkey/list', passkeyPage([aPasskey({ name: 'Office desktop' })]));
      return { body: { success: true, passkey: aPasskey({ name: 'Office desktop' }) } };
    });
    await user.type(within(section()).getByLabelText('New name for “Work laptop”'), '  Office desktop ');
    await user.click(within(section()).getByRole('button', { name: 'Save name' }));
    await elapse(0);
    expect(server.callsTo('PATCH /api/auth/passkey/pk-1')[0]?.body).toEqual({ name: 'Office desktop' });
    expect(screen.getByText('Passkey renamed to “Office desktop”')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Rename Office desktop' })).toBeInTheDocument();
  });

  it('removes a passkey after a confirmation and lists the rest', async () => {
    fakeWebAuthn();
    const { server, user } = await openSecurityPage({ passkeys: [aPasskey(), aPasskey({ id: 'pk-2', name: 'Phone' })], methods: { methods: ['PASSKEY', 'MAGIC_LINK'] } });
    server.on('DELETE /api/auth/passkey/pk-1', () => {
      server.on('GET /api/auth/passkey/list', passkeyPage([aPasskey({ id: 'pk-2', name: 'Phone' })]));
      return methodsReply({ methods: ['PASSKEY', 'MAGIC_LINK'] });
    });
    await user.click(within(section()).getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveAccessibleDescription('“Work laptop” stops working at once. You can add it again later.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    await elapse(0);
    expect(server.callsTo('DELETE /api/auth/passkey/pk-1')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Passkey “Work laptop” removed')).toBeInTheDocument();
    const list = within(section()).getByRole('list', { name: 'Your passkeys' });
    expect(list).not.toHaveTextContent('Work laptop');
    expect(list).toHaveTextContent('Phone');
    expect(screen.getByRole('heading', { name: 'Passkeys' })).toHaveFocus();
  });
});
