/**
 * The type-specific fields of each content type (spec 002 §3 "Type-specific entities") with their
 * rules and messages (spec 002 §5 Content) and defaults (spec 002 §3, §9). Links to other content
 * that carry an order (essay in a book, item of a track) are in ./links.ts; children read through
 * their parent (a book's chapters) are computed, not stored here.
 */
import { z } from 'zod';
import { BOOK_FORMATS, BOOK_TYPES, CLIP_TYPES, TYPE_LABELS, type ContentType } from './constants';
import { bool, date, datetime, enumField, id, int, json, list, number, required, requiredId, requiredInt, text, url, type FieldDef } from './fields';

const overview = (type: ContentType) => required(`${TYPE_LABELS[type]} overview is required`);
const minutes = () => int({ min: 0, message: 'Duration must be a whole number of minutes, 0 or more' });
const count = () => int({ min: 0, message: 'Must be a whole number, 0 or more' });

export const DETAIL_FIELDS = {
  BOOK: {
    isbn: text(32),
    publisher: text(300),
    publicationDate: date(),
    totalPages: int({ min: 1, message: 'Total pages must be a positive whole number' }),
    language: { ...text(16), default: 'en' },
    formats: {
      kind: 'list',
      schema: z.preprocess((v) => (v === null || v === '' ? [] : v), z.array(z.enum(BOOK_FORMATS, { error: `Format must be one of ${BOOK_FORMATS.join(', ')}` }), { error: 'At least one format is required' }).min(1, 'At least one format is required').transform((f) => [...new Set(f)])),
      required: 'At least one format is required',
    },
    newVersion: bool(false),
    purchaseLink: url('Purchase link must be a valid URL'),
    bookType: enumField(BOOK_TYPES, `Book type must be one of ${BOOK_TYPES.join(', ')}`, 'FICTION'),
    tableOfContents: json('tableOfContents'),
    background: text(),
    summary: text(),
    excerpt: text(),
    whyRead: text(),
    themes: list(),
    characters: json('characters'),
    authorBio: text(),
    faq: json('faq'),
    essaysOverview: text(),
    rating: number({ min: 0, max: 5 }),
    pricing: json('pricing'),
  },
  CHAPTER: {
    bookId: requiredId('Book is required'),
    orderIndex: requiredInt('Order index is required', { min: 0, message: 'Order index must be a whole number, 0 or more' }),
    wordCount: count(),
    readingTime: minutes(),
    contentText: text(2_000_000),
  },
  ESSAY: {
    wordCount: count(),
    readingTime: minutes(),
    isScholarly: bool(false),
    isCopyProtected: bool(false),
    editorialNote: text(),
    contentText: text(2_000_000),
    references: json('references'),
    footnotes: json('footnotes'),
    originallyPublished: text(300),
    publicationSource: text(500),
    topics: list(),
    abstractSummary: text(),
    keyTakeaways: list(),
  },
  EXCERPT: {
    excerpt: required('Excerpt text is required'),
    workTitle: text(500),
    bookTitle: text(500),
    pageNumber: int({ min: 1, message: 'Page number must be a positive whole number' }),
    analysis: text(),
  },
  LEXICON_TERM: {
    term: required('Term is required', 300),
    normalizedTerm: required('Normalized term is required', 300),
    firstLetter: {
      kind: 'text',
      schema: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'First letter is required' }).trim().min(1, { message: 'First letter is required', abort: true }).refine((v) => [...v].length === 1, 'First letter must be a single character')),
      required: 'First letter is required',
    },
    relatedTerms: list(),
    pointsTo: id('pointsTo must be the id of a lexicon term'),
    pointsToTerm: text(300),
  },
  COURSE: {
    overview: overview('COURSE'),
    objectives: list(),
    durationMinutes: minutes(),
    sequential: bool(false),
    promotional: json('promotional'),
  },
  LESSON: {
    courseId: requiredId('Course is required'),
    orderIndex: requiredInt('Order index is required', { min: 1, message: 'Order index must be a whole number, 1 or more' }),
    overview: overview('LESSON'),
    transcript: text(2_000_000),
    durationMinutes: int({ min: 1, message: 'Lesson duration must be a positive whole number' }),
    objectives: list(),
    keyPoints: list(),
  },
  PLAYLIST: {
    overview: overview('PLAYLIST'),
    durationMinutes: minutes(),
    sequential: bool(false),
    topics: list(),
  },
  LECTURE: {
    playlistId: requiredId('Playlist is required'),
    orderIndex: requiredInt('Order index is required', { min: 0, message: 'Order index must be a whole number, 0 or more' }),
    overview: overview('LECTURE'),
    transcript: text(2_000_000),
    durationMinutes: minutes(),
    originalDate: date(),
    venue: text(500),
    event: text(500),
  },
  INTERVIEW: {
    overview: overview('INTERVIEW'),
    transcript: text(2_000_000),
    durationMinutes: minutes(),
    interviewDate: date(),
    interviewer: text(300),
    interviewee: text(300),
    venue: text(500),
    format: text(100),
    mainTopics: list(),
  },
  CLIP: {
    overview: overview('CLIP'),
    transcript: text(2_000_000),
    durationSeconds: int({ min: 0, message: 'Clip duration must be a whole number of seconds, 0 or more' }),
    sourceContentId: id('sourceContentId must be the id of a content item'),
    sourceTimestamp: text(32),
    clipDate: date(),
    context: text(),
    clipType: enumField(CLIP_TYPES, `Clip type must be one of ${CLIP_TYPES.join(', ')}`, 'STANDALONE'),
    topics: list(),
  },
  ARTIFACT: {
    overview: overview('ARTIFACT'),
    archiveLocation: text(500),
    catalogNumber: text(100),
    dateCreated: text(100),
    dateAcquired: date(),
    creator: text(300),
    artifactType: text(100),
    condition: text(500),
    dimensions: text(300),
    isRestricted: bool(true),
    accessNotes: text(),
    copyrightStatus: text(300),
    isDigitized: bool(false),
    digitizationDate: date(),
    digitizationNotes: text(),
    collection: text(300),
    relatedArtifacts: list(),
    provenance: text(),
    transcription: text(2_000_000),
  },
  DISCUSSION: {
    overview: overview('DISCUSSION'),
    objectives: list(),
    durationMinutes: minutes(),
    meetingDateTime: datetime(),
    isVirtual: bool(true),
    location: text(500),
    zoomLink: url('Zoom link must be a valid URL'),
    participantCap: int({ min: 1, message: 'Participant cap must be a positive whole number' }),
    currentParticipants: int({ min: 0, message: 'Current participants must be a whole number, 0 or more', default: 0 }),
    promotional: json('promotional'),
  },
  TRACK: {
    overview: overview('TRACK'),
    estimatedDuration: minutes(),
    sequential: bool(true),
    themes: list(),
    goals: list(),
  },
} satisfies Record<ContentType, Record<string, FieldDef>>;

export type DetailFieldsOf<T extends ContentType> = (typeof DETAIL_FIELDS)[T];

/** The stored value of each kind. */
type ValueOf<K> = K extends 'text' | 'date' | 'datetime' | 'id' ? string | null
  : K extends 'int' | 'number' ? number | null
  : K extends 'bool' ? boolean
  : K extends 'list' ? string[]
  : unknown;

/** A type's details as the library keeps them. */
export type Details<T extends ContentType> = { [F in keyof DetailFieldsOf<T>]: DetailFieldsOf<T>[F] extends { kind: infer K } ? ValueOf<K> : never };

/** Text a type contributes to full-text search, beyond the shared title, subtitle and description. */
export const SEARCHABLE_FIELDS: Record<ContentType, readonly string[]> = {
  BOOK: ['summary', 'background', 'excerpt', 'whyRead', 'themes', 'authorBio', 'essaysOverview', 'publisher'],
  CHAPTER: ['contentText'],
  ESSAY: ['abstractSummary', 'contentText', 'topics', 'keyTakeaways', 'publicationSource'],
  EXCERPT: ['excerpt', 'workTitle', 'bookTitle', 'analysis'],
  LEXICON_TERM: ['term', 'relatedTerms', 'pointsToTerm'],
  COURSE: ['overview', 'objectives'],
  LESSON: ['overview', 'transcript', 'keyPoints', 'objectives'],
  PLAYLIST: ['overview', 'topics'],
  LECTURE: ['overview', 'transcript', 'venue', 'event'],
  INTERVIEW: ['overview', 'transcript', 'interviewer', 'interviewee', 'mainTopics'],
  CLIP: ['overview', 'transcript', 'context', 'topics'],
  ARTIFACT: ['overview', 'transcription', 'provenance', 'collection', 'creator'],
  DISCUSSION: ['overview', 'objectives'],
  TRACK: ['overview', 'themes', 'goals'],
};

/**
 * The work itself, as opposed to its catalogue entry: what the access check keeps from those it does
 * not let in (domain/content/README.md "Access"). A book, course or playlist is opened through its
 * chapters, lessons or lectures; a discussion's meeting link is its way in.
 */
export const BODY_FIELDS: Record<ContentType, readonly string[]> = {
  BOOK: [],
  CHAPTER: ['contentText'],
  ESSAY: ['contentText', 'references', 'footnotes'],
  EXCERPT: ['excerpt', 'analysis'],
  LEXICON_TERM: [],
  COURSE: [],
  LESSON: ['transcript'],
  PLAYLIST: [],
  LECTURE: ['transcript'],
  INTERVIEW: ['transcript'],
  CLIP: ['transcript'],
  ARTIFACT: ['transcription'],
  DISCUSSION: ['zoomLink'],
  TRACK: [],
};
