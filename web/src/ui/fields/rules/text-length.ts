/** Spec 000 §5: a text area can have a maximum length, shown with a counter. */
export interface CharacterCount {
  count: number;
  max: number;
  remaining: number;
  /** The counter's text: '12/500'. */
  text: string;
}

/** Counts user-perceived characters as the browser's maxlength does (UTF-16 code units). */
export function characterCount(value: string, max: number): CharacterCount {
  const count = value.length;
  return { count, max, remaining: Math.max(0, max - count), text: `${count}/${max}` };
}

/** What a screen reader hears for the counter: '488 characters remaining'. */
export function remainingText({ remaining }: CharacterCount): string {
  return `${remaining} ${remaining === 1 ? 'character' : 'characters'} remaining`;
}
