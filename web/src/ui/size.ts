/** The three sizes every shared component comes in (spec 001 §9). */
export type Size = 'sm' | 'md' | 'lg';

export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
