import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { serverReason } from './account-messages';

/** A section's placeholder while its list loads: grey rows where the items will be, and a spoken label. */
export function SectionLoading({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div className="security-skeleton">
      <Spinner size="sm" label={label} />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="security-skeleton__row" aria-hidden="true">
          <span className="security-skeleton__bar security-skeleton__bar--wide" />
          <span className="security-skeleton__bar" />
        </div>
      ))}
    </div>
  );
}

/** A section whose list could not be loaded: what failed, why when the server said, and a way to try again. */
export function SectionFailure({ error, what, onRetry }: { error: unknown; what: string; onRetry(): void }) {
  const reason = serverReason(error);
  return (
    <div className="auth-notice auth-notice--error account-failure" role="alert">
      <p className="auth-notice__title">We could not load {what}.</p>
      {reason && <p>{reason}</p>}
      <p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </div>
  );
}
