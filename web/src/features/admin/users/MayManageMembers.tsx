import type { ReactNode } from 'react';
import { pageTitle } from '../../../lib/product';
import { ButtonLink } from '../../../ui/Button';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { holds } from '../permissions';

/**
 * The member pages are for holders of users.manage (ADMIN): others inside the admin area are told
 * they are not allowed, in words, rather than sent away (the server refuses their calls anyway).
 */
export function MayManageMembers({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (holds(state.roles, 'users.manage')) return children;
  return (
    <section className="message-page" aria-labelledby="members-not-allowed-title">
      <title>{pageTitle('Not allowed')}</title>
      <p className="message-page__code">403</p>
      <h1 id="members-not-allowed-title">Not allowed</h1>
      <p>Only administrators manage members and their roles. If you should be one, ask an administrator to give you the role.</p>
      <ButtonLink to="/admin" size="lg">
        Back to the admin pages
      </ButtonLink>
    </section>
  );
}
