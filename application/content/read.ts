/** Reading the library: one item by id or slug, lists with filters and paging, a parent's children. */
import type { Actor } from '../../domain/auth/actor';
import { TYPE_LABELS, type ContentStatus, type ContentType } from '../../domain/content/constants';
import type { ContentItem, ContentSummary, CreatorCredit, RelatedContent } from '../../domain/content/model';
import type { ContentFilter } from '../../domain/content/schemas';
import { prefixQuery } from '../../domain/content/search';
import type { MediaAsset } from '../../domain/media/schemas';
import { notFound } from '../../domain/shared/errors';
import type { ChildKind } from '../ports/content-repository';
import type { ContentDeps } from './deps';
import { requireVisibleFilter, visibleStatuses } from './visibility';

type Deps = Pick<ContentDeps, 'content' | 'media'>;

/** The children each parent type shows (spec 002 §3 parent links). */
export const CHILD_KINDS: Partial<Record<ContentType, readonly ChildKind[]>> = {
  BOOK: ['chapters', 'bookEssays'],
  COURSE: ['lessons'],
  PLAYLIST: ['lectures'],
  LEXICON_TERM: ['termExcerpts'],
  DISCUSSION: ['discussionEssays'],
  TRACK: ['trackItems'],
};

/** The parent link of the types read in a sequence, for previous/next. */
const SEQUENCE_PARENT: Partial<Record<ContentType, { field: string; kind: ChildKind }>> = {
  CHAPTER: { field: 'bookId', kind: 'chapters' },
  LESSON: { field: 'courseId', kind: 'lessons' },
  LECTURE: { field: 'playlistId', kind: 'lectures' },
};

export interface ContentRelations {
  creators: CreatorCredit[];
  mediaAssets: MediaAsset[];
  related: RelatedContent[];
  children: Partial<Record<ChildKind, ContentSummary[]>>;
}

export interface ContentView {
  item: ContentItem;
  relations?: ContentRelations;
  /** For chapters, lessons and lectures: the visible neighbours in their parent. */
  previous?: ContentSummary | null;
  next?: ContentSummary | null;
}

export interface ContentListQuery {
  filter: ContentFilter;
  search?: string | undefined;
  sort?: 'newest' | 'title' | 'order' | undefined;
  page: number;
  limit: number;
  includeRelations: boolean;
}

export interface ContentList {
  items: ContentView[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

async function relationsOf(d: Deps, item: ContentItem, statuses: readonly ContentStatus[] | undefined): Promise<ContentRelations> {
  const children: Partial<Record<ChildKind, ContentSummary[]>> = {};
  for (const kind of CHILD_KINDS[item.type] ?? []) children[kind] = await d.content.children(item.id, kind, statuses);
  return {
    creators: await d.content.creditsOf(item.id),
    mediaAssets: await d.media.byContent(item.id),
    related: await d.content.relatedOf(item.id, statuses),
    children,
  };
}

async function neighbours(d: Deps, item: ContentItem, statuses: readonly ContentStatus[] | undefined): Promise<Pick<ContentView, 'previous' | 'next'>> {
  const sequence = SEQUENCE_PARENT[item.type];
  const parentId = sequence ? item.details[sequence.field] : undefined;
  if (!sequence || typeof parentId !== 'string') return {};
  const siblings = await d.content.children(parentId, sequence.kind, statuses);
  const at = siblings.findIndex((s) => s.id === item.id);
  return { previous: at > 0 ? siblings[at - 1]! : null, next: at >= 0 && at < siblings.length - 1 ? siblings[at + 1]! : null };
}

async function view(d: Deps, actor: Actor | null, item: ContentItem | null, type: ContentType, includeRelations: boolean): Promise<ContentView> {
  const statuses = visibleStatuses(actor);
  if (!item || item.type !== type || (statuses && !statuses.includes(item.status))) throw notFound(TYPE_LABELS[type]);
  return {
    item,
    ...(includeRelations ? { relations: await relationsOf(d, item, statuses) } : {}),
    ...(await neighbours(d, item, statuses)),
  };
}

export async function contentById(d: Deps, actor: Actor | null, type: ContentType, id: string, includeRelations: boolean): Promise<ContentView> {
  return view(d, actor, await d.content.byId(id), type, includeRelations);
}

export async function contentBySlug(d: Deps, actor: Actor | null, type: ContentType, slug: string, includeRelations: boolean): Promise<ContentView> {
  return view(d, actor, await d.content.bySlug(type, slug), type, includeRelations);
}

/** Any visible item by id, whatever its type: what a media asset or a progress entry belongs to. */
export async function anyContentById(d: Pick<Deps, 'content'>, actor: Actor | null, id: string): Promise<ContentItem> {
  const item = await d.content.byId(id);
  const statuses = visibleStatuses(actor);
  if (!item || (statuses && !statuses.includes(item.status))) throw notFound('Content');
  return item;
}

export async function listContent(d: Deps, actor: Actor | null, type: ContentType | undefined, query: ContentListQuery): Promise<ContentList> {
  requireVisibleFilter(actor, query.filter);
  const statuses = visibleStatuses(actor);
  const textQuery = query.search ? prefixQuery(query.search) : null;
  if (query.search && !textQuery) return { items: [], total: 0, page: query.page, limit: query.limit, totalPages: 0 };
  const { status, featured, published, tag, creatorId, accessType, difficulty, type: filterType, ...details } = query.filter;
  const ownFilters = Object.fromEntries(Object.entries(details).filter((e): e is [string, string | boolean] => typeof e[1] === 'string' || typeof e[1] === 'boolean'));
  const { items, total } = await d.content.list({
    status,
    featured,
    published,
    tag,
    creatorId,
    accessType,
    difficulty,
    type: type ?? filterType,
    details: Object.keys(ownFilters).length ? ownFilters : undefined,
    sort: query.sort,
    statuses,
    textQuery: textQuery ?? undefined,
    page: query.page,
    limit: query.limit,
  });
  const views: ContentView[] = [];
  for (const item of items) views.push(query.includeRelations ? { item, relations: await relationsOf(d, item, statuses) } : { item });
  return { items: views, total, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit) };
}

/** A visible parent's children in their order, in full (a book's chapters with their text). */
export async function childrenOf(d: Deps, actor: Actor | null, parentType: ContentType, slug: string, kind: ChildKind): Promise<{ parent: ContentItem; items: ContentItem[] }> {
  const statuses = visibleStatuses(actor);
  const parent = await d.content.bySlug(parentType, slug);
  if (!parent || (statuses && !statuses.includes(parent.status))) throw notFound(TYPE_LABELS[parentType]);
  return { parent, items: await d.content.childItems(parent.id, kind, statuses) };
}
