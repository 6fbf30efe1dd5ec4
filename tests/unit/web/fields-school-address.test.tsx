import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlacesProvider } from '../../../web/src/ui/fields/PlacesProvider';
import { SchoolAddressFields } from '../../../web/src/ui/fields/SchoolAddressFields';
import { googlePlacesSearch, loadGooglePlaces, MAPS_SCRIPT_ID, type GooglePlacesLibrary, type PlacesSearch } from '../../../web/src/ui/fields/places';
import {
  EMPTY_SCHOOL_ADDRESS,
  keptCountry,
  schoolAddressFromPlace,
  schoolNameError,
  type AddressComponent,
  type SchoolAddress,
} from '../../../web/src/ui/fields/rules/school-address';
import { useAppConfig } from '../../../web/src/lib/use-app-config';
import { AppConfigProvider } from '../../../web/src/lib/app-config';
import { appConfig } from './auth-fixtures';
import { Controlled, reported } from './fields-harness';

const component = (types: string[], longText: string, shortText = longText): AddressComponent => ({ types, longText, shortText });

const lincolnHigh = [
  component(['street_number'], '123'),
  component(['route'], 'Main Street', 'Main St'),
  component(['locality', 'political'], 'Springfield'),
  component(['administrative_area_level_1', 'political'], 'Illinois', 'IL'),
  component(['postal_code'], '62701'),
  component(['country', 'political'], 'United States', 'US'),
];

describe('school address rules', () => {
  it('keeps only US or CA as the country', () => {
    expect(keptCountry('us')).toBe('US');
    expect(keptCountry('CA')).toBe('CA');
    expect(keptCountry('GB')).toBe('');
    expect(keptCountry(undefined)).toBe('');
  });

  it('fills the fields from a place', () => {
    expect(schoolAddressFromPlace({ name: ' Lincoln High School ', addressComponents: lincolnHigh })).toEqual({
      schoolName: 'Lincoln High School',
      schoolAddress: '123 Main Street',
      schoolCity: 'Springfield',
      schoolState: 'IL',
      schoolZip: '62701',
      schoolCountry: 'US',
    });
  });

  it('leaves the country empty outside the US and Canada, and takes the postal town where there is no locality', () => {
    const london = [component(['postal_town'], 'London'), component(['postal_code'], 'SW1A 1AA'), component(['country'], 'United Kingdom', 'GB')];
    expect(schoolAddressFromPlace({ name: 'Westminster School', addressComponents: london })).toMatchObject({
      schoolCity: 'London',
      schoolAddress: '',
      schoolCountry: '',
    });
  });

  it('requires a school name, trimmed', () => {
    expect(schoolNameError('   ')).toBe('School name is required');
    expect(schoolNameError('Lincoln')).toBeNull();
  });
});

function fakeLibrary(suggestions: Array<{ placeId: string; main: string; secondary: string }>, components = lincolnHigh) {
  const requests: unknown[] = [];
  const tokens: object[] = [];
  const library: GooglePlacesLibrary = {
    AutocompleteSessionToken: class {
      constructor() {
        tokens.push(this);
      }
    },
    AutocompleteSuggestion: {
      fetchAutocompleteSuggestions: async (request) => {
        requests.push(request);
        return {
          suggestions: suggestions.map((s) => ({
            placePrediction: { placeId: s.placeId, mainText: { text: s.main }, secondaryText: { text: s.secondary }, text: { text: `${s.main}, ${s.secondary}` } },
          })),
        };
      },
    },
    Place: class {
      displayName: string | null = null;
      addressComponents: readonly AddressComponent[] | null = null;
      constructor(readonly options: { id: string }) {}
      async fetchFields() {
        this.displayName = `School ${this.options.id}`;
        this.addressComponents = components;
      }
    },
  };
  return { library, requests, tokens };
}

describe('Google places adapter', () => {
  it('asks for schools in the US and Canada, in one session until a school is chosen', async () => {
    const { library, requests, tokens } = fakeLibrary([{ placeId: 'p1', main: 'Lincoln High School', secondary: 'Springfield, IL, USA' }]);
    const search = googlePlacesSearch(library);
    expect(await search.suggestSchools('  linc ')).toEqual([{ id: 'p1', name: 'Lincoln High School', description: 'Springfield, IL, USA' }]);
    expect(requests[0]).toEqual({ input: 'linc', includedRegionCodes: ['us', 'ca'], includedPrimaryTypes: ['school'], sessionToken: tokens[0] });
    expect(await search.schoolAddress('p1')).toMatchObject({ schoolName: 'School p1', schoolCity: 'Springfield', schoolCountry: 'US' });
    await search.suggestSchools('wash');
    expect((requests[1] as { sessionToken: object }).sessionToken).toBe(tokens[1]);
    expect(await search.suggestSchools('   ')).toEqual([]);
    expect(requests).toHaveLength(2);
  });
});

/** A window of its own per test: the loader remembers, per window, the script it added. */
function freshWindow() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  return frame.contentWindow as Window & { google?: unknown; __onGoogleMapsLoaded?: () => void };
}

describe('maps script loader', () => {
  it('adds the script once with the key and the places library, and resolves with the library on its callback', async () => {
    const { library } = fakeLibrary([]);
    const win = freshWindow();
    const first = loadGooglePlaces('browser-key', win);
    const second = loadGooglePlaces('browser-key', win);
    const scripts = win.document.querySelectorAll(`script#${MAPS_SCRIPT_ID}`);
    expect(scripts).toHaveLength(1);
    const src = new URL((scripts[0] as HTMLScriptElement).src);
    expect(src.searchParams.get('key')).toBe('browser-key');
    expect(src.searchParams.get('libraries')).toBe('places');
    win.google = { maps: { importLibrary: async (name: string) => (name === 'places' ? library : null) } };
    win.__onGoogleMapsLoaded?.();
    expect(await first).toBe(library);
    expect(await second).toBe(library);
    // Once loaded, no second script is added.
    expect(await loadGooglePlaces('browser-key', win)).toBe(library);
    expect(win.document.querySelectorAll('script')).toHaveLength(1);
  });

  it('rejects when the script fails, and tries again on the next call', async () => {
    const win = freshWindow();
    const loading = loadGooglePlaces('k', win);
    win.document.getElementById(MAPS_SCRIPT_ID)!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('The maps library did not load');
    expect(win.document.getElementById(MAPS_SCRIPT_ID)).toBeNull();
    const again = loadGooglePlaces('k', win);
    expect(win.document.getElementById(MAPS_SCRIPT_ID)).not.toBeNull();
    win.document.getElementById(MAPS_SCRIPT_ID)!.dispatchEvent(new Event('error'));
    await expect(again).rejects.toThrow('The maps library did not load');
  });
});

function renderFields(props: { places?: PlacesSearch | null; initial?: SchoolAddress; errors?: Record<string, string> } = {}) {
  render(
    <Controlled initial={props.initial ?? EMPTY_SCHOOL_ADDRESS}>
      {(value, set) => (
        <SchoolAddressFields value={value} onChange={set} searchDelayMs={0} {...(props.places !== undefined ? { places: props.places } : {})} {...(props.errors ? { errors: props.errors } : {})} />
      )}
    </Controlled>,
  );
}

const value = () => reported(screen.getByTestId) as SchoolAddress;

describe('SchoolAddressFields', () => {
  it('says autocomplete is unavailable without a search, and takes the school by hand', async () => {
    renderFields({ places: null });
    expect(screen.getByText('Address autocomplete is unavailable. Please enter your school details manually.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Find your school' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('School name (required)'), 'Lincoln High');
    await userEvent.type(screen.getByLabelText('City'), 'Springfield');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'CA');
    expect(value()).toMatchObject({ schoolName: 'Lincoln High', schoolCity: 'Springfield', schoolCountry: 'CA' });
  });

  it('says "School name is required" when the name is left blank', async () => {
    renderFields({ places: null });
    const name = screen.getByLabelText('School name (required)');
    await userEvent.type(name, '   ');
    await userEvent.tab();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('School name is required');
  });

  it('finds a school and fills the fields from it', async () => {
    const places: PlacesSearch = {
      suggestSchools: vi.fn(async () => [{ id: 'p1', name: 'Lincoln High School', description: 'Springfield, IL, USA' }]),
      schoolAddress: vi.fn(async () => schoolAddressFromPlace({ name: 'Lincoln High School', addressComponents: lincolnHigh })),
    };
    renderFields({ places });
    await userEvent.type(screen.getByRole('combobox', { name: 'Find your school' }), 'linc');
    const option = await screen.findByRole('option', { name: /Lincoln High School/ });
    await userEvent.click(option);
    await waitFor(() => expect(value().schoolName).toBe('Lincoln High School'));
    expect(value()).toEqual({
      schoolName: 'Lincoln High School',
      schoolAddress: '123 Main Street',
      schoolCity: 'Springfield',
      schoolState: 'IL',
      schoolZip: '62701',
      schoolCountry: 'US',
    });
    expect(screen.getByLabelText('School name (required)')).toHaveValue('Lincoln High School');
    expect(screen.getByText('School details filled in. Check them below.')).toBeInTheDocument();
    expect(places.suggestSchools).toHaveBeenLastCalledWith('linc');
  });

  it('falls back to manual entry with the spec message when the search fails', async () => {
    const places: PlacesSearch = { suggestSchools: () => Promise.reject(new Error('quota')), schoolAddress: vi.fn() };
    renderFields({ places });
    await userEvent.type(screen.getByRole('combobox', { name: 'Find your school' }), 'x');
    expect(await screen.findByText('Address autocomplete is unavailable. Please enter your school details manually.')).toBeInTheDocument();
    expect(screen.getByLabelText('School name (required)')).toBeEnabled();
  });

  it('shows messages from outside beside each field', () => {
    renderFields({ places: null, errors: { schoolName: 'School name is required', schoolZip: 'Invalid ZIP' } });
    expect(screen.getByLabelText('School name (required)')).toHaveAccessibleDescription('School name is required');
    expect(screen.getByLabelText('ZIP or postal code')).toHaveAccessibleDescription('Invalid ZIP');
  });
});

describe('PlacesProvider', () => {
  it('shows a spinner until the places library has loaded, then gives the search to the fields', async () => {
    let finish!: (library: GooglePlacesLibrary) => void;
    const load = vi.fn(() => new Promise<GooglePlacesLibrary>((resolve) => (finish = resolve)));
    render(
      <PlacesProvider apiKey="browser-key" load={load}>
        <SchoolAddressFields value={EMPTY_SCHOOL_ADDRESS} onChange={() => {}} />
      </PlacesProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading address search...');
    expect(screen.queryByLabelText(/School name/)).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('browser-key');
    await act(async () => finish(fakeLibrary([]).library));
    expect(screen.getByRole('combobox', { name: 'Find your school' })).toBeInTheDocument();
  });

  it('renders at once without a key, with manual entry', () => {
    const load = vi.fn();
    render(
      <PlacesProvider apiKey={null} load={load}>
        <SchoolAddressFields value={EMPTY_SCHOOL_ADDRESS} onChange={() => {}} />
      </PlacesProvider>,
    );
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('Address autocomplete is unavailable. Please enter your school details manually.')).toBeInTheDocument();
  });

  it('falls back to manual entry when the library does not load', async () => {
    render(
      <PlacesProvider apiKey="k" load={() => Promise.reject(new Error('blocked'))}>
        <SchoolAddressFields value={EMPTY_SCHOOL_ADDRESS} onChange={() => {}} />
      </PlacesProvider>,
    );
    expect(await screen.findByText('Address autocomplete is unavailable. Please enter your school details manually.')).toBeInTheDocument();
  });
});

describe('the school fields as a page wires them (no page hosts them yet: the teacher order will)', () => {
  /** The README's wiring: the provider takes the public key from the runtime configuration (GET /api/config). */
  function SchoolDetails() {
    const { dynamic } = useAppConfig();
    return (
      <PlacesProvider apiKey={dynamic.publicKeys.placesBrowserKey}>
        <Controlled initial={EMPTY_SCHOOL_ADDRESS}>{(address, set) => <SchoolAddressFields value={address} onChange={set} />}</Controlled>
      </PlacesProvider>
    );
  }

  it('with no places key configured, asks for the school by hand and requires its name', async () => {
    expect(appConfig.dynamic.publicKeys.placesBrowserKey).toBeNull();
    render(
      <AppConfigProvider config={appConfig}>
        <SchoolDetails />
      </AppConfigProvider>,
    );
    expect(screen.queryByRole('status', { name: /Loading address search/ })).not.toBeInTheDocument();
    expect(screen.getByText('Address autocomplete is unavailable. Please enter your school details manually.')).toBeVisible();
    const name = screen.getByLabelText('School name (required)');
    await userEvent.click(name);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('School name is required');
    await userEvent.type(name, ' Lincoln High ');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(value().schoolName).toBe(' Lincoln High ');
  });
});
