/** Spec 000 §5: a number field can block negatives, block decimals and limit the decimal places. */
export interface NumberRules {
  allowNegative?: boolean;
  allowDecimals?: boolean;
  /** At most this many digits after the decimal point (only when decimals are allowed). */
  maxDecimalPlaces?: number;
}

/**
 * Whether a keystroke's result may stand in the input. Partial numbers a person types on the way to a
 * full one ('-', '1.', '.5') are accepted; letters, a second sign or point, a blocked minus or point,
 * and one decimal too many are refused, so the input keeps its previous text.
 */
export function isAcceptedNumberText(text: string, rules: NumberRules = {}): boolean {
  const { allowNegative = true, allowDecimals = true, maxDecimalPlaces } = rules;
  const match = /^(-?)(\d*)(?:(\.)(\d*))?$/.exec(text);
  if (!match) return false;
  const [, minus, , point, decimals = ''] = match;
  if (minus && !allowNegative) return false;
  if (point && !allowDecimals) return false;
  if (maxDecimalPlaces !== undefined && decimals.length > maxDecimalPlaces) return false;
  if (point && maxDecimalPlaces === 0) return false;
  return true;
}

/** The number a text stands for, or null when it is empty or still partial ('-', '.'). */
export function parseNumberText(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The text an outside value is shown as. */
export function numberToText(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : String(value);
}
