export const MEDIA_TYPES = ['VIDEO', 'IMAGE', 'AUDIO', 'DOCUMENT'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_LIST_MAX_LIMIT = 100;
