/**
 * Spec 000 §5: a phone number is validated by country (default US) with libphonenumber-js, the
 * maintained port of Google's libphonenumber; a field can accept only US and Canadian numbers.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const INVALID_PHONE_MESSAGE = 'Invalid phone number format';
export const US_CANADA_ONLY_MESSAGE = 'Only US and Canadian phone numbers are accepted at this time';
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

export interface PhoneRules {
  /** The country a number without an international prefix belongs to. */
  defaultCountry?: CountryCode;
  usCanadaOnly?: boolean;
}

function parse(value: string, defaultCountry: CountryCode) {
  return parsePhoneNumberFromString(value.trim(), defaultCountry);
}

/** The message for a number that is not accepted, or null. An empty value is left to the required rule. */
export function phoneError(value: string, { defaultCountry = DEFAULT_PHONE_COUNTRY, usCanadaOnly = false }: PhoneRules = {}): string | null {
  if (value.trim() === '') return null;
  const phone = parse(value, defaultCountry);
  if (!phone || !phone.isValid()) return INVALID_PHONE_MESSAGE;
  if (usCanadaOnly && phone.country !== 'US' && phone.country !== 'CA') return US_CANADA_ONLY_MESSAGE;
  return null;
}

/** A valid number written in the international format (+1 212 555 0123), so it names its country; anything else as typed. */
export function formatPhone(value: string, { defaultCountry = DEFAULT_PHONE_COUNTRY }: PhoneRules = {}): string {
  const phone = parse(value, defaultCountry);
  return phone?.isValid() ? phone.formatInternational() : value;
}

/** A valid number in E.164 (+12125550123), the form to store and send; null otherwise. */
export function toE164(value: string, { defaultCountry = DEFAULT_PHONE_COUNTRY }: PhoneRules = {}): string | null {
  const phone = parse(value, defaultCountry);
  return phone?.isValid() ? phone.number : null;
}
