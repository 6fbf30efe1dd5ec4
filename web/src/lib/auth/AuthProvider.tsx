/**
 * The client session (spec 000 §4, §9): one provider, `authReducer` over React state, and the side
 * effects the reducer leaves out: the initial check, the 5-minute cache, the 60 s back-off after a
 * failed check, the refresh every 240000 ms while signed in, and the member's theme kept in step
 * with the device's. See README.md for the decisions taken where the spec is silent.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import type { AuthUser } from '../../../../domain/auth/schemas';
import { useTheme } from '../theme-context';
import { authApi, type AuthApi, type Preferences, type ProfileInput } from './api';
import { clientFacingMessage } from './magic-link';
import { sessionHint } from './session-hint';
import {
  authReducer,
  initialAuthState,
  RECENT_FAILURE_MESSAGE,
  SESSION_REFRESH_INTERVAL_MS,
  shouldSkipRefresh,
  skipCheckReason,
  type AuthState,
  type PreferredMethod,
} from './state';
import { INVALID_RESPONSE_MESSAGE, isApiError } from '../http';
import type { ThemePreference } from '../theme';
import { useToast } from '../../ui/Toast';

export const NOT_AUTHENTICATED_MESSAGE = 'Not authenticated';
export const FETCH_USER_FAILED_MESSAGE = 'Failed to fetch user data';
export const UPDATE_PROFILE_FAILED_MESSAGE = 'Failed to update profile';
export const UPDATE_PREFERENCES_FAILED_MESSAGE = 'Failed to update preferences';

export type CheckOutcome =
  | { status: 'authenticated' | 'unauthenticated' | 'failed' }
  | { status: 'skipped'; reason: 'fresh' | typeof RECENT_FAILURE_MESSAGE };

export type RefreshOutcome = { status: 'refreshed' | 'failed' | 'ended' } | { status: 'skipped'; reason: typeof RECENT_FAILURE_MESSAGE };

export interface AuthContextValue {
  state: AuthState;
  /** False until the first check has answered: guards wait instead of sending a member to sign in. */
  settled: boolean;
  /** Asks the server unless the cached answer is fresh (5 min, signed in) or a check failed within 60 s. */
  checkAuth(options?: { force?: boolean }): Promise<CheckOutcome>;
  /** A verification (or another sign-in) succeeded: the member is signed in with these details. */
  completeSignIn(user: AuthUser): void;
  /** A sign-in failed: its message is kept in the state. */
  failSignIn(message: string): void;
  /** GET /api/auth/me: fresh details of the signed-in member. */
  loadUser(): Promise<AuthUser>;
  refreshSession(): Promise<RefreshOutcome>;
  /** Ends the session on the server and here, whatever the server answers. */
  logout(): Promise<void>;
  updateProfile(input: ProfileInput): Promise<AuthUser>;
  updatePreferences(input: Partial<Preferences>): Promise<Preferences>;
  clearError(): void;
  /** GET /api/auth/methods answered: the method flags, preferred method and verified address follow it. */
  methodsFetched(methods: { methods: string[]; preferredMethod: PreferredMethod; emailVerified: boolean }): void;
  /** A password was set or changed (POST /api/auth/setup-password). */
  passwordSetUp(setAsPreferred: boolean): void;
  /** A passkey was added (POST /api/auth/verify-passkey). */
  passkeySetUp(setAsPreferred: boolean): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The message kept for a failed call: a response of the wrong shape says so, else the server's or the fallback. */
function failureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.code === 'INVALID_RESPONSE') return INVALID_RESPONSE_MESSAGE;
  return clientFacingMessage(error, fallback);
}

const isUnauthenticated = (error: unknown) => isApiError(error) && error.status === 401;

export interface AuthProviderProps {
  children: ReactNode;
  /** The REST calls; tests may pass a double, the app uses the real ones. */
  api?: AuthApi;
}

export function AuthProvider({ children, api = authApi }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const [settled, setSettled] = useState(false);
  const theme = useTheme();
  const toast = useToast();

  const stateRef = useRef(state);
  stateRef.current = state;
  // Bumped by every sign-in and sign-out, so an answer to a request sent before one cannot undo it.
  const epoch = useRef(0);
  const pendingCheck = useRef<Promise<CheckOutcome> | null>(null);
  // The theme the server holds for the member; null while signed out.
  const memberTheme = useRef<ThemePreference | null>(null);
  const setThemePreference = theme.setPreference;

  const signedIn = useCallback(
    (user: AuthUser, kind: 'check' | 'signIn') => {
      const arriving = !stateRef.current.isAuthenticated || stateRef.current.userId !== user.id;
      epoch.current += 1;
      sessionHint.set();
      dispatch(kind === 'check' ? { type: 'check/succeeded', success: true, user, at: Date.now() } : { type: 'signIn/succeeded', user, at: Date.now() });
      setSettled(true);
      if (arriving) {
        // The member's saved theme wins on sign-in; from then on the device's choice is saved to it.
        memberTheme.current = user.preferences.theme;
        setThemePreference(user.preferences.theme);
      }
    },
    [setThemePreference],
  );

  const signedOut = useCallback(() => {
    epoch.current += 1;
    memberTheme.current = null;
    sessionHint.clear();
  }, []);

  const refreshSession = useCallback(async (): Promise<RefreshOutcome> => {
    if (shouldSkipRefresh(stateRef.current, Date.now())) return { status: 'skipped', reason: RECENT_FAILURE_MESSAGE };
    const started = epoch.current;
    try {
      await api.refresh();
      if (started === epoch.current) dispatch({ type: 'refresh/succeeded' });
      return { status: 'refreshed' };
    } catch (error) {
      if (started !== epoch.current) return { status: 'failed' };
      if (isUnauthenticated(error)) {
        signedOut();
        dispatch({ type: 'refresh/failed', at: Date.now() });
        return { status: 'ended' };
      }
      // A network failure or 5xx (after the transport's retries) says nothing about the session:
      // it stays, and the next interval tries again.
      return { status: 'failed' };
    }
  }, [api, signedOut]);

  const runCheck = useCallback(async (): Promise<CheckOutcome> => {
    const started = epoch.current;
    dispatch({ type: 'check/pending' });
    try {
      const status = await api.authStatus();
      if (started !== epoch.current) return { status: stateRef.current.isAuthenticated ? 'authenticated' : 'unauthenticated' };
      if (status.authenticated && status.user) {
        signedIn(status.user, 'check');
        return { status: 'authenticated' };
      }
      if (sessionHint.get()) {
        // The access cookie may have lapsed while the refresh cookie still holds: one refresh decides.
        try {
          const user = await api.refresh();
          if (started === epoch.current && user) {
            signedIn(user, 'check');
            return { status: 'authenticated' };
          }
        } catch (error) {
          if (started === epoch.current && isUnauthenticated(error)) {
            signedOut();
            dispatch({ type: 'refresh/failed', at: Date.now() });
            return { status: 'unauthenticated' };
          }
        }
      }
      if (started === epoch.current) dispatch({ type: 'check/succeeded', success: false, user: null, at: Date.now() });
      return { status: 'unauthenticated' };
    } catch (error) {
      if (started !== epoch.current) return { status: stateRef.current.isAuthenticated ? 'authenticated' : 'unauthenticated' };
      const invalid = isApiError(error) && error.code === 'INVALID_RESPONSE';
      if (!invalid && isApiError(error) && error.status >= 200 && error.status < 300) {
        // An answer whose success flag is false: not signed in, and not a failure to back off from.
        dispatch({ type: 'check/succeeded', success: false, user: null, at: Date.now() });
        return { status: 'unauthenticated' };
      }
      dispatch({ type: 'check/failed', at: Date.now(), ...(invalid ? { message: INVALID_RESPONSE_MESSAGE } : {}) });
      return { status: 'failed' };
    } finally {
      setSettled(true);
    }
  }, [api, signedIn, signedOut]);

  const checkAuth = useCallback(
    (options: { force?: boolean } = {}): Promise<CheckOutcome> => {
      if (!options.force) {
        const reason = skipCheckReason(stateRef.current, Date.now());
        if (reason === 'fresh') return Promise.resolve({ status: 'skipped', reason: 'fresh' });
        if (reason === 'recent-failure') return Promise.resolve({ status: 'skipped', reason: RECENT_FAILURE_MESSAGE });
      }
      // One check at a time: callers arriving meanwhile share its answer.
      pendingCheck.current ??= runCheck().finally(() => {
        pendingCheck.current = null;
      });
      return pendingCheck.current;
    },
    [runCheck],
  );

  const completeSignIn = useCallback((user: AuthUser) => signedIn(user, 'signIn'), [signedIn]);
  const failSignIn = useCallback((message: string) => dispatch({ type: 'signIn/failed', message }), []);
  const clearError = useCallback(() => dispatch({ type: 'error/cleared' }), []);
  const methodsFetched = useCallback(
    (answer: { methods: string[]; preferredMethod: PreferredMethod; emailVerified: boolean }) => dispatch({ type: 'methods/fetched', ...answer }),
    [],
  );
  const passwordSetUp = useCallback((setAsPreferred: boolean) => dispatch({ type: 'passwordSetup/succeeded', setAsPreferred }), []);
  const passkeySetUp = useCallback((setAsPreferred: boolean) => dispatch({ type: 'passkeySetup/succeeded', setAsPreferred }), []);

  const lostSession = useCallback(() => {
    signedOut();
    dispatch({ type: 'session/lost', message: NOT_AUTHENTICATED_MESSAGE, at: Date.now() });
  }, [signedOut]);

  const loadUser = useCallback(async (): Promise<AuthUser> => {
    try {
      const user = await api.me();
      signedIn(user, 'check');
      return user;
    } catch (error) {
      if (isUnauthenticated(error)) lostSession();
      else dispatch({ type: 'request/failed', message: failureMessage(error, FETCH_USER_FAILED_MESSAGE) });
      throw error;
    }
  }, [api, signedIn, lostSession]);

  const logout = useCallback(async () => {
    try {
      await api.logout();
    } catch {
      // Spec 000 §4: logout resets the client whatever the server answers.
    } finally {
      signedOut();
      dispatch({ type: 'logout' });
    }
  }, [api, signedOut]);

  const updateProfile = useCallback(
    async (input: ProfileInput): Promise<AuthUser> => {
      try {
        const user = await api.updateProfile(input);
        dispatch({ type: 'profile/updated', user });
        return user;
      } catch (error) {
        if (isUnauthenticated(error)) lostSession();
        else dispatch({ type: 'request/failed', message: failureMessage(error, UPDATE_PROFILE_FAILED_MESSAGE) });
        throw error;
      }
    },
    [api, lostSession],
  );

  const updatePreferences = useCallback(
    async (input: Partial<Preferences>): Promise<Preferences> => {
      try {
        const preferences = await api.updatePreferences(input);
        if (memberTheme.current !== null) memberTheme.current = preferences.theme;
        return preferences;
      } catch (error) {
        if (isUnauthenticated(error)) lostSession();
        else dispatch({ type: 'request/failed', message: failureMessage(error, UPDATE_PREFERENCES_FAILED_MESSAGE) });
        throw error;
      }
    },
    [api, lostSession],
  );

  // Spec 000 §9: an initial check on load.
  useEffect(() => {
    void checkAuth();
  }, [checkAuth]);

  // Spec 000 §9: the session is refreshed every 240000 ms while signed in.
  useEffect(() => {
    if (!state.isAuthenticated) return;
    const timer = setInterval(() => void refreshSession(), SESSION_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state.isAuthenticated, state.userId, refreshSession]);

  // A theme chosen on this device while signed in is saved to the member's preferences.
  const devicePreference = theme.preference;
  useEffect(() => {
    if (!state.isAuthenticated || memberTheme.current === null || memberTheme.current === devicePreference) return;
    memberTheme.current = devicePreference;
    updatePreferences({ theme: devicePreference }).catch(() => toast.show(UPDATE_PREFERENCES_FAILED_MESSAGE, { tone: 'error' }));
  }, [state.isAuthenticated, devicePreference, updatePreferences, toast]);

  const value = useMemo<AuthContextValue>(
    () => ({ state, settled, checkAuth, completeSignIn, failSignIn, loadUser, refreshSession, logout, updateProfile, updatePreferences, clearError, methodsFetched, passwordSetUp, passkeySetUp }),
    [state, settled, checkAuth, completeSignIn, failSignIn, loadUser, refreshSession, logout, updateProfile, updatePreferences, clearError, methodsFetched, passwordSetUp, passkeySetUp],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The name the header and the dashboard show: first and last name, else the address. */
export function displayName(state: Pick<AuthState, 'firstName' | 'lastName' | 'email'>): string {
  const name = [state.firstName, state.lastName].filter((part) => part && part.trim()).join(' ');
  return name || state.email || '';
}
