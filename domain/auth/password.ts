/**
 * Password rules. Accepted as typed: no trimming and no composition rules (NIST SP 800-63B);
 * 8 to 1024 characters; the 10,000 most common passwords are refused by the use case.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const PASSWORD_TOO_LONG = 'Password must be at most 1024 characters';
export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose one that is harder to guess.';

/** Spec 000 §5: one point each for length >= 8, lowercase, uppercase, digit, special character. */
export function passwordStrength(password: string): { score: number; label: 'Very Weak' | 'Weak' | 'Fair' | 'Good' | 'Strong' } {
  const score = [password.length >= 8, /[a-z]/.test(password), /[A-Z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)].filter(Boolean).length;
  const label = score <= 1 ? 'Very Weak' : score === 2 ? 'Weak' : score === 3 ? 'Fair' : score === 4 ? 'Good' : 'Strong';
  return { score, label };
}

/** How long a sign-in or re-authentication counts as fresh for sensitive actions. */
export const REAUTHENTICATION_WINDOW_SECONDS = 10 * 60;
export const REAUTHENTICATION_REQUIRED = 'Please confirm it is you: re-authenticate to continue.';
