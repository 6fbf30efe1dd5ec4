/**
 * Full-text search across the library (issue 6 §8): ranked, prefix matching, filtered by type, tag and
 * creator; a body is matched only for callers who may open it (issue 11 §4; domain/content/README.md "Search").
 */
import type { Actor } from '../../domain/auth/actor';
import type { ContentType } from '../../domain/content/constants';
import { searchWords } from '../../domain/content/search';
import type { SearchHit } from '../ports/content-repository';
import type { ContentDeps } from './deps';
import { visibleStatuses } from './visibility';

export interface SearchInput {
  q: string;
  type?: ContentType | undefined;
  tag?: string | undefined;
  creatorId?: string | undefined;
  page: number;
  limit: number;
}

export async function searchContent(d: Pick<ContentDeps, 'content' | 'access'>, actor: Actor | null, input: SearchInput): Promise<{ items: SearchHit[]; total: number; page: number; limit: number; totalPages: number }> {
  const words = searchWords(input.q);
  if (words.length === 0) return { items: [], total: 0, page: input.page, limit: input.limit, totalPages: 0 };
  // Bodies match only where the caller may open them (access.ts bodyKeys): titles and descriptions for everyone who sees the item.
  const { items, total } = await d.content.search({ searchWords: words, bodyKeys: await d.access.bodyKeys(actor), type: input.type, tag: input.tag, creatorId: input.creatorId, statuses: visibleStatuses(actor), page: input.page, limit: input.limit });
  return { items, total, page: input.page, limit: input.limit, totalPages: Math.ceil(total / input.limit) };
}
