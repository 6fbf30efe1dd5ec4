/** Tag (spec 000 §3, §5): id, label, variant; Enter adds a trimmed tag, duplicates by lower-case id are ignored. */
export const TAG_VARIANTS = ['primary', 'success', 'warning', 'error', 'default'] as const;
export type TagVariant = (typeof TAG_VARIANTS)[number];

export interface Tag {
  id: string;
  label: string;
  variant?: TagVariant;
}

/** A tag's id is its trimmed label in lower case, so 'Ayn Rand' and 'ayn rand ' are the same tag. */
export function tagId(label: string): string {
  return label.trim().toLowerCase();
}

/** The tags after adding `text`: unchanged when it is blank or its lower-case id is already there. */
export function addTag(tags: readonly Tag[], text: string, variant: TagVariant = 'default'): Tag[] {
  const label = text.trim();
  if (label === '') return [...tags];
  const id = tagId(label);
  if (tags.some((tag) => tag.id.toLowerCase() === id)) return [...tags];
  return [...tags, { id, label, variant }];
}

export function removeTag(tags: readonly Tag[], id: string): Tag[] {
  return tags.filter((tag) => tag.id !== id);
}

/** Backspace in an empty input removes the last tag. */
export function removeLastTag(tags: readonly Tag[]): Tag[] {
  return tags.slice(0, -1);
}
