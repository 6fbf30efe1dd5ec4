import { useRef, useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { Button, ButtonLink } from '../../ui/Button';
import { failureOf } from './admin-errors';
import type { FormValues } from './content-form';

/**
 * Sending a checked form: the server's refusal shows under each field it names (`owns` says which
 * are this form's) and in a banner that takes the focus, since reading what went wrong first is what
 * a sighted member does too.
 */
export function useRefusal(form: UseFormReturn<FormValues>, owns: (path: string) => boolean) {
  const [message, setMessage] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  return {
    clear: () => setMessage(null),
    send: async (action: () => Promise<void>) => {
      setMessage(null);
      try {
        await action();
      } catch (error) {
        const failure = failureOf(error);
        for (const field of failure.fields) {
          if (owns(field.path)) form.setError(field.path as Path<FormValues>, { type: 'server', message: field.message });
        }
        setMessage(failure.message);
        requestAnimationFrame(() => bannerRef.current?.focus());
      }
    },
    banner: message && (
      <div className="admin-notice admin-notice--error" role="alert" tabIndex={-1} ref={bannerRef}>
        {message}
      </div>
    ),
  };
}

/** Send and Cancel under a form; the send button says it is saving while it does. */
export function FormActions({ submitting, submitLabel, cancelTo }: { submitting: boolean; submitLabel: string; cancelTo: string }) {
  return (
    <div className="admin-form__actions">
      <Button type="submit" loading={submitting}>
        {submitting ? 'Saving…' : submitLabel}
      </Button>
      <ButtonLink to={cancelTo} variant="secondary">
        Cancel
      </ButtonLink>
    </div>
  );
}
