/**
 * The security page's reads (TanStack Query) and how a write brings them up to date. The methods
 * answer also feeds the client auth state (spec 000 §4 'Auth-methods fetch'), so the header and
 * every other page agree with what this page shows.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { accountApi, type SignInMethods } from '../../lib/auth/account-api';
import { useAuth } from '../../lib/auth/AuthProvider';

export const accountKeys = {
  all: ['account'] as const,
  methods: ['account', 'methods'] as const,
  passkeys: (page: number) => ['account', 'passkeys', page] as const,
  passkeyPages: ['account', 'passkeys'] as const,
  social: ['account', 'social'] as const,
  sessions: ['account', 'sessions'] as const,
};

/** The member's sign-in methods. */
export const useSignInMethods = () => useQuery({ queryKey: accountKeys.methods, queryFn: ({ signal }) => accountApi.methods(signal) });

/** Copies every methods answer into the auth state (spec 000 §4); used once, by the page. */
export function useMethodsInAuthState() {
  const { methodsFetched } = useAuth();
  const { data } = useSignInMethods();
  useEffect(() => {
    if (data) methodsFetched(data);
  }, [data, methodsFetched]);
}

export const usePasskeys = (page: number) => useQuery({ queryKey: accountKeys.passkeys(page), queryFn: ({ signal }) => accountApi.passkeys(page, signal) });
export const useSocialAccounts = () => useQuery({ queryKey: accountKeys.social, queryFn: ({ signal }) => accountApi.socialAccounts(signal) });
export const useActiveSessions = () => useQuery({ queryKey: accountKeys.sessions, queryFn: ({ signal }) => accountApi.sessions(signal) });

/** After a write that answered the methods: keep that answer, and refetch the lists it may have changed. */
export function methodsChanged(client: QueryClient, methods: SignInMethods | null, also: ReadonlyArray<readonly string[]> = []) {
  if (methods) client.setQueryData(accountKeys.methods, methods);
  else void client.invalidateQueries({ queryKey: accountKeys.methods });
  for (const queryKey of also) void client.invalidateQueries({ queryKey });
}

/** `methodsChanged` bound to the page's query client. */
export function useMethodsChanged() {
  const client = useQueryClient();
  return useCallback((methods: SignInMethods | null, also: ReadonlyArray<readonly string[]> = []) => methodsChanged(client, methods, also), [client]);
}
