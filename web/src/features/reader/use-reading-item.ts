/**
 * What the reader shows for a chapter or an essay, in one shape: the text, its book, and the
 * previous and next item in the book. A chapter's neighbours come with it; an essay's follow the
 * book's essay order.
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

export type ReaderKind = 'chapter' | 'essay';

export interface Neighbour {
  slug: string;
  title: string;
}

export interface ReadingItem {
  id: string;
  kind: ReaderKind;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  author: string | null;
  text: string | null;
  readingTime: number | null;
  bookId: string | null;
}

export function useReadingItem(kind: ReaderKind, slug: string) {
  const trpc = useTRPC();
  const chapter = useQuery({ ...trpc.chapters.bySlug.queryOptions({ slug, includeRelations: false }), enabled: kind === 'chapter' });
  const essay = useQuery({ ...trpc.essays.bySlug.queryOptions({ slug, includeRelations: false }), enabled: kind === 'essay' });
  const query = kind === 'chapter' ? chapter : essay;

  let item: ReadingItem | undefined;
  let previous: Neighbour | null | undefined;
  let next: Neighbour | null | undefined;
  if (kind === 'chapter' && chapter.data) {
    const c = chapter.data.item;
    // The type's own fields are declared at run time (domain/content/details.ts), so they are read by name.
    const fields = c as Record<string, unknown>;
    item = { id: c.id, kind, slug: c.slug, title: c.title, subtitle: c.subtitle, description: c.description, author: c.author, text: asText(fields.contentText), readingTime: asNumber(fields.readingTime), bookId: asText(fields.bookId) };
    previous = c.previousChapter ? { slug: c.previousChapter.slug, title: c.previousChapter.title } : null;
    next = c.nextChapter ? { slug: c.nextChapter.slug, title: c.nextChapter.title } : null;
  } else if (kind === 'essay' && essay.data) {
    const e = essay.data.item;
    const fields = e as Record<string, unknown>;
    const books = Array.isArray(fields.books) ? (fields.books as { bookId: string; orderIndex: number }[]) : [];
    const firstBook = [...books].sort((a, b) => a.orderIndex - b.orderIndex)[0];
    item = { id: e.id, kind, slug: e.slug, title: e.title, subtitle: e.subtitle, description: e.description ?? asText(fields.abstractSummary), author: e.author, text: asText(fields.contentText), readingTime: asNumber(fields.readingTime), bookId: firstBook?.bookId ?? null };
  }

  const book = useQuery({ ...trpc.books.byId.queryOptions({ id: item?.bookId ?? '', includeRelations: kind === 'essay' }), enabled: Boolean(item?.bookId) });
  if (kind === 'essay' && item) {
    const essays = book.data?.book.essays;
    if (essays) {
      const at = essays.findIndex((s) => s.id === item.id);
      const near = (i: number) => (at >= 0 && essays[i] ? { slug: essays[i].slug, title: essays[i].title } : null);
      previous = near(at - 1);
      next = near(at + 1);
    } else if (!item.bookId) {
      previous = null;
      next = null;
    }
  }

  return {
    query,
    item,
    book: book.data ? { id: book.data.book.id, slug: book.data.book.content.slug, title: book.data.book.content.title } : undefined,
    previous,
    next,
  };
}

const asText = (v: unknown) => (typeof v === 'string' ? v : null);
const asNumber = (v: unknown) => (typeof v === 'number' ? v : null);
