/** Creators (spec 002 §3, §5 Creator): public to read; managed by those who edit content. */
import { requirePermission, type Actor } from '../../domain/auth/actor';
import type { Creator } from '../../domain/content/creator';
import type { ContentItem } from '../../domain/content/model';
import type { CreatorSaveInput } from '../../domain/content/schemas';
import { slugify } from '../../domain/content/slug';
import { conflict, notFound } from '../../domain/shared/errors';
import type { CreatorQuery } from '../ports/content-creators';
import type { ContentDeps } from './deps';
import { visibleStatuses } from './visibility';

type Deps = Pick<ContentDeps, 'creators' | 'content' | 'clock'>;

const taken = () => conflict('A creator with this slug already exists', 'SLUG_TAKEN');

export async function listCreators(d: Deps, query: CreatorQuery) {
  const { items, total } = await d.creators.list(query);
  return { items, total, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit) };
}

export async function creatorById(d: Deps, id: string): Promise<Creator> {
  const creator = await d.creators.byId(id);
  if (!creator) throw notFound('Creator');
  return creator;
}

export async function creatorBySlug(d: Deps, slug: string): Promise<Creator> {
  const creator = await d.creators.bySlug(slug);
  if (!creator) throw notFound('Creator');
  return creator;
}

/** The content a creator is credited on, as the actor may see it. */
export async function contentOfCreator(d: Deps, actor: Actor | null, slug: string, page: number, limit: number): Promise<{ creator: Creator; items: ContentItem[]; total: number }> {
  const creator = await creatorBySlug(d, slug);
  const { items, total } = await d.content.list({ creatorId: creator.id, statuses: visibleStatuses(actor), page, limit });
  return { creator, items, total };
}

export async function createCreator(d: Deps, actor: Actor | null, input: CreatorSaveInput): Promise<Creator> {
  requirePermission(actor, 'content.edit');
  const name = input.name!;
  const result = await d.creators.create(
    {
      name,
      slug: input.slug ?? slugify(name),
      email: input.email ?? null,
      bio: input.bio ?? null,
      title: input.title ?? null,
      organization: input.organization ?? null,
      expertise: input.expertise ?? [],
      imageUrl: input.imageUrl ?? null,
      creatorType: input.creatorType ?? null,
      featured: input.featured ?? false,
    },
    d.clock.now(),
  );
  if (result === 'slug_taken') throw taken();
  return result;
}

export async function updateCreator(d: Deps, actor: Actor | null, id: string, input: CreatorSaveInput): Promise<Creator> {
  requirePermission(actor, 'content.edit');
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const result = await d.creators.update(id, patch, d.clock.now());
  if (result === 'slug_taken') throw taken();
  if (!result) throw notFound('Creator');
  return result;
}

export async function deleteCreator(d: Deps, actor: Actor | null, id: string): Promise<void> {
  requirePermission(actor, 'content.edit');
  if (!(await d.creators.delete(id))) throw notFound('Creator');
}
