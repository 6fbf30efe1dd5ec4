import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TYPE_LABELS, type ContentType } from '../../../../domain/content/constants';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { SearchableSelectField, type SelectOption } from '../../ui/fields';
import { contentApi, sharedOf } from './admin-api';

export const PICKER_RESULTS = 20;
const SEARCH_DELAY_MS = 250;

export interface ReferencePickerProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Items of one type, any content (undefined), or creators. */
  target: ContentType | 'CREATOR' | undefined;
  /** Names already known (from the item's answer), so a chosen entry shows its name at once. */
  labels?: Record<string, string>;
}

function useDebounced(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The matches of a search among what can be chosen: the server searches, so large libraries work. */
function useMatches(target: ReferencePickerProps['target'], search: string): { options: SelectOption[]; searching: boolean } {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const text = search.trim() || undefined;
  const typed = target && target !== 'CREATOR' ? contentApi(client, trpc, target) : null;
  const input = { search: text, page: 1, limit: PICKER_RESULTS, sort: 'title' as const, includeRelations: false, filter: {} };
  const ofType = useQuery({ queryKey: typed ? typed.listKey(input) : ['admin', 'no-type'], queryFn: () => typed!.list(input), enabled: Boolean(typed), placeholderData: keepPreviousData });
  const anyType = useQuery({ ...trpc.library.list.queryOptions(input), enabled: target === undefined, placeholderData: keepPreviousData });
  const creators = useQuery({ ...trpc.creators.list.queryOptions({ search: text, page: 1, limit: PICKER_RESULTS, featured: undefined }), enabled: target === 'CREATOR', placeholderData: keepPreviousData });
  if (target === 'CREATOR') return { options: (creators.data?.creators ?? []).map((c) => ({ value: c.id, label: c.name, ...(c.title ? { description: c.title } : {}) })), searching: creators.isFetching };
  if (target === undefined) return { options: (anyType.data?.items ?? []).map((i) => ({ value: i.id, label: i.title, description: TYPE_LABELS[i.type] })), searching: anyType.isFetching };
  return { options: (ofType.data?.items ?? []).map((i) => ({ value: i.id, label: sharedOf(i).title, description: sharedOf(i).slug })), searching: ofType.isFetching };
}

/** The name of the chosen entry when the item's answer did not carry it: read by id. */
function useChosenLabel(target: ReferencePickerProps['target'], value: string, known: string | undefined): string | undefined {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const typed = target && target !== 'CREATOR' ? contentApi(client, trpc, target) : null;
  const needed = value !== '' && known === undefined;
  const item = useQuery({ queryKey: typed ? typed.byIdKey(value) : ['admin', 'no-type'], queryFn: () => typed!.byId(value), enabled: needed && Boolean(typed) });
  const creator = useQuery({ ...trpc.creators.byId.queryOptions({ id: value }), enabled: needed && target === 'CREATOR' });
  if (known !== undefined || value === '') return known;
  if (item.data) return sharedOf(item.data).title;
  if (creator.data) return creator.data.creator.name;
  return undefined;
}

/**
 * A searchable choice of one library item or creator: typing asks the server (after a short pause),
 * and the chosen entry keeps its name in the field.
 */
export function ReferencePicker({ id, label, hint, error, required, value, onChange, onBlur, target, labels = {} }: ReferencePickerProps) {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search, SEARCH_DELAY_MS);
  const { options, searching } = useMatches(target, settled);
  const found = options.find((option) => option.value === value);
  const chosen = useChosenLabel(target, value, found?.label ?? labels[value]);
  const shown = value !== '' && !found ? [{ value, label: chosen ?? 'The chosen item' }, ...options] : options;
  return (
    <SearchableSelectField
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      value={value}
      options={shown}
      onChange={onChange}
      onBlur={onBlur}
      onSearch={setSearch}
      searching={search !== settled || searching}
      placeholder="Type to search"
      noResultsText="Nothing found"
    />
  );
}
