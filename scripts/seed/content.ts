/**
 * A demo library: real titles of the field with chapters and essays, creators, a course with
 * lessons, a playlist with lectures, lexicon terms with excerpts, an interview, a clip, an archive
 * artifact, a reading group, a track and media assets. Texts are short summaries written for the
 * demo, not the works themselves. Saved through the same use cases as the admin (acting as ADMIN),
 * so every rule and default applies; an item whose slug exists is left as it is, so a second run
 * adds nothing.
 */
import { createCreator } from '../../application/content/creators';
import type { ContentDeps } from '../../application/content/deps';
import { createMedia } from '../../application/content/media';
import { createContent } from '../../application/content/save';
import type { Actor } from '../../domain/auth/actor';
import type { ContentType, CreatorRole } from '../../domain/content/constants';
import { contentSaveSchema, creatorSaveSchema, type ContentSaveInput } from '../../domain/content/schemas';
import { mediaSaveSchema } from '../../domain/media/schemas';
import type { Seeder } from './demo';

const seedActor = (now: Date): Actor => ({ userId: '00000000-0000-0000-0000-000000000000', email: 'seed@demo.objectivism.test', roles: ['ADMIN'], sessionId: 'seed', signedInAt: now, verifiedAt: now });

/** Credits by creator slug, AUTHOR unless a role is given. */
type Entry = { type: ContentType; slug: string; fields: Record<string, unknown>; creators?: (string | [string, CreatorRole])[] };

const CDN = 'https://cdn.demo.objectivism.test';

const CREATORS = [
  { name: 'Ayn Rand', slug: 'ayn-rand', title: 'Novelist and philosopher', expertise: ['fiction', 'philosophy'], creatorType: 'PERSON', featured: true, bio: 'Author of The Fountainhead and Atlas Shrugged and originator of Objectivism.' },
  { name: 'Leonard Peikoff', slug: 'leonard-peikoff', title: 'Philosopher', expertise: ['epistemology', 'history of philosophy'], creatorType: 'PERSON', featured: true, bio: 'Author of Objectivism: The Philosophy of Ayn Rand.' },
  { name: 'Harry Binswanger', slug: 'harry-binswanger', title: 'Philosopher', expertise: ['epistemology', 'philosophy of mind'], creatorType: 'PERSON', featured: false, bio: 'Editor of The Ayn Rand Lexicon and co-editor of the expanded Introduction to Objectivist Epistemology.' },
  { name: 'Tara Smith', slug: 'tara-smith', title: 'Professor of philosophy', organization: 'University of Texas at Austin', expertise: ['ethics', 'philosophy of law'], creatorType: 'PERSON', featured: false, bio: 'Author of Ayn Rand’s Normative Ethics: The Virtuous Egoist.' },
];

const chapter = (book: string, orderIndex: number, title: string, text: string): Entry => ({
  type: 'CHAPTER',
  slug: `${book}-chapter-${orderIndex}`,
  fields: { title, bookId: `@${book}`, orderIndex, contentText: text, wordCount: text.split(/\s+/).length, readingTime: 1, status: 'PUBLISHED' },
});

const essay = (book: string, orderIndex: number, slug: string, title: string, abstractSummary: string, topics: string[]): Entry => ({
  type: 'ESSAY',
  slug,
  fields: { title, abstractSummary, contentText: abstractSummary, topics, books: [{ bookId: `@${book}`, orderIndex }], status: 'PUBLISHED', author: 'Ayn Rand' },
  creators: ['ayn-rand'],
});

/** A chapter long enough to scroll, so the reader's saved place shows (a summary written for the demo). */
const THE_THEME = [
  'In New York, Eddie Willers walks to the Taggart Transcontinental building, uneasy at a question he keeps hearing: who is John Galt?',
  'A bum on a street corner asks it of him while begging for a dime. Nobody knows where the phrase came from; people say it when they mean that a question has no answer, that nothing can be done.',
  'Eddie remembers an oak tree on the Taggart estate where he played as a boy with Dagny and Jim Taggart. He had thought it stood for strength that nothing could shake, until lightning split it and showed that its trunk had long been hollow.',
  'The city around him looks tired. A calendar high above the roofs shows the date like a countdown; shop windows are empty; buildings stand half repaired. Eddie feels the dread of something ending that he cannot name.',
  'In his office James Taggart, president of the railroad, lounges behind his desk. Eddie tells him that the Rio Norte Line is failing: rails are cracking, trains are late, and Ellis Wyatt, the oil producer of Colorado, depends on it.',
  'Jim answers with excuses. The trouble is bad luck, he says, or the times, or the fault of others. He has ordered rail from Orren Boyle’s Associated Steel, which has delivered nothing for more than a year, because Boyle is a friend and a man of the right opinions.',
  'Eddie says that Rearden Steel could deliver. Jim refuses: Hank Rearden is too arrogant, too sure of himself, too unwilling to share. Eddie leaves knowing that nothing will be done and that the line will keep breaking.',
  'That night Dagny Taggart, vice-president in charge of operation, rides a passenger train home. She listens to a young brakeman whistling a theme she does not know, a melody of release and triumph, and asks him what it is.',
  'He says it is Richard Halley’s Fifth Concerto. Dagny knows that Halley wrote only four concertos and then retired years ago without a word. The brakeman, flustered, says he must be wrong.',
  'The train stops on a siding for no reason anyone can give. Dagny goes forward, finds the crew waiting on a red signal that has been stuck for an hour, and orders them on. She takes the responsibility in writing, because no one else will.',
  'In the morning she goes straight to Jim. She has cancelled the order with Associated Steel and ordered the rail from Rearden. She will rebuild the Rio Norte Line with Rearden Metal, the new alloy nobody has yet dared to use.',
  'Jim protests that the board has not approved it, that the public does not trust the metal, that the decision is not hers alone. Dagny answers that the line must be saved and that she will save it; all he has to do is not stand in her way.',
  'When she leaves his office the question is still in the air of the city, asked by strangers who expect no reply. Dagny does not ask it. She has work to do.',
].join('\n\n');

const ENTRIES: Entry[] = [
  {
    type: 'BOOK',
    slug: 'atlas-shrugged',
    creators: ['ayn-rand'],
    fields: {
      title: 'Atlas Shrugged', subtitle: 'A novel', author: 'Ayn Rand', featured: true, status: 'PUBLISHED', tags: ['fiction', 'ethics', 'capitalism'],
      description: 'The mind on strike: what happens to the world when its thinkers and producers withdraw.',
      publisher: 'Random House', publicationDate: '1957-10-10', totalPages: 1168, formats: ['PAPERBACK', 'HARDCOVER', 'EBOOK'], bookType: 'FICTION',
      coverImage: `${CDN}/covers/atlas-shrugged.jpg`, themes: ['reason', 'individualism', 'the morality of production'],
      summary: 'Dagny Taggart fights to keep her railroad running while the most able people vanish one by one.',
      whyRead: 'Rand’s fullest statement of her philosophy in fiction.', rating: 4.6,
      tableOfContents: JSON.stringify([{ part: 'Part One: Non-Contradiction' }, { part: 'Part Two: Either-Or' }, { part: 'Part Three: A Is A' }]),
      faq: JSON.stringify([{ question: 'Who is John Galt?', answer: 'The question the novel sets out to answer.' }]),
      pricing: JSON.stringify({ currency: 'USD', paperback: 2200, ebook: 1199 }),
    },
  },
  chapter('atlas-shrugged', 1, 'The Theme', THE_THEME),
  chapter('atlas-shrugged', 2, 'The Chain', 'Hank Rearden pours the first heat of his new metal and walks home with a bracelet made from it.'),
  chapter('atlas-shrugged', 3, 'The Top and the Bottom', 'Businessmen who live by pull meet in a bar at the top of a skyscraper while Dagny works to save the Rio Norte Line.'),
  {
    type: 'BOOK',
    slug: 'the-fountainhead',
    creators: ['ayn-rand'],
    fields: {
      title: 'The Fountainhead', author: 'Ayn Rand', featured: true, status: 'PUBLISHED', tags: ['fiction', 'individualism', 'architecture'],
      description: 'An architect who will not compromise, and the men who try to break him.',
      publisher: 'Bobbs-Merrill', publicationDate: '1943-05-01', totalPages: 752, formats: ['PAPERBACK', 'EBOOK'], bookType: 'FICTION', themes: ['integrity', 'independence'],
      summary: 'Howard Roark designs buildings his own way; Peter Keating lives through the opinions of others.',
    },
  },
  chapter('the-fountainhead', 1, 'Part One: Peter Keating', 'Howard Roark is expelled from architecture school on the day his classmate Peter Keating graduates with honours.'),
  chapter('the-fountainhead', 2, 'Part Two: Ellsworth M. Toohey', 'A critic who preaches selflessness sets out to destroy the one man he cannot rule.'),
  {
    type: 'BOOK',
    slug: 'the-virtue-of-selfishness',
    creators: ['ayn-rand'],
    fields: {
      title: 'The Virtue of Selfishness', subtitle: 'A New Concept of Egoism', author: 'Ayn Rand', status: 'PUBLISHED', tags: ['ethics', 'essays'],
      description: 'Essays on the ethics of rational self-interest.', publisher: 'Signet', publicationDate: '1964-01-01', formats: ['PAPERBACK', 'EBOOK'], bookType: 'NON_FICTION',
      essaysOverview: 'Essays by Ayn Rand and others on the Objectivist ethics and its application to politics.',
    },
  },
  essay('the-virtue-of-selfishness', 1, 'the-objectivist-ethics', 'The Objectivist Ethics', 'Why man needs a code of values at all, and why life is the standard of value.', ['ethics', 'values']),
  essay('the-virtue-of-selfishness', 2, 'the-ethics-of-emergencies', 'The Ethics of Emergencies', 'Why helping others in an emergency is not the center of morality.', ['ethics', 'altruism']),
  essay('the-virtue-of-selfishness', 3, 'mans-rights', 'Man’s Rights', 'Rights as the link between ethics and politics: freedom of action in a social context.', ['rights', 'politics']),
  {
    type: 'BOOK',
    slug: 'objectivism-the-philosophy-of-ayn-rand',
    creators: ['leonard-peikoff'],
    fields: { title: 'Objectivism: The Philosophy of Ayn Rand', author: 'Leonard Peikoff', status: 'PUBLISHED', tags: ['philosophy'], publisher: 'Dutton', publicationDate: '1991-12-01', formats: ['PAPERBACK'], bookType: 'NON_FICTION', description: 'The first systematic presentation of Objectivism.' },
  },
  {
    type: 'BOOK',
    slug: 'introduction-to-objectivist-epistemology',
    creators: ['ayn-rand', 'leonard-peikoff', ['harry-binswanger', 'EDITOR']],
    fields: {
      title: 'Introduction to Objectivist Epistemology', subtitle: 'Expanded second edition', author: 'Ayn Rand', contributors: ['Leonard Peikoff', 'Harry Binswanger'], status: 'PUBLISHED', featured: true,
      tags: ['epistemology', 'philosophy'], difficulty: 'ADVANCED', publisher: 'Meridian', publicationDate: '1990-07-01', totalPages: 336, formats: ['PAPERBACK', 'EBOOK'], bookType: 'NON_FICTION',
      description: 'Ayn Rand’s theory of concepts: how the mind forms, organizes and validates its knowledge.',
      summary: 'Concepts are formed by measurement-omission: the mind isolates units by a shared characteristic and integrates them, omitting their particular measurements. The second edition adds Rand’s workshop transcripts and Leonard Peikoff’s essay “The Analytic-Synthetic Dichotomy.”',
      whyRead: 'The foundation under every other part of the philosophy: it answers the problem of universals.',
      themes: ['concepts', 'definitions', 'axioms'],
      tableOfContents: JSON.stringify(['Cognition and Measurement', 'Concept-Formation', 'Abstraction from Abstractions', 'Concepts of Consciousness', 'Definitions', 'Axiomatic Concepts', 'The Cognitive Role of Concepts', 'Consciousness and Identity']),
      faq: JSON.stringify([{ question: 'Do I need to read this first?', answer: 'No: most readers come to it after the novels and The Virtue of Selfishness.' }]),
      pricing: JSON.stringify({ currency: 'USD', paperback: 1900, ebook: 999 }),
    },
  },
  chapter('introduction-to-objectivist-epistemology', 1, 'Cognition and Measurement', 'Consciousness is the faculty of perceiving that which exists. Knowledge begins with percepts; a concept integrates them, and the process that makes it possible is a kind of measurement.'),
  chapter('introduction-to-objectivist-epistemology', 2, 'Concept-Formation', 'A concept is a mental integration of two or more units which are isolated according to a characteristic and united by a specific definition. The measurements of the units are omitted: they must exist in some quantity, but may exist in any.'),
  chapter('introduction-to-objectivist-epistemology', 3, 'Abstraction from Abstractions', 'Wider concepts such as “furniture” are formed from narrower ones such as “table” and “chair”; narrower ones by subdividing a wider concept. Knowledge grows into a hierarchy.'),
  chapter('introduction-to-objectivist-epistemology', 5, 'Definitions', 'A definition states the essential characteristics of a concept’s units: the genus they belong to and the differentia that distinguishes them within it.'),
  {
    type: 'BOOK',
    slug: 'capitalism-the-unknown-ideal',
    creators: ['ayn-rand'],
    fields: {
      title: 'Capitalism: The Unknown Ideal', author: 'Ayn Rand', status: 'PUBLISHED', tags: ['politics', 'capitalism', 'essays'], publisher: 'New American Library', publicationDate: '1966-01-01', formats: ['PAPERBACK', 'EBOOK'], bookType: 'NON_FICTION',
      description: 'Essays on the moral case for capitalism, by Ayn Rand with Nathaniel Branden, Alan Greenspan and Robert Hessen.',
      essaysOverview: 'From the nature of capitalism to the roots of war and the student rebellion.',
    },
  },
  essay('capitalism-the-unknown-ideal', 1, 'what-is-capitalism', 'What Is Capitalism?', 'Capitalism as the social system based on the recognition of individual rights, including property rights.', ['capitalism', 'rights']),
  essay('capitalism-the-unknown-ideal', 2, 'the-roots-of-war', 'The Roots of War', 'Why statism breeds war and only capitalism is a system of peace.', ['war', 'politics']),
  {
    type: 'COURSE',
    slug: 'introduction-to-objectivism',
    creators: ['leonard-peikoff'],
    fields: { title: 'Introduction to Objectivism', status: 'PUBLISHED', featured: true, difficulty: 'BEGINNER', tags: ['philosophy'], overview: 'The five branches of Objectivism in five short lessons.', objectives: ['Name the five branches', 'State each branch’s central idea'], sequential: true, durationMinutes: 150 },
  },
  ...['Metaphysics: Existence Exists', 'Epistemology: Reason', 'Ethics: Rational Self-Interest', 'Politics: Individual Rights', 'Aesthetics: Romantic Realism'].map((title, i): Entry => ({
    type: 'LESSON',
    slug: `introduction-to-objectivism-lesson-${i + 1}`,
    fields: { title, courseId: '@introduction-to-objectivism', orderIndex: i + 1, overview: `Lesson ${i + 1}: ${title}.`, durationMinutes: 30, status: 'PUBLISHED' },
  })),
  {
    type: 'PLAYLIST',
    slug: 'ford-hall-forum-lectures',
    creators: ['ayn-rand'],
    fields: { title: 'Ford Hall Forum Lectures', status: 'PUBLISHED', tags: ['lectures'], overview: 'Ayn Rand’s talks at Boston’s Ford Hall Forum.', topics: ['politics', 'culture'] },
  },
  ...['America’s Persecuted Minority: Big Business', 'The Intellectual Bankruptcy of Our Age', 'The New Fascism: Rule by Consensus'].map((title, i): Entry => ({
    type: 'LECTURE',
    slug: `ford-hall-forum-lecture-${i + 1}`,
    fields: { title, playlistId: '@ford-hall-forum-lectures', orderIndex: i, overview: `${title}, a Ford Hall Forum lecture.`, venue: 'Ford Hall Forum, Boston', status: 'PUBLISHED' },
  })),
  ...[['Concept', 'C'], ['Egoism', 'E'], ['Objectivity', 'O'], ['Reason', 'R']].map(([term, letter]): Entry => ({
    type: 'LEXICON_TERM',
    slug: `lexicon-${term!.toLowerCase()}`,
    fields: { title: term, term, normalizedTerm: term!.toLowerCase(), firstLetter: letter, status: 'PUBLISHED', tags: ['lexicon'] },
  })),
  {
    type: 'EXCERPT',
    slug: 'excerpt-existence-exists',
    fields: { title: 'Existence exists', excerpt: 'Existence exists.', workTitle: 'Galt’s Speech', bookTitle: 'Atlas Shrugged', analysis: 'The axiom every other knowledge rests on.', status: 'PUBLISHED', lexiconTerms: [{ lexiconTermId: '@lexicon-objectivity', orderIndex: 0 }] },
  },
  {
    type: 'EXCERPT',
    slug: 'excerpt-reason-and-survival',
    fields: { title: 'Reason and survival', excerpt: 'Reason is man’s basic means of survival.', bookTitle: 'The Virtue of Selfishness', analysis: 'Why reason, not instinct, guides human action.', status: 'PUBLISHED', lexiconTerms: [{ lexiconTermId: '@lexicon-reason', orderIndex: 0 }, { lexiconTermId: '@lexicon-egoism', orderIndex: 1 }] },
  },
  {
    type: 'EXCERPT',
    slug: 'excerpt-definition-of-a-concept',
    fields: { title: 'What a concept is', excerpt: 'A concept is a mental integration of two or more units which are isolated according to a characteristic(s) and united by a specific definition.', workTitle: 'Concept-Formation', bookTitle: 'Introduction to Objectivist Epistemology', pageNumber: 10, analysis: 'The definition the rest of the theory unfolds: units, isolation by a characteristic, integration, definition.', status: 'PUBLISHED', lexiconTerms: [{ lexiconTermId: '@lexicon-concept', orderIndex: 0 }] },
  },
  {
    type: 'INTERVIEW',
    slug: 'playboy-interview-1964',
    creators: ['ayn-rand'],
    fields: { title: 'The Playboy Interview', status: 'PUBLISHED', overview: 'Ayn Rand interviewed by Alvin Toffler for Playboy, March 1964.', interviewer: 'Alvin Toffler', interviewee: 'Ayn Rand', format: 'PRINT', interviewDate: '1964-03-01', mainTopics: ['ethics', 'capitalism'] },
  },
  {
    type: 'CLIP',
    slug: 'clip-on-big-business',
    fields: { title: 'On big business', status: 'PUBLISHED', overview: 'Two minutes from the Ford Hall Forum lecture on big business.', durationSeconds: 120, sourceContentId: '@ford-hall-forum-lecture-1', sourceTimestamp: '00:12:30', topics: ['capitalism'] },
  },
  {
    type: 'ARTIFACT',
    slug: 'atlas-shrugged-manuscript-page',
    fields: { title: 'Atlas Shrugged manuscript page', status: 'PUBLISHED', overview: 'A handwritten page from the manuscript of Atlas Shrugged.', artifactType: 'MANUSCRIPT', collection: 'Ayn Rand Papers', isDigitized: true },
  },
  {
    type: 'DISCUSSION',
    slug: 'reading-group-the-objectivist-ethics',
    fields: { title: 'Reading group: The Objectivist Ethics', status: 'PUBLISHED', overview: 'An online discussion of the essay.', objectives: ['Read the essay', 'Bring one question'], durationMinutes: 60, participantCap: 20 },
  },
  {
    type: 'TRACK',
    slug: 'start-here',
    fields: { title: 'Start here', status: 'PUBLISHED', featured: true, overview: 'A first path through the library.', goals: ['Read a novel', 'Take the introductory course'], },
  },
];

const media = (fields: Record<string, unknown>) => mediaSaveSchema('create').parse(fields);

export const demoContentSeeder: Seeder = {
  name: 'content',
  async run(services) {
    const d: ContentDeps = services.content.deps;
    const actor = seedActor(services.clock.now());
    const creatorIds = new Map<string, string>();
    for (const c of CREATORS) {
      const existing = await d.creators.bySlug(c.slug);
      creatorIds.set(c.slug, existing?.id ?? (await createCreator(d, actor, creatorSaveSchema('create').parse(c))).id);
    }
    const ids = new Map<string, string>();
    const resolve = (value: unknown): unknown => {
      if (typeof value === 'string' && value.startsWith('@')) return ids.get(value.slice(1));
      if (Array.isArray(value)) return value.map(resolve);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
      return value;
    };
    let created = 0;
    for (const entry of ENTRIES) {
      const existing = await d.content.bySlug(entry.type, entry.slug);
      if (existing) {
        ids.set(entry.slug, existing.id);
        continue;
      }
      const fields = resolve(entry.fields) as Record<string, unknown>;
      // The track walks through what exists by now: a novel, the course and an essay.
      if (entry.type === 'TRACK') fields.items = ['the-fountainhead', 'introduction-to-objectivism', 'the-objectivist-ethics'].map((slug, orderIndex) => ({ contentId: ids.get(slug), orderIndex, isRequired: true, description: null }));
      const creators = (entry.creators ?? []).map((credit, orderIndex) => {
        const [slug, role] = typeof credit === 'string' ? [credit, 'AUTHOR' as const] : credit;
        return { creatorId: creatorIds.get(slug)!, role, orderIndex };
      });
      const input = contentSaveSchema(entry.type, 'create').parse({ ...fields, slug: entry.slug, creators }) as ContentSaveInput;
      const item = await createContent(d, actor, entry.type, input);
      ids.set(entry.slug, item.id);
      created++;
    }
    // Each asset once: a content item keeps an asset with the same address from an earlier run.
    const asset = async (fields: Record<string, unknown>) => {
      const parsed = media(fields);
      const contentId = parsed.contentId as string;
      if ((await d.media.byContent(contentId)).some((m) => m.url === parsed.url)) return;
      await createMedia(d, actor, parsed);
      created++;
    };
    await asset({ type: 'IMAGE', contentId: ids.get('atlas-shrugged'), url: `${CDN}/covers/atlas-shrugged.jpg`, altText: 'Cover of Atlas Shrugged', width: 800, height: 1200, mimeType: 'image/jpeg' });
    // A short VP9 WebM served with the client (web/public/media), so the demo player plays without proprietary codecs.
    const demoMedia = `${services.config.appUrl}/media`;
    await asset({ type: 'VIDEO', contentId: ids.get('introduction-to-objectivism-lesson-1'), url: `${demoMedia}/demo-existence-exists.webm`, caption: 'Lesson 1: Existence exists', duration: 12, width: 640, height: 360, mimeType: 'video/webm', isStreamable: true, thumbnailUrl: `${demoMedia}/demo-existence-exists.jpg`, subtitles: [{ lang: 'en', label: 'English', url: `${demoMedia}/demo-existence-exists.en.vtt` }] });
    await asset({ type: 'AUDIO', contentId: ids.get('ford-hall-forum-lecture-1'), url: `${CDN}/audio/big-business.mp3`, caption: 'America’s Persecuted Minority: Big Business', duration: 3000, mimeType: 'audio/mpeg', isDownloadable: true, downloadOptions: [{ format: 'mp3', url: `${CDN}/audio/big-business.mp3` }] });
    await asset({ type: 'IMAGE', contentId: ids.get('introduction-to-objectivist-epistemology'), url: `${CDN}/covers/introduction-to-objectivist-epistemology.jpg`, altText: 'Cover of Introduction to Objectivist Epistemology', width: 800, height: 1200, mimeType: 'image/jpeg', credit: 'Meridian' });
    await asset({ type: 'DOCUMENT', contentId: ids.get('introduction-to-objectivist-epistemology'), url: `${CDN}/guides/itoe-study-guide.pdf`, caption: 'Study guide: questions for each chapter', mimeType: 'application/pdf', fileSize: 482_000, isDownloadable: true });
    return created;
  },
};
