/**
 * What each type's page shows beyond the shared header (spec 002 §3 type-specific entities), as
 * data: facts in a list, texts as titled blocks, lists of terms. `body` fields are the work itself
 * (a transcript, a transcription): shown only to those the entitlement check lets in.
 */
import type { ContentType } from '../../../../domain/content/constants';
import { formatDate } from '../../lib/format';

export type FactFormat = 'text' | 'date' | 'datetime' | 'minutes' | 'seconds' | 'yesno' | 'number' | 'words';

export interface ItemLayout {
  facts: [field: string, label: string, format?: FactFormat][];
  texts: [field: string, title: string][];
  lists: [field: string, title: string][];
  /** The work itself, behind the access check. */
  body: [field: string, title: string][];
}

const none: ItemLayout = { facts: [], texts: [], lists: [], body: [] };

export const ITEM_LAYOUTS: Partial<Record<ContentType, ItemLayout>> = {
  CHAPTER: { ...none, facts: [['orderIndex', 'Chapter', 'number'], ['wordCount', 'Words', 'words'], ['readingTime', 'Reading time', 'minutes']] },
  ESSAY: {
    facts: [['originallyPublished', 'First published', 'text'], ['publicationSource', 'Published in'], ['wordCount', 'Words', 'words'], ['readingTime', 'Reading time', 'minutes'], ['isScholarly', 'Scholarly', 'yesno']],
    texts: [['abstractSummary', 'Abstract'], ['editorialNote', 'Editorial note']],
    lists: [['keyTakeaways', 'Key takeaways'], ['topics', 'Topics']],
    body: [],
  },
  EXCERPT: { facts: [['workTitle', 'From'], ['bookTitle', 'Book'], ['pageNumber', 'Page', 'number']], texts: [['analysis', 'Analysis']], lists: [], body: [] },
  LESSON: { facts: [['orderIndex', 'Lesson', 'number'], ['durationMinutes', 'Length', 'minutes']], texts: [['overview', 'Overview']], lists: [['objectives', 'Objectives'], ['keyPoints', 'Key points']], body: [['transcript', 'Transcript']] },
  LECTURE: {
    facts: [['originalDate', 'Given on', 'date'], ['venue', 'Venue'], ['event', 'Event'], ['durationMinutes', 'Length', 'minutes']],
    texts: [['overview', 'Overview']],
    lists: [],
    body: [['transcript', 'Transcript']],
  },
  INTERVIEW: {
    facts: [['interviewer', 'Interviewer'], ['interviewee', 'Interviewee'], ['interviewDate', 'Date', 'date'], ['venue', 'Venue'], ['format', 'Format'], ['durationMinutes', 'Length', 'minutes']],
    texts: [['overview', 'Overview']],
    lists: [['mainTopics', 'Main topics']],
    body: [['transcript', 'Transcript']],
  },
  CLIP: {
    facts: [['durationSeconds', 'Length', 'seconds'], ['clipDate', 'Date', 'date'], ['sourceTimestamp', 'At'], ['clipType', 'Kind']],
    texts: [['overview', 'Overview'], ['context', 'Context']],
    lists: [['topics', 'Topics']],
    body: [['transcript', 'Transcript']],
  },
  ARTIFACT: {
    facts: [['artifactType', 'Kind'], ['creator', 'Made by'], ['dateCreated', 'Made'], ['collection', 'Collection'], ['catalogNumber', 'Catalogue number'], ['archiveLocation', 'Held at'], ['dateAcquired', 'Acquired', 'date'], ['dimensions', 'Dimensions'], ['condition', 'Condition'], ['copyrightStatus', 'Copyright'], ['isDigitized', 'Digitized', 'yesno']],
    texts: [['overview', 'Overview'], ['provenance', 'Provenance'], ['accessNotes', 'Access']],
    lists: [['relatedArtifacts', 'Related artifacts']],
    body: [['transcription', 'Transcription']],
  },
  DISCUSSION: {
    facts: [['meetingDateTime', 'Meets', 'datetime'], ['durationMinutes', 'Length', 'minutes'], ['isVirtual', 'Online', 'yesno'], ['location', 'Where'], ['participantCap', 'Places', 'number'], ['currentParticipants', 'Taken', 'number']],
    texts: [['overview', 'Overview']],
    lists: [['objectives', 'Objectives']],
    body: [],
  },
  TRACK: { facts: [['estimatedDuration', 'Time', 'minutes'], ['sequential', 'In order', 'yesno']], texts: [['overview', 'Overview']], lists: [['goals', 'Goals'], ['themes', 'Themes']], body: [] },
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function minutes(n: number): string {
  if (n < 60) return plural(n, 'minute');
  const h = Math.floor(n / 60);
  const m = n % 60;
  return m ? `${plural(h, 'hour')} ${plural(m, 'minute')}` : plural(h, 'hour');
}

/** A fact's value as shown; null leaves the fact out. */
export function factValue(value: unknown, format: FactFormat = 'text'): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (format) {
    case 'yesno':
      return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : null;
    case 'date':
      return typeof value === 'string' ? formatDate(value) || null : null;
    case 'datetime':
      return typeof value === 'string' ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(value)) : null;
    case 'minutes':
      return typeof value === 'number' ? minutes(value) : null;
    case 'seconds':
      return typeof value === 'number' ? (value < 60 ? plural(value, 'second') : `${Math.floor(value / 60)}:${String(value % 60).padStart(2, '0')} minutes`) : null;
    case 'words':
      return typeof value === 'number' ? value.toLocaleString('en-US') : null;
    case 'number':
      return typeof value === 'number' ? String(value) : null;
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  }
}
