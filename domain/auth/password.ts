/**
 * Password rules. Accepted as typed: no trimming and no composition rules (NIST SP 800-63B);
 * 8 to 1024 characters; the 10,000 most common passwords are refused by the use case.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const PASSWORD_TOO_LONG = 'Password must be at most 1024 characters';
export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose one that is harder to guess.';

/**
 * The password strength rule (spec 000 §5): one point each for a length of at least 8, a lowercase
 * letter, an uppercase letter, a digit and a special character; a score from 0 to 5 with the labels
 * Very Weak (0-1), Weak, Fair, Good, Strong. Advice only: the server accepts any password of 8
 * characters or more that is not a common one. The one rule of the product: the register and
 * password forms' meter reads it from here.
 */
export const PASSWORD_STRENGTH_LABELS = ['Very Weak', 'Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];
export type PasswordStrengthScore = 0 | 1 | 2 | 3 | 4 | 5;
export const PASSWORD_STRENGTH_MAX = 5;

export type PasswordCriterion = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';

/** What each point asks for, in the order the meter lists them. */
export const PASSWORD_CRITERIA: ReadonlyArray<{ id: PasswordCriterion; text: string }> = [
  { id: 'length', text: `At least ${PASSWORD_MIN_LENGTH} characters` },
  { id: 'lowercase', text: 'A lowercase letter' },
  { id: 'uppercase', text: 'An uppercase letter' },
  { id: 'digit', text: 'A number' },
  { id: 'special', text: 'A special character' },
];

export interface PasswordStrength {
  score: PasswordStrengthScore;
  label: PasswordStrengthLabel;
  met: Record<PasswordCriterion, boolean>;
}

// Letters and digits of any script count (an 'é' is a lowercase letter); everything else, spaces
// included, is a special character.
const CHARACTER_TESTS: Record<Exclude<PasswordCriterion, 'length'>, RegExp> = {
  lowercase: /\p{Ll}/u,
  uppercase: /\p{Lu}/u,
  digit: /\p{Nd}/u,
  special: /[^\p{L}\p{N}]/u,
};

export function passwordStrength(password: string): PasswordStrength {
  const met: Record<PasswordCriterion, boolean> = {
    // The same count as the length rule above (UTF-16 length), so the meter and the server never disagree.
    length: password.length >= PASSWORD_MIN_LENGTH,
    lowercase: CHARACTER_TESTS.lowercase.test(password),
    uppercase: CHARACTER_TESTS.uppercase.test(password),
    digit: CHARACTER_TESTS.digit.test(password),
    special: CHARACTER_TESTS.special.test(password),
  };
  const score = Object.values(met).filter(Boolean).length as PasswordStrengthScore;
  return { score, label: PASSWORD_STRENGTH_LABELS[score], met };
}

/** How long a sign-in or re-authentication counts as fresh for sensitive actions. */
export const REAUTHENTICATION_WINDOW_SECONDS = 10 * 60;
export const REAUTHENTICATION_REQUIRED = 'Please confirm it is you: re-authenticate to continue.';
