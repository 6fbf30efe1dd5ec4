import { useEffect, useRef, useState } from 'react';
import { TextField } from './TextField';
import type { Size } from '../size';
import { usePlacesSearch } from './PlacesProvider';
import { SearchableSelectField } from './SearchableSelectField';
import { SelectField } from './SelectField';
import type { PlaceSuggestion, PlacesSearch } from './places';
import {
  AUTOCOMPLETE_UNAVAILABLE_MESSAGE,
  keptCountry,
  schoolNameError,
  type SchoolAddress,
} from './rules/school-address';
import { useOwnRule } from './use-own-rule';
import './fields.css';

export type SchoolAddressErrors = Partial<Record<keyof SchoolAddress, string>>;

export interface SchoolAddressFieldsProps {
  value: SchoolAddress;
  onChange: (value: SchoolAddress) => void;
  /** Messages from outside (a schema, the server), by field. */
  errors?: SchoolAddressErrors;
  /** The search to use; the nearest PlacesProvider's by default. null: manual entry only. */
  places?: PlacesSearch | null;
  legend?: string;
  size?: Size;
  disabled?: boolean;
  /** How long typing must pause before the search is asked. */
  searchDelayMs?: number;
  /** Prefix of the fields' ids, so a form can focus the first invalid one. */
  idPrefix?: string;
}

export const SCHOOL_FILLED_TEXT = 'School details filled in. Check them below.';

const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
];

/**
 * The school's name and address (spec 000 §3, §5, §8). With a places search: 'Find your school' looks up
 * schools in the US and Canada and fills the fields below, which stay editable. Without one, or when
 * the search fails: 'Address autocomplete is unavailable. Please enter your school details manually.'
 */
export function SchoolAddressFields({
  value,
  onChange,
  errors = {},
  places: given,
  legend = 'School',
  size = 'md',
  disabled,
  searchDelayMs = 300,
  idPrefix = 'school',
}: SchoolAddressFieldsProps) {
  const fromContext = usePlacesSearch();
  const places = given === undefined ? fromContext : given;
  const [failed, setFailed] = useState(false);
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [searching, setSearching] = useState(false);
  const [filled, setFilled] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  const name = useOwnRule(errors.schoolName, schoolNameError(value.schoolName));
  const set = (field: keyof SchoolAddress) => (text: string) => onChange({ ...value, [field]: text });
  const available = places !== null && !failed;

  const search = (query: string) => {
    clearTimeout(timer.current);
    setFilled(false);
    const ask = ++latest.current;
    if (!places || query.trim() === '') {
      setSuggestions([]);
      setSearching(false);
      return;
    }
    setSearching(true);
    timer.current = setTimeout(() => {
      places.suggestSchools(query).then(
        (found) => {
          if (ask !== latest.current) return;
          setSuggestions(found);
          setSearching(false);
        },
        () => {
          if (ask === latest.current) setFailed(true);
        },
      );
    }, searchDelayMs);
  };

  const choose = (id: string) => {
    if (!places || id === '') return;
    places.schoolAddress(id).then(
      (address) => {
        onChange({ ...address, schoolCountry: keptCountry(address.schoolCountry) });
        setFilled(true);
        setSuggestions([]);
      },
      () => setFailed(true),
    );
  };

  return (
    <fieldset className="school-address" disabled={disabled}>
      <legend className="school-address__legend">{legend}</legend>
      {available ? (
        <SearchableSelectField
          id={`${idPrefix}-search`}
          label="Find your school"
          hint="Search by name or address (US and Canada)"
          size={size}
          options={suggestions.map((s) => ({ value: s.id, label: s.name, description: s.description }))}
          value=""
          onChange={choose}
          onSearch={search}
          searching={searching}
          noResultsText="No schools found"
        />
      ) : (
        <p className="school-address__notice" role="status">
          {AUTOCOMPLETE_UNAVAILABLE_MESSAGE}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {filled ? SCHOOL_FILLED_TEXT : ''}
      </p>
      <div className="school-address__grid">
        <TextField
          id={`${idPrefix}-name`}
          className="school-address__wide"
          label="School name"
          required
          size={size}
          autoComplete="organization"
          value={value.schoolName}
          onChange={(event) => set('schoolName')(event.target.value)}
          onBlur={name.touch}
          error={name.error}
        />
        <TextField
          id={`${idPrefix}-address`}
          className="school-address__wide"
          label="Street address"
          size={size}
          autoComplete="address-line1"
          value={value.schoolAddress}
          onChange={(event) => set('schoolAddress')(event.target.value)}
          error={errors.schoolAddress}
        />
        <TextField
          id={`${idPrefix}-city`}
          label="City"
          size={size}
          autoComplete="address-level2"
          value={value.schoolCity}
          onChange={(event) => set('schoolCity')(event.target.value)}
          error={errors.schoolCity}
        />
        <TextField
          id={`${idPrefix}-state`}
          label="State or province"
          size={size}
          autoComplete="address-level1"
          value={value.schoolState}
          onChange={(event) => set('schoolState')(event.target.value)}
          error={errors.schoolState}
        />
        <TextField
          id={`${idPrefix}-zip`}
          label="ZIP or postal code"
          size={size}
          autoComplete="postal-code"
          value={value.schoolZip}
          onChange={(event) => set('schoolZip')(event.target.value)}
          error={errors.schoolZip}
        />
        <SelectField
          id={`${idPrefix}-country`}
          label="Country"
          size={size}
          options={COUNTRIES}
          placeholder="Select a country"
          value={value.schoolCountry}
          onChange={(country) => onChange({ ...value, schoolCountry: keptCountry(country) })}
          error={errors.schoolCountry}
        />
      </div>
    </fieldset>
  );
}
