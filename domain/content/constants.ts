/**
 * The library's enumerations (spec 002 §3-4). Where the spec names only a default (status DRAFT,
 * accessType OPEN, bookType FICTION, clipType STANDALONE) the full lists are ours: domain/content/README.md.
 */
export const CONTENT_TYPES = [
  'BOOK',
  'CHAPTER',
  'ESSAY',
  'EXCERPT',
  'LEXICON_TERM',
  'COURSE',
  'LESSON',
  'PLAYLIST',
  'LECTURE',
  'INTERVIEW',
  'CLIP',
  'ARTIFACT',
  'DISCUSSION',
  'TRACK',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_STATUSES = ['DRAFT', 'REVIEW', 'PUBLISHED', 'ARCHIVED'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const DEFAULT_CONTENT_STATUS: ContentStatus = 'DRAFT';

/** Who may open a piece of content (domain/content/README.md, "Access"). */
export const ACCESS_TYPES = ['OPEN', 'MEMBERS', 'PREMIUM', 'CLASSROOM', 'STAFF'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
export const DEFAULT_ACCESS_TYPE: AccessType = 'OPEN';

export const DIFFICULTIES = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const BOOK_TYPES = ['FICTION', 'NON_FICTION'] as const;
export type BookType = (typeof BOOK_TYPES)[number];

export const BOOK_FORMATS = ['PAPERBACK', 'HARDCOVER', 'EBOOK', 'AUDIOBOOK'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

export const CLIP_TYPES = ['STANDALONE', 'EXCERPT', 'HIGHLIGHT'] as const;
export type ClipType = (typeof CLIP_TYPES)[number];

export const CREATOR_ROLES = ['AUTHOR', 'CO_AUTHOR', 'EDITOR', 'TRANSLATOR', 'NARRATOR', 'LECTURER', 'HOST', 'INTERVIEWER', 'INTERVIEWEE', 'CONTRIBUTOR'] as const;
export type CreatorRole = (typeof CREATOR_ROLES)[number];

export const RELATION_TYPES = ['RELATED', 'PREREQUISITE', 'FOLLOW_UP', 'SOURCE', 'ADAPTATION', 'DISCUSSES'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/**
 * The types that belong to a parent (spec 002 §3 parent links): a chapter and an essay to a book, an
 * excerpt to a lexicon term, a lesson to a course, a lecture to a playlist. They are never more
 * visible nor more open than their parents (domain/content/README.md "Who sees what", "Access").
 */
export const TYPES_WITH_PARENTS: readonly ContentType[] = ['CHAPTER', 'ESSAY', 'EXCERPT', 'LESSON', 'LECTURE'];

export const PROGRESS_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/** The human name of a type, as messages say it ('Artifact overview is required'). */
export const TYPE_LABELS: Record<ContentType, string> = {
  BOOK: 'Book',
  CHAPTER: 'Chapter',
  ESSAY: 'Essay',
  EXCERPT: 'Excerpt',
  LEXICON_TERM: 'Lexicon term',
  COURSE: 'Course',
  LESSON: 'Lesson',
  PLAYLIST: 'Playlist',
  LECTURE: 'Lecture',
  INTERVIEW: 'Interview',
  CLIP: 'Clip',
  ARTIFACT: 'Artifact',
  DISCUSSION: 'Discussion',
  TRACK: 'Track',
};
