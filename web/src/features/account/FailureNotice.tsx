import type { Failure } from './account-messages';

/** A failed action's banner: the screen's message, and the reason beneath it when there is one. */
export function FailureNotice({ failure, id }: { failure: Failure | null; id?: string }) {
  if (!failure) return null;
  return (
    <div className="auth-notice auth-notice--error account-failure" role="alert" id={id}>
      <p className="auth-notice__title">{failure.title}</p>
      {failure.detail && <p>{failure.detail}</p>}
    </div>
  );
}
