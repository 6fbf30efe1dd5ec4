/**
 * Ordered links between content items and content associations (spec 002 §3 Content
 * associations, parent links; §5 "Essay, discussion and course links need orderIndex of at least 1").
 */
import { z } from 'zod';
import { CREATOR_ROLES, RELATION_TYPES } from './constants';
import { plainText } from '../shared/text';
import { intSchema } from './fields';

const linkOrder = z.preprocess((v) => (v === undefined || v === null || v === '' ? 1 : v), intSchema({ min: 1, message: 'Order index must be at least 1' }));
const position = (defaultValue = 0) => z.preprocess((v) => (v === undefined || v === null || v === '' ? defaultValue : v), intSchema({ min: 0, message: 'Order index must be at least 0' }));

/** An essay in a book (the book's essays, each with orderIndex). */
export const essayBookLinkSchema = z.object({ bookId: z.uuid('Book is required'), orderIndex: linkOrder });
/** An essay discussed in a discussion. */
export const essayDiscussionLinkSchema = z.object({ discussionId: z.uuid('Discussion is required'), orderIndex: linkOrder });
/** An excerpt filed under a lexicon term (the term's termExcerpts). */
export const excerptTermLinkSchema = z.object({ lexiconTermId: z.uuid('Lexicon term is required'), orderIndex: position() });
/** A step of a track. */
export const trackItemSchema = z.object({
  contentId: z.uuid('Content ID is required'),
  orderIndex: position(),
  description: z.preprocess((v) => (v === '' ? null : v), plainText(z.string().trim().max(2000), { lines: 'multi-line' }).nullable().optional()).transform((v) => v ?? null),
  isRequired: z.boolean().optional().transform((v) => v ?? true),
});

export const contentCreatorSchema = z.object({
  creatorId: z.uuid('Creator is required'),
  role: z.enum(CREATOR_ROLES, { error: `Role must be one of ${CREATOR_ROLES.join(', ')}` }).optional().transform((v) => v ?? 'AUTHOR'),
  orderIndex: position(),
});

export const contentRelationSchema = z.object({
  relatedContentId: z.uuid('Related content is required'),
  relationType: z.enum(RELATION_TYPES, { error: `Relation type must be one of ${RELATION_TYPES.join(', ')}` }).optional().transform((v) => v ?? 'RELATED'),
  orderIndex: position(),
});

export type EssayBookLink = z.output<typeof essayBookLinkSchema>;
export type EssayDiscussionLink = z.output<typeof essayDiscussionLinkSchema>;
export type ExcerptTermLink = z.output<typeof excerptTermLinkSchema>;
export type TrackItem = z.output<typeof trackItemSchema>;
export type ContentCreatorLink = z.output<typeof contentCreatorSchema>;
export type ContentRelationLink = z.output<typeof contentRelationSchema>;

const uniqueBy = <T>(key: (t: T) => string, message: string) => (items: T[], ctx: z.RefinementCtx) => {
  if (new Set(items.map(key)).size !== items.length) ctx.addIssue({ code: 'custom', message });
};

/** The links each type may carry on save, by field name. */
export const LINK_FIELDS = {
  ESSAY: {
    books: z.array(essayBookLinkSchema).max(100).superRefine(uniqueBy((l) => l.bookId, 'Each book may be linked once')),
    discussions: z.array(essayDiscussionLinkSchema).max(100).superRefine(uniqueBy((l) => l.discussionId, 'Each discussion may be linked once')),
  },
  EXCERPT: {
    lexiconTerms: z.array(excerptTermLinkSchema).max(100).superRefine(uniqueBy((l) => l.lexiconTermId, 'Each lexicon term may be linked once')),
  },
  TRACK: {
    items: z.array(trackItemSchema).max(500).superRefine(uniqueBy((l) => l.contentId, 'Each content item may appear once in a track')),
  },
} as const;
