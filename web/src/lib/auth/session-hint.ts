/**
 * Whether this browser held a session (not the session itself: the cookies are httpOnly). The access
 * cookie lives 5 minutes and the refresh cookie 7 days, so a member coming back later looks signed
 * out to the status check; the hint lets the client try one refresh then, without sending a doomed
 * refresh (and a 401) for every visitor who never signed in.
 */
const KEY = 'olp:had-session';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const sessionHint = {
  get(): boolean {
    try {
      return storage()?.getItem(KEY) === '1';
    } catch {
      return false;
    }
  },
  set(): void {
    try {
      storage()?.setItem(KEY, '1');
    } catch {
      // Without storage a returning member signs in again; nothing breaks.
    }
  },
  clear(): void {
    try {
      storage()?.removeItem(KEY);
    } catch {
      // See above.
    }
  },
};
