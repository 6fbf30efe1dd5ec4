/** Select option (spec 000 §3): value, label, disabled, group, description. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  group?: string;
  description?: string;
}

export interface OptionGroup {
  /** null for the options that belong to no group; they come first. */
  group: string | null;
  options: SelectOption[];
}

/** Options gathered by group, keeping the order in which each group and option first appears. */
export function groupOptions(options: readonly SelectOption[]): OptionGroup[] {
  const groups = new Map<string | null, SelectOption[]>([[null, []]]);
  for (const option of options) {
    const key = option.group ?? null;
    const list = groups.get(key);
    if (list) list.push(option);
    else groups.set(key, [option]);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([group, list]) => ({ group, options: list }));
}

/** The options whose label, description or group contains the query, ignoring case and surrounding space. */
export function filterOptions(options: readonly SelectOption[], query: string): SelectOption[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...options];
  return options.filter((option) =>
    [option.label, option.description, option.group].some((text) => text?.toLowerCase().includes(needle)),
  );
}

/**
 * The index the active option moves to from `from` by `step` (+1 down, -1 up), skipping disabled
 * options and stopping at the ends; -1 when no option can be chosen.
 */
export function moveActiveIndex(options: readonly SelectOption[], from: number, step: 1 | -1): number {
  for (let index = from + step; index >= 0 && index < options.length; index += step) {
    if (!options[index]?.disabled) return index;
  }
  if (from >= 0 && from < options.length && !options[from]?.disabled) return from;
  return step === 1 ? moveActiveIndex(options, options.length, -1) : -1;
}

/** A multiselect's values after choosing `value`: added when absent, removed when present. */
export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}
