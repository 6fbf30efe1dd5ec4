/**
 * School address fields (spec 000 §3, §5, §7, §8): filled from a places search restricted to the US
 * and Canada and to schools; only US or CA is kept as the country, anything else leaves it empty.
 */
export const SCHOOL_NAME_REQUIRED_MESSAGE = 'School name is required';
export const AUTOCOMPLETE_UNAVAILABLE_MESSAGE = 'Address autocomplete is unavailable. Please enter your school details manually.';

/** The places search's restrictions (spec 000 §7): region codes and the one place type. */
export const PLACES_REGION_CODES = ['us', 'ca'] as const;
export const PLACES_SCHOOL_TYPE = 'school';

export type SchoolCountry = '' | 'US' | 'CA';

export interface SchoolAddress {
  schoolName: string;
  schoolAddress: string;
  schoolCity: string;
  schoolState: string;
  schoolZip: string;
  schoolCountry: SchoolCountry;
}

export const EMPTY_SCHOOL_ADDRESS: SchoolAddress = {
  schoolName: '',
  schoolAddress: '',
  schoolCity: '',
  schoolState: '',
  schoolZip: '',
  schoolCountry: '',
};

/** One part of a place's address, as the places service gives it (long and short text, its types). */
export interface AddressComponent {
  longText: string;
  shortText: string;
  types: readonly string[];
}

export interface SchoolPlace {
  name: string;
  addressComponents: readonly AddressComponent[];
}

/** 'us', 'US' -> 'US'; 'ca' -> 'CA'; any other country -> '' (spec 000 §3). */
export function keptCountry(code: string | null | undefined): SchoolCountry {
  const upper = (code ?? '').trim().toUpperCase();
  return upper === 'US' || upper === 'CA' ? upper : '';
}

function part(components: readonly AddressComponent[], type: string, form: 'longText' | 'shortText' = 'longText'): string {
  return components.find((component) => component.types.includes(type))?.[form].trim() ?? '';
}

/**
 * The fields a chosen place fills: the street line is number then street (as written in the US and
 * Canada), the city the locality (or the postal town or sub-locality where there is none), the state or
 * province its short code (NY, ON), the ZIP or postal code, and the country only when US or CA.
 */
export function schoolAddressFromPlace(place: SchoolPlace): SchoolAddress {
  const c = place.addressComponents;
  return {
    schoolName: place.name.trim(),
    schoolAddress: [part(c, 'street_number'), part(c, 'route')].filter(Boolean).join(' '),
    schoolCity: part(c, 'locality') || part(c, 'postal_town') || part(c, 'sublocality_level_1') || part(c, 'sublocality'),
    schoolState: part(c, 'administrative_area_level_1', 'shortText'),
    schoolZip: part(c, 'postal_code'),
    schoolCountry: keptCountry(part(c, 'country', 'shortText')),
  };
}

/** Spec 000 §5: the school name is required, trimmed. */
export function schoolNameError(name: string): string | null {
  return name.trim() === '' ? SCHOOL_NAME_REQUIRED_MESSAGE : null;
}
