/** Spec 000 §5, §9: a one-time code is digits only, 6 long by default; pasting a whole code is allowed. */
export const DEFAULT_OTP_LENGTH = 6;

/** The digits of `text` (a paste such as '123 456' or '12-34-56' included), cut to the code's length. */
export function otpDigits(text: string, length: number = DEFAULT_OTP_LENGTH): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/**
 * The code after typing or pasting `text` into box `index`. Boxes fill from the left with no gaps: a
 * box after the first empty one types into that empty one. The digits overwrite from there on. Returns
 * the new code and the box to focus next.
 */
export function enterOtpText(code: string, index: number, text: string, length: number = DEFAULT_OTP_LENGTH): { code: string; focus: number } {
  const start = Math.min(index, code.length, length - 1);
  const digits = otpDigits(text, length - start);
  if (digits === '') return { code, focus: start };
  const next = (code.slice(0, start) + digits + code.slice(start + digits.length)).slice(0, length);
  return { code: next, focus: Math.min(start + digits.length, length - 1) };
}

/** Backspace in box `index`: clears its digit, or in an empty box the one before it, and focuses there. */
export function deleteOtpDigit(code: string, index: number): { code: string; focus: number } {
  const target = index < code.length ? index : Math.max(0, code.length - 1);
  if (code === '') return { code, focus: 0 };
  return { code: code.slice(0, target) + code.slice(target + 1), focus: target };
}

export function isCompleteOtp(code: string, length: number = DEFAULT_OTP_LENGTH): boolean {
  return code.length === length && /^\d+$/.test(code);
}
