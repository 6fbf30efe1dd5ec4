/** The member pages' addresses, and how a member is named in them. */
export const USERS_PATH = '/admin/users';
export const userPath = (id: string) => `${USERS_PATH}/${encodeURIComponent(id)}`;

/** 'First Last', else the address: a member who never gave a name is still someone to click on. */
export function memberName(user: { firstName: string | null; lastName: string | null; email: string }): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name || user.email;
}
