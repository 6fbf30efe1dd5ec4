/** Session rules (docs/architecture.md §3 "Auth transport"). */
export const SIGN_IN_METHODS = ['MAGIC_LINK', 'PASSWORD', 'PASSKEY', 'SOCIAL'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A session's last use is written at most this often. */
export const SESSION_TOUCH_INTERVAL_SECONDS = 60;

export const ACCESS_COOKIE = 'olp_access';
export const REFRESH_COOKIE = 'olp_refresh';
