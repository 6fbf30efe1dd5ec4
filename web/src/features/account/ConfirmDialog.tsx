import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { plainFailure, type Failure } from './account-messages';
import { FailureNotice } from './FailureNotice';
import { isReauthenticationCancelled } from './Reauthentication';

export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The action; the dialog closes when it succeeds and shows the server's refusal when it fails. */
  onConfirm(): Promise<void>;
  onClose(): void;
  /** Where focus goes after the action succeeded (the control that opened the dialog may be gone). */
  focusAfter?: () => HTMLElement | null;
  /** The message for a failure the server does not explain ('An error occurred' otherwise). */
  describe?: (error: unknown) => Failure;
}

/**
 * "Are you sure?" for a destructive action. The refusal stays in the dialog, where the member
 * acted (the last-method refusal among them); a re-authentication closed without confirming
 * leaves it open and quiet, so the member can try again or cancel.
 */
export function ConfirmDialog({ title, description, confirmLabel, onConfirm, onClose, focusAfter, describe = plainFailure }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const confirmId = useId();
  const succeeded = useRef(false);
  // Bumped when a re-authentication was called off: the button lost focus while it was busy.
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus > 0) document.getElementById(confirmId)?.focus();
  }, [refocus, confirmId]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      succeeded.current = true;
      onClose();
    } catch (error) {
      setBusy(false);
      if (isReauthenticationCancelled(error)) setRefocus((count) => count + 1);
      else setFailure(describe(error));
    }
  };

  return (
    <Dialog title={title} description={description} onClose={onClose} busy={busy} className="confirm-dialog" finalFocus={() => (succeeded.current ? (focusAfter?.() ?? null) : null)}>
      <FailureNotice failure={failure} />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button id={confirmId} variant="danger" loading={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
