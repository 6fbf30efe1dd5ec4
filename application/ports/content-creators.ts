import type { Creator } from '../../domain/content/creator';

export type CreatorFields = Omit<Creator, 'id' | 'createdAt' | 'updatedAt'>;

export interface CreatorQuery {
  search?: string | undefined;
  featured?: boolean | undefined;
  page: number;
  limit: number;
}

export interface CreatorRepository {
  /** 'slug_taken' when another creator has the slug. */
  create(fields: CreatorFields, now: Date): Promise<Creator | 'slug_taken'>;
  update(id: string, patch: Partial<CreatorFields>, now: Date): Promise<Creator | 'slug_taken' | null>;
  delete(id: string): Promise<boolean>;
  byId(id: string): Promise<Creator | null>;
  bySlug(slug: string): Promise<Creator | null>;
  /** The ids among these that are creators. */
  existing(ids: readonly string[]): Promise<Set<string>>;
  list(query: CreatorQuery): Promise<{ items: Creator[]; total: number }>;
}
