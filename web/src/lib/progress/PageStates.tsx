/**
 * The reader's, the player's and the saved-items page's states other than "here it is": loading,
 * not found, failed (with a retry) and locked. Each is a landmark-friendly section with a heading,
 * so a screen-reader user hears what happened.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { pageTitle } from '../product';
import { Button, ButtonLink } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { loginPathFor } from '../auth/RequireAuth';
import './progress.css';

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="content-state content-state--loading">
      <Spinner size="lg" label={label} showLabel />
    </div>
  );
}

export function NotFoundState({ what, title }: { what: string; title: string }) {
  return (
    <section className="content-state" aria-labelledby="content-state-title">
      <title>{pageTitle(title)}</title>
      <h1 id="content-state-title">{title}</h1>
      <p>We could not find this {what}. It may have been moved or unpublished, or the link may be mistyped.</p>
      <ButtonLink to="/library">Browse the library</ButtonLink>
    </section>
  );
}

export function FailedState({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <section className="content-state" aria-labelledby="content-state-title">
      <title>{pageTitle('Something went wrong')}</title>
      <h1 id="content-state-title">Something went wrong</h1>
      <p role="alert">We could not load this {what}. Check your connection and try again.</p>
      <Button onClick={onRetry}>Try again</Button>
    </section>
  );
}

export interface LockedStateProps {
  /** "chapter", "essay", "video". */
  what: string;
  title: string;
  signedIn: boolean;
  /** A short description shown as a preview. */
  preview?: string | null | undefined;
  children?: ReactNode;
}

/** The entitlement check said no: what the item is, and the way in (sign in, or not available). */
export function LockedState({ what, title, signedIn, preview, children }: LockedStateProps) {
  const location = useLocation();
  return (
    <section className="content-state content-state--locked" aria-labelledby="content-state-title">
      <title>{pageTitle(title)}</title>
      <p className="content-state__eyebrow">
        <span aria-hidden="true">🔒 </span>Locked
      </p>
      <h1 id="content-state-title">{title}</h1>
      {preview && <p className="content-state__preview">{preview}</p>}
      {signedIn ? (
        <p>Your account does not include access to this {what}.</p>
      ) : (
        <>
          <p>Sign in to see whether your membership includes this {what}.</p>
          <ButtonLink to={loginPathFor(`${location.pathname}${location.search}`)}>Sign in</ButtonLink>
        </>
      )}
      {children}
      <p>
        <Link to="/library">Back to the library</Link>
      </p>
    </section>
  );
}
