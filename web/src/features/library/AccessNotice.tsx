/**
 * The locked state: what an item needs when the entitlement check (GET /api/entitlements/content/{id})
 * says no. The catalogue entry stays readable (domain/content/README.md "Access"); only what opens
 * the item (the reader, the player, the lessons) is held back.
 */
import { useLocation } from 'react-router';
import { TYPE_LABELS, type ContentType } from '../../../../domain/content/constants';
import { useEntitlement } from '../../lib/content/queries';
import { httpStatusOf } from '../../lib/query-client';
import { Button, ButtonLink } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../../lib/auth/AuthProvider';
import { LockIcon } from './icons';

export interface Lockable {
  id: string;
  type: ContentType;
  accessType: string;
}

/** 'failed': the check itself failed, which counts as no access (spec 001 §8), with its HTTP status (0 when no answer came). */
export type Access = 'checking' | 'open' | 'locked' | { failed: number };

/** What the failed check says, word for word (spec 001 §8 Entitlements). */
export const accessCheckFailure = (status: number) => `Failed to check content access: ${status}`;

/** Whether the member may open the item; only 'open' lets them in. */
export function useAccess(item: Lockable | undefined) {
  const query = useEntitlement(item?.id);
  const access: Access = !item || query.isPending ? 'checking' : query.isError ? { failed: httpStatusOf(query.error) ?? 0 } : query.data.hasAccess ? 'open' : 'locked';
  return { access, retry: () => void query.refetch() };
}

function lockedReason(item: Lockable, signedIn: boolean): string {
  const label = TYPE_LABELS[item.type].toLowerCase();
  if (item.type === 'ARTIFACT' && item.accessType === 'OPEN') return `This ${label} is kept in the archive and open to staff only.`;
  switch (item.accessType) {
    case 'MEMBERS':
      return signedIn ? `This ${label} is for members.` : `This ${label} is for members. Sign in to open it.`;
    case 'PREMIUM':
      return signedIn ? `This ${label} is part of the premium library, which your account does not include yet.` : `This ${label} is part of the premium library. Sign in if your account includes it.`;
    case 'CLASSROOM':
      return signedIn ? `This ${label} is open to classrooms with an access code.` : `This ${label} is open to classrooms. Sign in to open it.`;
    case 'STAFF':
      return `This ${label} is open to staff only.`;
    default:
      return signedIn ? `You do not have access to this ${label}.` : `Sign in to open this ${label}.`;
  }
}

export function AccessNotice({ item, access, onRetry }: { item: Lockable; access: Access; onRetry: () => void }) {
  const { state, settled } = useAuth();
  const location = useLocation();
  if (access === 'open') return null;
  if (access === 'checking') return <Spinner label="Checking your access…" size="sm" />;
  if (typeof access === 'object') {
    return (
      <div className="library-notice library-notice--error" role="alert">
        <p>{accessCheckFailure(access.failed)}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  const signedIn = settled && state.isAuthenticated;
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <div className="library-notice library-notice--locked" role="status">
      <LockIcon />
      <div className="library-notice__text">
        <p className="library-notice__title">Locked</p>
        <p>{lockedReason(item, signedIn)}</p>
      </div>
      {!signedIn && item.accessType !== 'STAFF' && !(item.type === 'ARTIFACT' && item.accessType === 'OPEN') && (
        <ButtonLink to={`/login?redirect=${redirect}`} size="sm">
          Sign in
        </ButtonLink>
      )}
    </div>
  );
}
