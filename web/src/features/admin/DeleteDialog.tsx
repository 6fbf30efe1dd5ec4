import { useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { failureOf } from './admin-errors';

export interface DeleteDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Deletes; a refusal is thrown and shown in the dialog. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** "Are you sure?" before a deletion; the server's refusal stays in the dialog, where the editor acted. */
export function DeleteDialog({ title, description, confirmLabel, onConfirm, onClose }: DeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await onConfirm();
    } catch (error) {
      setRefusal(failureOf(error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} description={description} onClose={onClose} busy={busy}>
      {refusal && (
        <div className="admin-notice admin-notice--error" role="alert">
          {refusal}
        </div>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
