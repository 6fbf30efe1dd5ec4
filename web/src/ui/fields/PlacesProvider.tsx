import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../Spinner';
import { googlePlacesSearch, loadGooglePlaces, type GooglePlacesLibrary, type PlacesSearch } from './places';

const PlacesContext = createContext<PlacesSearch | null>(null);

/** The school search of the nearest PlacesProvider, or null when there is none or it could not load. */
export function usePlacesSearch(): PlacesSearch | null {
  return useContext(PlacesContext);
}

export const LOADING_PLACES_TEXT = 'Loading address search...';

export interface PlacesProviderProps {
  /** The public browser key (GET /api/config `placesBrowserKey`); null or absent: no search, manual entry. */
  apiKey: string | null | undefined;
  /** How the places library is loaded; Google's script by default. */
  load?: (apiKey: string) => Promise<GooglePlacesLibrary>;
  children: ReactNode;
}

/**
 * The maps provider (spec 001 §2): with a key, a spinner shows until the places library has loaded, then
 * the children get the school search. Without a key, or when the library fails to load, the children
 * render at once with no search, and the school fields say so and are filled by hand.
 */
export function PlacesProvider({ apiKey, load = loadGooglePlaces, children }: PlacesProviderProps) {
  const [state, setState] = useState<{ key: string; search: PlacesSearch | null } | null>(null);
  useEffect(() => {
    if (!apiKey) return;
    let live = true;
    load(apiKey).then(
      (library) => live && setState({ key: apiKey, search: googlePlacesSearch(library) }),
      () => live && setState({ key: apiKey, search: null }),
    );
    return () => {
      live = false;
    };
  }, [apiKey, load]);

  if (apiKey && state?.key !== apiKey) {
    return (
      <div className="places-loading">
        <Spinner label={LOADING_PLACES_TEXT} showLabel />
      </div>
    );
  }
  return <PlacesContext value={apiKey ? (state?.search ?? null) : null}>{children}</PlacesContext>;
}
