import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';

export interface ListFiltersProps {
  /** Names the search landmark ("Content", "Creators"). */
  label: string;
  /** What the search box searches, shown inside it. */
  placeholder: string;
  /** The search in force (from the address). */
  search: string | undefined;
  onSearch: (text: string | undefined) => void;
  /** Shown when a filter or a search is in force. */
  clearLabel: string | null;
  onClear: () => void;
  /** The list's own filters (selects), before the search box. */
  children?: ReactNode;
}

/** An admin list's filters and search box; the search is sent with the button or Enter. */
export function ListFilters({ label, placeholder, search, onSearch, clearLabel, onClear, children }: ListFiltersProps) {
  const [text, setText] = useState(search ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" aria-label={label} className="admin-filters" onSubmit={submit}>
      {children}
      <TextField label="Search" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={placeholder} size="sm" className="admin-filters__search" />
      <div className="admin-filters__actions">
        <Button type="submit" size="sm">
          Search
        </Button>
        {clearLabel && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setText('');
              onClear();
            }}
          >
            {clearLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
