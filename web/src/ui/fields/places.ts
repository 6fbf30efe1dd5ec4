/**
 * The school search's port on the client, and its Google Maps adapter. The browser key is public and
 * restricted to the product's origins (GET /api/config `placesBrowserKey`); without it the port is
 * absent and the school fields are filled by hand.
 */
import { PLACES_REGION_CODES, PLACES_SCHOOL_TYPE, schoolAddressFromPlace, type AddressComponent, type SchoolAddress } from './rules/school-address';

export interface PlaceSuggestion {
  id: string;
  /** The school's name. */
  name: string;
  /** The rest of the suggestion's text: town, state, country. */
  description: string;
}

export interface PlacesSearch {
  /** Schools in the US and Canada whose name or address starts like `query`. */
  suggestSchools(query: string): Promise<PlaceSuggestion[]>;
  /** The address fields of a suggested school. */
  schoolAddress(id: string): Promise<SchoolAddress>;
}

/** The part of the Maps JavaScript API's places library this adapter uses ("Places API (New)"). */
export interface GooglePlacesLibrary {
  AutocompleteSessionToken: new () => object;
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: {
      input: string;
      includedRegionCodes: string[];
      includedPrimaryTypes: string[];
      sessionToken: object;
    }): Promise<{
      suggestions: Array<{
        placePrediction: { placeId: string; mainText: { text: string } | null; secondaryText: { text: string } | null; text: { text: string } } | null;
      }>;
    }>;
  };
  Place: new (options: { id: string }) => {
    fetchFields(request: { fields: string[] }): Promise<unknown>;
    displayName?: string | null;
    addressComponents?: readonly AddressComponent[] | null;
  };
}

/**
 * A PlacesSearch on Google's places library. Suggestions and the details that follow share one
 * session token, which Google bills as one search; a new token starts after each choice.
 */
export function googlePlacesSearch(places: GooglePlacesLibrary): PlacesSearch {
  let session = new places.AutocompleteSessionToken();
  return {
    async suggestSchools(query) {
      const input = query.trim();
      if (input === '') return [];
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input,
        includedRegionCodes: [...PLACES_REGION_CODES],
        includedPrimaryTypes: [PLACES_SCHOOL_TYPE],
        sessionToken: session,
      });
      return suggestions.flatMap(({ placePrediction: p }) =>
        p ? [{ id: p.placeId, name: p.mainText?.text ?? p.text.text, description: p.secondaryText?.text ?? '' }] : [],
      );
    },
    async schoolAddress(id) {
      const place = new places.Place({ id });
      await place.fetchFields({ fields: ['displayName', 'addressComponents'] });
      session = new places.AutocompleteSessionToken();
      return schoolAddressFromPlace({ name: place.displayName ?? '', addressComponents: place.addressComponents ?? [] });
    },
  };
}

interface GoogleMapsGlobal {
  maps?: { importLibrary?: (name: 'places') => Promise<unknown> };
}

export const MAPS_SCRIPT_ID = 'google-maps-places';
const CALLBACK = '__onGoogleMapsLoaded';
const MAPS_FAILED = 'The maps library did not load';

type MapsWindow = Window & { google?: GoogleMapsGlobal; [CALLBACK]?: () => void };

/** One script per window, however many fields ask for it. */
const loading = new WeakMap<Window, Promise<void>>();

function injectScript(win: MapsWindow, apiKey: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const doc = win.document;
    win[CALLBACK] = () => resolve();
    const script = doc.createElement('script');
    script.id = MAPS_SCRIPT_ID;
    script.async = true;
    const params = new URLSearchParams({ key: apiKey, libraries: 'places', loading: 'async', callback: CALLBACK });
    script.src = `https://maps.googleapis.com/maps/api/js?${params}`;
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(MAPS_FAILED));
    });
    doc.head.append(script);
  });
}

/**
 * Loads the Maps JavaScript API once per window and resolves with its places library. Rejects when
 * the script cannot load (and a later call tries again), so the fields fall back to manual entry.
 */
export async function loadGooglePlaces(apiKey: string, target: Window = window): Promise<GooglePlacesLibrary> {
  const win = target as MapsWindow;
  if (!win.google?.maps?.importLibrary) {
    let pending = loading.get(win);
    if (!pending) {
      pending = injectScript(win, apiKey);
      loading.set(win, pending);
      pending.catch(() => loading.delete(win));
    }
    await pending;
  }
  const importLibrary = win.google?.maps?.importLibrary;
  if (!importLibrary) throw new Error(MAPS_FAILED);
  return (await importLibrary('places')) as GooglePlacesLibrary;
}
