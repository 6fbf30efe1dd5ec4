import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '../../../../../domain/auth/roles';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/Toast';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { loginPathFor } from '../../../lib/auth/RequireAuth';
import { failureOf } from '../admin-errors';
import { memberName } from './users-paths';
import type { MemberRecord } from './user-types';

const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED';
const appCodeOf = (error: unknown) => (error as { data?: { appCode?: unknown } | null } | null)?.data?.appCode;

/**
 * The member's roles as checkboxes, each with what it is for (domain/auth/roles.ts); MEMBER is
 * always kept, and an administrator cannot take ADMIN from themselves (the server refuses both
 * anyway). Saved as the whole list. Granting ADMIN needs a recent sign-in: when the server asks for
 * one, the editor offers to sign in again and come back here.
 */
export function RolesEditor({ record, self }: { record: MemberRecord; self: boolean }) {
  const { user } = record;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [chosen, setChosen] = useState<Set<Role>>(() => new Set(user.roles));
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; signInAgain: boolean } | null>(null);
  const ids = useId();

  const changed = ROLES.some((role) => chosen.has(role) !== user.roles.includes(role));
  const toggle = (role: Role, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(role);
      else next.delete(role);
      return next;
    });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setRefusal(null);
    try {
      const { user: saved } = await client.adminUsers.setRoles.mutate({ id: user.id, roles: ROLES.filter((role) => chosen.has(role)) });
      setChosen(new Set(saved.roles));
      await queryClient.invalidateQueries({ queryKey: trpc.adminUsers.pathKey() });
      toast.show(`Roles of ${memberName(user)} saved`, { tone: 'success' });
    } catch (error) {
      setRefusal({ message: failureOf(error).message, signInAgain: appCodeOf(error) === REAUTHENTICATION_REQUIRED });
    } finally {
      setSaving(false);
    }
  };

  const signInAgain = async () => {
    await logout();
    await navigate(loginPathFor(`${location.pathname}${location.search}`));
  };

  const losesConfiguredAdmin = record.adminByConfiguration && user.roles.includes('ADMIN') && !chosen.has('ADMIN');

  return (
    <section className="admin-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="admin-panel__title">
        Roles
      </h2>
      <form className="roles-form" onSubmit={(event) => void save(event)}>
        <fieldset className="roles-form__set">
          <legend className="visually-hidden">Roles of {memberName(user)}</legend>
          {ROLES.map((role) => {
            const locked = role === 'MEMBER' || (self && role === 'ADMIN' && user.roles.includes('ADMIN'));
            const descriptionId = `${ids}-${role}-description`;
            return (
              <div key={role} className="roles-form__choice">
                <input
                  id={`${ids}-${role}`}
                  type="checkbox"
                  checked={role === 'MEMBER' || chosen.has(role)}
                  disabled={locked || saving}
                  aria-describedby={descriptionId}
                  onChange={(e) => toggle(role, e.target.checked)}
                />
                <label htmlFor={`${ids}-${role}`} className="roles-form__label">
                  {ROLE_LABELS[role]}
                </label>
                <span id={descriptionId} className="roles-form__description">
                  {ROLE_DESCRIPTIONS[role]}
                  {self && role === 'ADMIN' && user.roles.includes('ADMIN') && ' You cannot take it from yourself.'}
                </span>
              </div>
            );
          })}
        </fieldset>
        {losesConfiguredAdmin && (
          <p className="admin-notice admin-notice--warning" role="note">
            This address is in ADMIN_EMAILS: the member gets ADMIN back at their next sign-in unless it is removed from that setting.
          </p>
        )}
        {refusal && (
          <div className="admin-notice admin-notice--error" role="alert">
            <p>{refusal.message}</p>
            {refusal.signInAgain && (
              <>
                <p>Granting ADMIN needs a sign-in within the last 10 minutes.</p>
                <Button size="sm" variant="secondary" onClick={() => void signInAgain()}>
                  Sign in again
                </Button>
              </>
            )}
          </div>
        )}
        <div className="admin-panel__actions">
          <Button type="submit" size="sm" loading={saving} disabled={!changed || saving}>
            Save roles
          </Button>
          {changed && !saving && (
            <Button size="sm" variant="ghost" onClick={() => setChosen(new Set(user.roles))}>
              Undo changes
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
