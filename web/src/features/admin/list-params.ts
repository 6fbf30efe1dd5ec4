import { useSearchParams } from 'react-router';

/**
 * An admin list's filters, search text (`q`) and page, kept in the address so a list can be linked,
 * reloaded and walked back through. A new filter or search starts again at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q')?.trim() || undefined;
  const change = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };
  return {
    params,
    page,
    search,
    change,
    goTo: (next: number) => change({ page: next > 1 ? String(next) : undefined }),
    clear: () => setParams(new URLSearchParams()),
  };
}
