import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TYPE_LABELS, type ContentType } from '../../../../domain/content/constants';
import { emptyPage, itemLookup, listLookup } from '../../lib/query-client';
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

/** The content type a target names, or null for any content and for creators. */
const typeOf = (target: ReferencePickerProps['target']): ContentType | null => (target && target !== 'CREATOR' ? target : null);

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
  const type = typeOf(target);
  const input = { search: text, page: 1, limit: PICKER_RESULTS, sort: 'title' as const, includeRelations: false, filter: {} };
  // Every kind of target has its read; only the one that applies is enabled.
  const ofType = useQuery({ ...contentApi(client, trpc, type ?? 'BOOK').listQuery(input), enabled: type !== null, placeholderData: keepPreviousData });
  const anyType = useQuery({ ...listLookup(trpc.library.list.queryOptions(input), emptyPage('items', 1, PICKER_RESULTS)), enabled: target === undefined, placeholderData: keepPreviousData });
  const creators = useQuery({
    ...listLookup(trpc.creators.list.queryOptions({ search: text, page: 1, limit: PICKER_RESULTS, featured: undefined }), emptyPage('creators', 1, PICKER_RESULTS)),
    enabled: target === 'CREATOR',
    placeholderData: keepPreviousData,
  });
  if (target === 'CREATOR') return { options: (creators.data?.creators ?? []).map((c) => ({ value: c.id, label: c.name, ...(c.title ? { description: c.title } : {}) })), searching: creators.isFetching };
  if (target === undefined) return { options: (anyType.data?.items ?? []).map((i) => ({ value: i.id, label: i.title, description: TYPE_LABELS[i.type] })), searching: anyType.isFetching };
  return { options: (ofType.data?.items ?? []).map((i) => ({ value: i.id, label: sharedOf(i).title, description: sharedOf(i).slug })), searching: ofType.isFetching };
}

/** The name of the chosen entry when the item's answer did not carry it: read by id. */
function useChosenLabel(target: ReferencePickerProps['target'], value: string, known: string | undefined): string | undefined {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const type = typeOf(target);
  const needed = value !== '' && known === undefined;
  const item = useQuery({ ...contentApi(client, trpc, type ?? 'BOOK').itemQuery(value), enabled: needed && type !== null });
  const creator = useQuery({ ...itemLookup(trpc.creators.byId.queryOptions({ id: value })), enabled: needed && target === 'CREATOR' });
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
