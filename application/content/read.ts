/** Reading the library: one item by id or slug, lists with filters and paging, a parent's children. */
import type { Actor } from '../../domain/auth/actor';
import { TYPE_LABELS, type ContentStatus, type ContentType } from '../../domain/content/constants';
import type { ContentItem, ContentSummary, CreatorCredit, RelatedContent } from '../../domain/content/model';
import type { ContentFilter } from '../../domain/content/schemas';
import { searchWords } from '../../domain/content/search';
import { notFound } from '../../domain/shared/errors';
import type { ChildKind } from '../ports/content-repository';
import { familyOf, gate, isVisible, type GatedItem } from './access';
import type { ContentDeps } from './deps';
import { mediaView, type MediaView } from './media';
import { requireVisibleFilter, visibleStatuses } from './visibility';

type Deps = Pick<ContentDeps, 'content' | 'media' | 'access'>;

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
  /** Its media assets, their playable parts withheld (each `locked`) when the item is. */
  mediaAssets: MediaView[];
  related: RelatedContent[];
  children: Partial<Record<ChildKind, ContentSummary[]>>;
}

/** An item as the caller is shown it (access.ts gate: `locked` with its body withheld when the caller may not open it). */
export interface ContentView extends GatedItem {
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

/**
 * The relations of a whole page at once: a fixed number of queries (creators, media assets, related
 * items, and one per kind of children), however many items the page holds.
 */
async function relationsOf(d: Deps, gated: readonly GatedItem[], statuses: readonly ContentStatus[] | undefined): Promise<Map<string, ContentRelations>> {
  const ids = gated.map((g) => g.item.id);
  const kinds = [...new Set(gated.flatMap((g) => CHILD_KINDS[g.item.type] ?? []))];
  const [creators, media, related, ...children] = await Promise.all([
    d.content.creditsOf(ids),
    d.media.byContents(ids),
    d.content.relatedOf(ids, statuses),
    ...kinds.map((kind) => d.content.children(gated.filter((g) => CHILD_KINDS[g.item.type]?.includes(kind)).map((g) => g.item.id), kind, statuses)),
  ]);
  return new Map(
    gated.map(({ item, locked }) => [
      item.id,
      {
        creators: creators.get(item.id) ?? [],
        mediaAssets: (media.get(item.id) ?? []).map((asset) => mediaView(asset, locked)),
        related: related.get(item.id) ?? [],
        children: Object.fromEntries((CHILD_KINDS[item.type] ?? []).map((kind) => [kind, children[kinds.indexOf(kind)]!.get(item.id) ?? []])),
      },
    ]),
  );
}

async function neighbours(d: Deps, item: ContentItem, statuses: readonly ContentStatus[] | undefined): Promise<Pick<ContentView, 'previous' | 'next'>> {
  const sequence = SEQUENCE_PARENT[item.type];
  const parentId = sequence ? item.details[sequence.field] : undefined;
  if (!sequence || typeof parentId !== 'string') return {};
  const siblings = (await d.content.children([parentId], sequence.kind, statuses)).get(parentId) ?? [];
  const at = siblings.findIndex((s) => s.id === item.id);
  return { previous: at > 0 ? siblings[at - 1]! : null, next: at >= 0 && at < siblings.length - 1 ? siblings[at + 1]! : null };
}

async function view(d: Deps, actor: Actor | null, item: ContentItem | null, type: ContentType, includeRelations: boolean): Promise<ContentView> {
  if (!item || item.type !== type) throw notFound(TYPE_LABELS[type]);
  const family = await familyOf(d, [item]);
  if (!isVisible(actor, item, family)) throw notFound(TYPE_LABELS[type]);
  const statuses = visibleStatuses(actor);
  const [gated] = await gate(d, actor, [item], family);
  return {
    ...gated!,
    ...(includeRelations ? { relations: (await relationsOf(d, [gated!], statuses)).get(item.id)! } : {}),
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
  if (!item || !isVisible(actor, item, await familyOf(d, [item]))) throw notFound('Content');
  return item;
}

export async function listContent(d: Deps, actor: Actor | null, type: ContentType | undefined, query: ContentListQuery): Promise<ContentList> {
  requireVisibleFilter(actor, query.filter);
  const statuses = visibleStatuses(actor);
  const words = query.search ? searchWords(query.search) : [];
  if (query.search && words.length === 0) return { items: [], total: 0, page: query.page, limit: query.limit, totalPages: 0 };
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
    searchWords: words.length ? words : undefined,
    bodyKeys: words.length ? await d.access.bodyKeys(actor) : undefined,
    page: query.page,
    limit: query.limit,
  });
  const gated = await gate(d, actor, items);
  const relations = query.includeRelations ? await relationsOf(d, gated, statuses) : undefined;
  const views = gated.map((g): ContentView => (relations ? { ...g, relations: relations.get(g.item.id)! } : g));
  return { items: views, total, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit) };
}

/** A visible parent's children in their order, in full (a book's chapters with their text, withheld from those who may not open them). */
export async function childrenOf(d: Deps, actor: Actor | null, parentType: ContentType, slug: string, kind: ChildKind): Promise<{ parent: ContentItem; items: GatedItem[] }> {
  const parent = await d.content.bySlug(parentType, slug);
  if (!parent || !isVisible(actor, parent, await familyOf(d, [parent]))) throw notFound(TYPE_LABELS[parentType]);
  const children = await d.content.childItems(parent.id, kind, visibleStatuses(actor));
  return { parent, items: await gate(d, actor, children) };
}
