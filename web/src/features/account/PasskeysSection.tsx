import { browserSupportsWebAuthn, startRegistration, type RegistrationResponseJSON } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { PASSKEY_NAME_MAX_LENGTH } from '../../../../domain/auth/passkey';
import { PASSKEY_NAME_REQUIRED } from '../../../../domain/auth/passkey-schemas';
import { accountApi, type PasskeySummary } from '../../lib/auth/account-api';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields/TextField';
import { ToggleField } from '../../ui/fields/ToggleField';
import { useToast } from '../../ui/Toast';
import { useAuth } from '../../lib/auth/AuthProvider';
import {
  describeCeremonyFailure,
  describeFailure,
  PASSKEY_START_FAILED_MESSAGE,
  PASSKEY_VERIFY_FAILED_MESSAGE,
  plainFailure,
  type Failure,
} from './account-messages';
import { accountKeys, useMethodsChanged, usePasskeys, useSignInMethods } from './account-queries';
import { ConfirmDialog } from './ConfirmDialog';
import { FailureNotice } from './FailureNotice';
import { isReauthenticationCancelled, useSensitiveAction } from './Reauthentication';
import { SectionFailure, SectionLoading } from './SectionStatus';

export const NO_PASSKEYS_MESSAGE = 'No passkeys yet';
export const NO_WEBAUTHN_MESSAGE = 'This browser cannot create passkeys. Open this page in a browser that supports them (recent Chrome, Edge, Safari or Firefox) to add one.';

/** "Last used Mar 1, 2026" or "Never used". */
const lastUsed = (passkey: PasskeySummary) => (passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt, 'medium')}` : 'Never used');

/** The member's passkeys: the list (renamed inline, removed after a confirmation) and a form to add one. */
export function PasskeysSection() {
  const [page, setPage] = useState(1);
  const passkeys = usePasskeys(page);
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const runSensitive = useSensitiveAction();
  const methodsChanged = useMethodsChanged();
  const toast = useToast();

  const remove = async (passkey: PasskeySummary) => {
    const methods = await runSensitive(() => accountApi.removePasskey(passkey.id));
    methodsChanged(methods, [accountKeys.passkeyPages]);
    toast.show(`Passkey “${passkey.name}” removed`, { tone: 'success' });
  };

  return (
    <section className="card security-section" aria-labelledby="passkeys-title" id="passkeys" tabIndex={-1}>
      <h2 id="passkeys-title" className="security-section__title" ref={headingRef} tabIndex={-1}>
        Passkeys
      </h2>
      <p className="security-section__lead">Sign in with your fingerprint, face or device PIN instead of a password. Each passkey lives on one device or in one password manager.</p>
      {passkeys.isPending ? (
        <SectionLoading label="Loading your passkeys…" />
      ) : passkeys.isError ? (
        <SectionFailure error={passkeys.error} what="your passkeys" onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.passkeys.length === 0 ? (
        <p className="security-empty">{NO_PASSKEYS_MESSAGE}</p>
      ) : (
        <>
          <ul className="item-list" aria-label="Your passkeys">
            {passkeys.data.passkeys.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
            ))}
          </ul>
          {passkeys.data.totalPages > 1 && (
            <nav className="security-pager" aria-label="Passkey pages">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
                Previous
              </Button>
              <span>
                Page {passkeys.data.page} of {passkeys.data.totalPages}
              </span>
              <Button size="sm" variant="secondary" disabled={page >= passkeys.data.totalPages} onClick={() => setPage((current) => current + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
      {supported ? <AddPasskeyForm /> : <p className="security-section__note">{NO_WEBAUTHN_MESSAGE}</p>}
      {removing && (
        <ConfirmDialog
          title="Remove this passkey?"
          description={<p>“{removing.name}” stops working at once. You can add it again later.</p>}
          confirmLabel="Remove passkey"
          onConfirm={() => remove(removing)}
          focusAfter={() => headingRef.current}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

function PasskeyItem({ passkey, onRemove }: { passkey: PasskeySummary; onRemove(): void }) {
  const [editing, setEditing] = useState(false);
  const [edited, setEdited] = useState(0);
  const renameButtonId = useId();
  // Back to the button that opened the field, once it is rendered again.
  useEffect(() => {
    if (edited > 0) document.getElementById(renameButtonId)?.focus();
  }, [edited, renameButtonId]);
  const stopEditing = () => {
    setEditing(false);
    setEdited((count) => count + 1);
  };
  return (
    <li className="item-list__item">
      {editing ? (
        <RenamePasskeyForm passkey={passkey} onDone={stopEditing} />
      ) : (
        <>
          <div className="item-list__text">
            <span className="item-list__name">{passkey.name}</span>
            {passkey.backedUp && <span className="security-badge">Synced</span>}
            <span className="item-list__meta">
              Added {formatDate(passkey.createdAt, 'medium')} · {lastUsed(passkey)}
            </span>
          </div>
          <div className="item-list__actions">
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)} id={renameButtonId}>
              Rename{' '}<span className="visually-hidden">{passkey.name}</span>
            </Button>
            <Button size="sm" variant="ghost" onClick={onRemove}>
              Remove{' '}<span className="visually-hidden">{passkey.name}</span>
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function RenamePasskeyForm({ passkey, onDone }: { passkey: PasskeySummary; onDone(): void }) {
  const id = useId();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(PASSKEY_NAME_REQUIRED);
      document.getElementById(id)?.focus();
      return;
    }
    if (trimmed === passkey.name) return onDone();
    setSaving(true);
    setFailure(null);
    try {
      const renamed = await accountApi.renamePasskey(passkey.id, trimmed);
      await queryClient.invalidateQueries({ queryKey: accountKeys.passkeyPages });
      toast.show(`Passkey renamed to “${renamed.name}”`, { tone: 'success' });
      onDone();
    } catch (caught) {
      setFailure(plainFailure(caught));
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && !saving) {
      event.stopPropagation();
      onDone();
    }
  };

  return (
    <form className="rename-form" noValidate onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown}>
      <FailureNotice failure={failure} />
      <TextField
        id={id}
        label={`New name for “${passkey.name}”`}
        value={name}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        autoComplete="off"
        // The field replaces the Rename button the member just pressed: focus follows.
        autoFocus
        onChange={(event) => {
          setName(event.target.value);
          if (error && event.target.value.trim()) setError(undefined);
        }}
        error={error}
      />
      <div className="rename-form__actions">
        <Button type="submit" size="sm" loading={saving}>
          Save name
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Adding a passkey: creation options from the server, the browser's ceremony, then the new
 * credential back to the server. Each step fails with its own message (spec 000 §8). With
 * setAsPreferred, the server may ask for a recent sign-in before it spends the challenge, so the
 * same credential is sent again after the member confirms.
 */
function AddPasskeyForm() {
  const nameId = useId();
  const { passkeySetUp } = useAuth();
  const runSensitive = useSensitiveAction();
  const methodsChanged = useMethodsChanged();
  const methods = useSignInMethods();
  const toast = useToast();
  const [name, setName] = useState('');
  const [setAsPreferred, setSetAsPreferred] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [step, setStep] = useState<'idle' | 'options' | 'ceremony' | 'verify'>('idle');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step !== 'idle') return;
    setFailure(null);
    const chosenName = name.trim();
    setStep('options');
    let optionsJSON;
    try {
      // Adding a way in needs a recent sign-in, as removing one does: confirm first, then start.
      optionsJSON = await runSensitive(() => accountApi.passkeyRegistrationOptions(chosenName));
    } catch (error) {
      if (!isReauthenticationCancelled(error)) setFailure(describeFailure(error, PASSKEY_START_FAILED_MESSAGE));
      setStep('idle');
      return;
    }
    setStep('ceremony');
    let credential: RegistrationResponseJSON;
    try {
      credential = await startRegistration({ optionsJSON });
    } catch (error) {
      setFailure(describeCeremonyFailure(error));
      setStep('idle');
      return;
    }
    setStep('verify');
    try {
      const { passkey } = await runSensitive(() => accountApi.verifyPasskey({ credential, setAsPreferred, ...(chosenName ? { name: chosenName } : {}) }));
      passkeySetUp(setAsPreferred);
      methodsChanged(null, [accountKeys.passkeyPages]);
      toast.show(`Passkey “${passkey.name}” added`, { tone: 'success' });
      setName('');
      setSetAsPreferred(false);
    } catch (error) {
      if (!isReauthenticationCancelled(error)) setFailure(describeFailure(error, PASSKEY_VERIFY_FAILED_MESSAGE));
    } finally {
      setStep('idle');
    }
  };

  const busyLabel = step === 'ceremony' ? 'Waiting for your device…' : 'Adding passkey…';
  return (
    <form className="security-form security-form--add" noValidate onSubmit={(event) => void submit(event)}>
      <h3 className="security-form__title">Add a passkey</h3>
      <FailureNotice failure={failure} />
      <TextField
        id={nameId}
        label="Passkey name"
        hint="Optional: a name that tells you where it lives, like “Work laptop”."
        value={name}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      {methods.data?.preferredMethod !== 'PASSKEY' && (
        <ToggleField label="Make passkeys my preferred way to sign in" name="setAsPreferred" value={setAsPreferred} onChange={setSetAsPreferred} />
      )}
      <div className="security-form__actions">
        <Button type="submit" loading={step !== 'idle'}>
          {step === 'idle' ? 'Add a passkey' : busyLabel}
        </Button>
      </div>
    </form>
  );
}
