import { ContactSupport } from '../../ui/ContactSupport';
import { Button } from '../../ui/Button';

export interface LoadFailureProps {
  /** What could not be loaded, in the product's words ("the library", "this book"). */
  what: string;
  onRetry: () => void;
  /** Inside a page (a section failed) or as the page itself. */
  inline?: boolean;
}

/** A failed read: what failed, a way to try again (the transport has already retried 5xx and network errors), and whom to ask. */
export function LoadFailure({ what, onRetry, inline = false }: LoadFailureProps) {
  return (
    <div className={inline ? 'library-notice library-notice--error' : 'library-notice library-notice--error library-notice--page'} role="alert">
      <p>We could not load {what}. Check your connection and try again.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
      <ContactSupport />
    </div>
  );
}
