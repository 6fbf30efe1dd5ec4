import { Button } from '../../ui/Button';

/** A read that failed, with the server's words and a way to try again (the transport has already retried network errors and 5xx). */
export function ReadFailure({ what, error, onRetry }: { what: string; error: { message: string }; onRetry: () => void }) {
  return (
    <div className="admin-notice admin-notice--error" role="alert">
      <p>
        We could not load {what}. {error.message}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
