/**
 * Creating, changing and deleting content of any type. Permissions are decided here: content.edit
 * to write at all; the lifecycle table (domain/content/lifecycle.ts) for status moves; content.publish
 * to change or delete what is live.
 */
import { requirePermission, type Actor } from '../../domain/auth/actor';
import { TYPE_LABELS, type ContentType } from '../../domain/content/constants';
import { creationPermission, publication, requestedStatus, transitionPermission } from '../../domain/content/lifecycle';
import { detailsWithDefaults, searchableText, sharedWithDefaults, splitSaveInput, type ContentItem, type ContentSaveParts } from '../../domain/content/model';
import type { ContentSaveInput } from '../../domain/content/schemas';
import { conflict, invalidInput, notFound, type FieldError } from '../../domain/shared/errors';
import type { ContentWriteResult } from '../ports/content-repository';
import type { ContentDeps } from './deps';

type Deps = Pick<ContentDeps, 'content' | 'creators' | 'clock'>;

/** References a save makes to other records, with the type each must be (undefined: any content). */
function referencesOf(type: ContentType, parts: ContentSaveParts): { path: string; id: string; type: ContentType | undefined; message: string }[] {
  const refs: { path: string; id: string; type: ContentType | undefined; message: string }[] = [];
  const d = parts.details;
  const add = (path: string, id: unknown, t: ContentType | undefined, message: string) => {
    if (typeof id === 'string') refs.push({ path, id, type: t, message });
  };
  if (type === 'CHAPTER') add('bookId', d.bookId, 'BOOK', 'Book not found');
  if (type === 'LESSON') add('courseId', d.courseId, 'COURSE', 'Course not found');
  if (type === 'LECTURE') add('playlistId', d.playlistId, 'PLAYLIST', 'Playlist not found');
  if (type === 'LEXICON_TERM') add('pointsTo', d.pointsTo, 'LEXICON_TERM', 'Lexicon term not found');
  if (type === 'CLIP') add('sourceContentId', d.sourceContentId, undefined, 'Source content not found');
  parts.links.books?.forEach((l, i) => add(`books.${i}.bookId`, l.bookId, 'BOOK', 'Book not found'));
  parts.links.discussions?.forEach((l, i) => add(`discussions.${i}.discussionId`, l.discussionId, 'DISCUSSION', 'Discussion not found'));
  parts.links.lexiconTerms?.forEach((l, i) => add(`lexiconTerms.${i}.lexiconTermId`, l.lexiconTermId, 'LEXICON_TERM', 'Lexicon term not found'));
  parts.links.items?.forEach((l, i) => add(`items.${i}.contentId`, l.contentId, undefined, 'Content not found'));
  parts.relations?.forEach((r, i) => add(`relations.${i}.relatedContentId`, r.relatedContentId, undefined, 'Related content not found'));
  return refs;
}

async function checkReferences(d: Deps, type: ContentType, parts: ContentSaveParts, selfId: string | null) {
  const refs = referencesOf(type, parts);
  const types = await d.content.typesOf(refs.map((r) => r.id));
  const errors: FieldError[] = [];
  for (const ref of refs) {
    const found = types.get(ref.id);
    if (!found || (ref.type && found !== ref.type)) errors.push({ path: ref.path, message: ref.message });
    else if (selfId && ref.id === selfId) errors.push({ path: ref.path, message: 'Content cannot refer to itself' });
  }
  if (parts.creators?.length) {
    const existing = await d.creators.existing(parts.creators.map((c) => c.creatorId));
    parts.creators.forEach((c, i) => {
      if (!existing.has(c.creatorId)) errors.push({ path: `creators.${i}.creatorId`, message: 'Creator not found' });
    });
  }
  if (errors.length) throw invalidInput(errors[0]!.message, errors, 'REFERENCE_NOT_FOUND');
}

function written(type: ContentType, result: ContentWriteResult): ContentItem {
  if (result.ok) return result.item;
  if (result.reason === 'slug_taken') throw conflict(`A ${TYPE_LABELS[type].toLowerCase()} with this slug already exists`, 'SLUG_TAKEN');
  if (result.reason === 'term_taken') throw conflict('A lexicon term with this normalized term already exists', 'TERM_TAKEN');
  throw conflict('Another item already has this order index', 'ORDER_TAKEN');
}

export async function createContent(d: Deps, actor: Actor | null, type: ContentType, input: ContentSaveInput): Promise<ContentItem> {
  requirePermission(actor, 'content.edit');
  const parts = splitSaveInput(type, input);
  const status = requestedStatus('DRAFT', parts);
  requirePermission(actor, creationPermission(status));
  await checkReferences(d, type, parts, null);
  const now = d.clock.now();
  const shared = sharedWithDefaults(parts.shared);
  const details = detailsWithDefaults(type, parts.details);
  const result = await d.content.create(
    {
      type,
      shared,
      status,
      publishedAt: publication(status, null, now).publishedAt,
      details,
      links: parts.links,
      ...searchableText(type, shared, details),
      creators: parts.creators ?? [],
      relations: parts.relations ?? [],
    },
    now,
  );
  return written(type, result);
}

/** Loads the item for a write; a wrong type is "not found" (a chapter is not a book). */
async function existing(d: Pick<Deps, 'content'>, type: ContentType, id: string): Promise<ContentItem> {
  const current = await d.content.byId(id);
  if (!current || current.type !== type) throw notFound(TYPE_LABELS[type]);
  return current;
}

export async function updateContent(d: Deps, actor: Actor | null, type: ContentType, id: string, input: ContentSaveInput): Promise<ContentItem> {
  requirePermission(actor, 'content.edit');
  const current = await existing(d, type, id);
  const parts = splitSaveInput(type, input);
  const status = requestedStatus(current.status, parts);
  requirePermission(actor, transitionPermission(current.status, status));
  // What is live changes only with the right to publish.
  if (current.status === 'PUBLISHED') requirePermission(actor, 'content.publish');
  await checkReferences(d, type, parts, current.id);
  const now = d.clock.now();
  const shared = { ...current, ...parts.shared };
  const details = { ...current.details, ...parts.details };
  const result = await d.content.update(
    id,
    {
      shared: parts.shared,
      status,
      publishedAt: publication(status, current, now).publishedAt,
      details: parts.details,
      links: parts.links,
      ...searchableText(type, shared, details),
      creators: parts.creators,
      relations: parts.relations,
    },
    now,
  );
  if (!result) throw notFound(TYPE_LABELS[type]);
  return written(type, result);
}

export async function deleteContent(d: Pick<Deps, 'content'>, actor: Actor | null, type: ContentType, id: string): Promise<void> {
  requirePermission(actor, 'content.edit');
  const current = await existing(d, type, id);
  if (current.status === 'PUBLISHED') requirePermission(actor, 'content.publish');
  if (!(await d.content.delete(id))) throw notFound(TYPE_LABELS[type]);
}
