/**
 * The client auth state (spec 000 §3-4, 002 §4) as a pure reducer: every transition is a case
 * here, tested one by one. Side effects (calls, timers, storage) live in the auth provider.
 */
import type { AuthUser } from '../../../../domain/auth/schemas';

export type PreferredMethod = 'PASSWORD' | 'PASSKEY' | 'SOCIAL' | null;

export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  userId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  country: string | null;
  birthYear: number | null;
  roles: string[];
  emailVerified: boolean;
  hasPassword: boolean;
  hasPasskey: boolean;
  hasSocialLogin: boolean;
  preferredAuthMethod: PreferredMethod;
  needsProfileCompletion: boolean;
  isActive: boolean;
  /** When the session was last checked (ms since epoch), whatever the answer. */
  lastChecked: number | null;
  /** When a check or refresh last failed; checks and refreshes skip for 60 s after it while unauthenticated. */
  lastFailureAt: number | null;
  error: string | null;
}

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  isLoading: false,
  userId: null,
  email: null,
  firstName: null,
  lastName: null,
  phoneNumber: null,
  country: null,
  birthYear: null,
  roles: [],
  emailVerified: false,
  hasPassword: false,
  hasPasskey: false,
  hasSocialLogin: false,
  preferredAuthMethod: null,
  needsProfileCompletion: false,
  isActive: true,
  lastChecked: null,
  lastFailureAt: null,
  error: null,
};

export type AuthAction =
  | { type: 'check/pending' }
  | { type: 'check/succeeded'; success: boolean; user: AuthUser | null | undefined; at: number }
  | { type: 'check/failed'; at: number; message?: string }
  | { type: 'signIn/succeeded'; user: AuthUser; at: number }
  | { type: 'signIn/failed'; message: string }
  | { type: 'logout' }
  | { type: 'refresh/succeeded' }
  | { type: 'refresh/failed'; at: number }
  | { type: 'passwordSetup/succeeded'; setAsPreferred: boolean }
  | { type: 'passkeySetup/succeeded'; setAsPreferred: boolean }
  | { type: 'profile/updated'; user: Pick<AuthUser, 'firstName' | 'lastName' | 'phoneNumber' | 'country' | 'birthYear'> & Partial<AuthUser> }
  | { type: 'methods/fetched'; methods: string[]; preferredMethod: PreferredMethod; emailVerified: boolean }
  | { type: 'session/lost'; message: string; at: number }
  | { type: 'request/failed'; message: string }
  | { type: 'error/cleared' };

function fromUser(user: AuthUser, at: number): AuthState {
  return {
    isAuthenticated: true,
    isLoading: false,
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    country: user.country,
    birthYear: user.birthYear,
    roles: [...user.roles],
    emailVerified: user.emailVerified,
    hasPassword: user.hasPassword,
    hasPasskey: user.hasPasskey,
    hasSocialLogin: user.hasSocialLogin,
    preferredAuthMethod: user.preferredAuthMethod,
    needsProfileCompletion: user.needsProfileCompletion,
    isActive: user.isActive,
    lastChecked: at,
    lastFailureAt: null,
    error: null,
  };
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'check/pending':
      return { ...state, isLoading: true };
    case 'check/succeeded':
      if (action.success && action.user) return fromUser(action.user, action.at);
      return { ...initialAuthState, lastChecked: action.at };
    case 'check/failed':
      return { ...initialAuthState, lastChecked: action.at, lastFailureAt: action.at, error: action.message ?? null };
    case 'signIn/succeeded':
      return fromUser(action.user, action.at);
    case 'signIn/failed':
      return { ...state, isLoading: false, error: action.message };
    case 'logout':
      return initialAuthState;
    case 'refresh/succeeded':
      return { ...state, isLoading: false };
    case 'refresh/failed':
      return { ...initialAuthState, lastChecked: action.at, lastFailureAt: action.at };
    case 'passwordSetup/succeeded':
      return { ...state, hasPassword: true, preferredAuthMethod: action.setAsPreferred ? 'PASSWORD' : state.preferredAuthMethod };
    case 'passkeySetup/succeeded':
      return { ...state, hasPasskey: true, preferredAuthMethod: action.setAsPreferred ? 'PASSKEY' : state.preferredAuthMethod };
    case 'profile/updated':
      return {
        ...state,
        firstName: action.user.firstName,
        lastName: action.user.lastName,
        phoneNumber: action.user.phoneNumber,
        country: action.user.country,
        birthYear: action.user.birthYear,
        needsProfileCompletion: action.user.needsProfileCompletion ?? state.needsProfileCompletion,
      };
    case 'methods/fetched':
      return {
        ...state,
        hasPassword: action.methods.includes('PASSWORD'),
        hasPasskey: action.methods.includes('PASSKEY'),
        hasSocialLogin: action.methods.includes('SOCIAL'),
        preferredAuthMethod: action.preferredMethod,
        emailVerified: action.emailVerified,
      };
    case 'session/lost':
      // The server no longer knows the session (401 outside a refresh): signed out, with the reason.
      return { ...initialAuthState, lastChecked: action.at, error: action.message };
    case 'request/failed':
      return { ...state, isLoading: false, error: action.message };
    case 'error/cleared':
      return { ...state, error: null };
  }
}

/** Spec 000 §9: the auth status is cached 5 minutes when authenticated. */
export const AUTH_STATUS_CACHE_MS = 300_000;
/** Spec 000 §9: the session is refreshed every 240000 ms while authenticated. */
export const SESSION_REFRESH_INTERVAL_MS = 240_000;
/** Spec 000 §4: after a failed check, checks and refreshes skip for 60 s while unauthenticated. */
export const FAILED_CHECK_BACKOFF_MS = 60_000;
export const RECENT_FAILURE_MESSAGE = 'Recent auth failure - skipping check';

/** Whether a check may be skipped, and why: fresh while authenticated, or backing off after a failure. */
export function skipCheckReason(state: AuthState, now: number): 'fresh' | 'recent-failure' | null {
  if (state.isAuthenticated && state.lastChecked !== null && now - state.lastChecked < AUTH_STATUS_CACHE_MS) return 'fresh';
  if (!state.isAuthenticated && state.lastFailureAt !== null && now - state.lastFailureAt < FAILED_CHECK_BACKOFF_MS) return 'recent-failure';
  return null;
}

export const shouldSkipRefresh = (state: AuthState, now: number) => !state.isAuthenticated && state.lastFailureAt !== null && now - state.lastFailureAt < FAILED_CHECK_BACKOFF_MS;
