import type { Role } from '../../domain/auth/roles';
import type { User } from '../../domain/auth/user';

export interface NewUser {
  email: string;
  emailVerified: boolean;
  roles: Role[];
  firstName?: string | null;
  lastName?: string | null;
}

export type UserPatch = Partial<
  Pick<
    User,
    | 'emailVerified'
    | 'passwordHash'
    | 'preferredAuthMethod'
    | 'firstName'
    | 'lastName'
    | 'phoneNumber'
    | 'country'
    | 'language'
    | 'birthYear'
    | 'marketingOptIn'
    | 'weeklyDigestOptIn'
    | 'preferences'
    | 'roles'
    | 'isActive'
    | 'hubspotContactId'
    | 'magicLinkEnabled'
    | 'lastLoginAt'
  >
>;

/** The admin's list of members: every condition given must hold. */
export interface UserListQuery {
  /** Part of the e-mail address, first name, last name or "first last", any case. */
  search?: string | undefined;
  role?: Role | undefined;
  isActive?: boolean | undefined;
  offset: number;
  limit: number;
}

export interface UserRepository {
  byId(id: string): Promise<User | null>;
  /** E-mail addresses are stored lower-case; the lookup lower-cases too. */
  byEmail(email: string): Promise<User | null>;
  /** Creates the user, or answers the existing one when the address is taken (two verifies racing). */
  createOrGet(user: NewUser, now: Date): Promise<{ user: User; created: boolean }>;
  /** Applies the patch and answers the updated user, or null when there is no such user. */
  update(id: string, patch: UserPatch, now: Date): Promise<User | null>;
  /** A page of the members matching the query, newest first (ties by id), and how many match in all. */
  list(query: UserListQuery): Promise<{ users: User[]; total: number }>;
}
