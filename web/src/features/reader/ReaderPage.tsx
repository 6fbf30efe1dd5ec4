import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { isNotFound } from '../../lib/query-client';
import { useTRPC } from '../../lib/trpc';
import { Breadcrumb, type BreadcrumbItem } from '../../ui/Breadcrumb';
import { useAuth } from '../../lib/auth/AuthProvider';
import { FailedState, LoadingState, LockedState, NotFoundState } from '../../lib/progress/PageStates';
import { ProgressToggles } from '../../lib/progress/ProgressToggles';
import { libraryPath, readerPath } from '../../lib/progress/resume';
import { useContentProgress, useRecordContentProgress, type ContentProgressAnswer } from '../../lib/progress/use-content-progress';
import { paragraphsOf, readingMinutes, restoredPosition } from './resume-reading';
import { useReadingItem, type Neighbour, type ReaderKind, type ReadingItem } from './use-reading-item';
import { useReadingProgress } from './use-reading-progress';
import './reader.css';

export const ChapterReaderPage = () => <ReaderPage kind="chapter" />;
export const EssayReaderPage = () => <ReaderPage kind="essay" />;

const NOUN: Record<ReaderKind, string> = { chapter: 'chapter', essay: 'essay' };
const TYPE_OF: Record<ReaderKind, 'CHAPTER' | 'ESSAY'> = { chapter: 'CHAPTER', essay: 'ESSAY' };

/**
 * /read/chapters/:slug and /read/essays/:slug: the text in a readable measure, its book, the
 * previous and next item, favorite and bookmark toggles; the member's place is saved and brought
 * back. Visitors read OPEN texts without saving; a text the entitlement check refuses is locked.
 */
export function ReaderPage({ kind }: { kind: ReaderKind }) {
  const { slug = '' } = useParams();
  const trpc = useTRPC();
  const { state, settled } = useAuth();
  const signedIn = settled && state.isAuthenticated;
  const { query, item, book, previous, next } = useReadingItem(kind, slug);
  const access = useQuery({ ...trpc.entitlements.content.queryOptions({ id: item?.id ?? '' }), enabled: Boolean(item) && settled });
  const hasAccess = access.data?.hasAccess === true;
  const progress = useContentProgress(item?.id, signedIn && hasAccess);

  if (query.isPending || !settled) return <LoadingState label={`Loading the ${NOUN[kind]}…`} />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundState what={NOUN[kind]} title={kind === 'chapter' ? 'Chapter not found' : 'Essay not found'} />;
    return <FailedState what={NOUN[kind]} onRetry={() => void query.refetch()} />;
  }
  if (!item || access.isPending) return <LoadingState label={`Loading the ${NOUN[kind]}…`} />;
  if (access.isError) return <FailedState what={NOUN[kind]} onRetry={() => void access.refetch()} />;
  if (!hasAccess) return <LockedState what={NOUN[kind]} title={item.title} signedIn={signedIn} preview={item.description} />;
  if (signedIn && progress.isError) return <FailedState what={`place in this ${NOUN[kind]}`} onRetry={() => void progress.refetch()} />;
  // Wait for a fresh answer: a cached one may be older than the member's last visit.
  if (signedIn && !progress.isFetchedAfterMount) return <LoadingState label="Finding your place…" />;

  return <ReaderView key={item.id} item={item} book={book} previous={previous} next={next} signedIn={signedIn} saved={progress.data?.progress ?? null} />;
}

interface ReaderViewProps {
  item: ReadingItem;
  book: { slug: string; title: string } | undefined;
  previous: Neighbour | null | undefined;
  next: Neighbour | null | undefined;
  signedIn: boolean;
  saved: ContentProgressAnswer;
}

function ReaderView({ item, book, previous, next, signedIn, saved }: ReaderViewProps) {
  const articleRef = useRef<HTMLDivElement>(null);
  const { record } = useRecordContentProgress();
  // Where this visit starts, fixed when the page opens (later saves move `saved`, not the visit's start).
  const [restoreTo] = useState(() => restoredPosition(saved));
  const paragraphs = paragraphsOf(item.text);
  const minutes = item.readingTime ?? (item.text ? readingMinutes(item.text) : null);

  useReadingProgress({ articleRef, contentId: item.id, ready: true, saving: signedIn, restoreTo, record });

  const trail: BreadcrumbItem[] = [{ label: 'Library', to: '/library' }];
  if (book) trail.push({ label: book.title, to: libraryPath('BOOK', book.slug) });
  trail.push({ label: item.title });

  return (
    <article className="reader" aria-labelledby="reader-title">
      <title>{pageTitle(book ? `${item.title} · ${book.title}` : item.title)}</title>
      <Breadcrumb items={trail} size="sm" />
      <header className="reader__header">
        <p className="reader__eyebrow">
          {item.kind === 'chapter' ? 'Chapter' : 'Essay'}
          {book && (
            <>
              {' '}
              in <Link to={libraryPath('BOOK', book.slug)}>{book.title}</Link>
            </>
          )}
        </p>
        <h1 id="reader-title" className="reader__title">
          {item.title}
        </h1>
        {item.subtitle && <p className="reader__subtitle">{item.subtitle}</p>}
        <p className="reader__meta">
          {item.author && <span>{item.author}</span>}
          {minutes !== null && <span>{minutes} min read</span>}
        </p>
        <ProgressToggles contentId={item.id} progress={signedIn ? saved : undefined} signedIn={signedIn} noun={NOUN[item.kind]} />
        {restoreTo > 0 && (
          <p className="reader__resumed" role="status">
            Welcome back: you are where you left off.{' '}
            <button type="button" className="reader__link-button" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
              Go to the beginning
            </button>
          </p>
        )}
        {saved?.status === 'COMPLETED' && <p className="reader__resumed">You have read this {NOUN[item.kind]} to the end.</p>}
      </header>

      <div ref={articleRef} className="reader__text">
        {paragraphs.length === 0 ? (
          <p data-reading-block className="reader__empty">
            {item.description ?? `This ${NOUN[item.kind]} has no text yet.`}
          </p>
        ) : (
          paragraphs.map((p, i) => (
            <p key={i} data-reading-block>
              {p}
            </p>
          ))
        )}
      </div>

      <footer className="reader__footer">
        <p className="reader__end" aria-hidden="true">
          ❧
        </p>
        <nav className="reader__nav" aria-label={item.kind === 'chapter' ? 'Chapters' : 'Essays'}>
          {previous ? (
            <Link className="reader__nav-link reader__nav-link--previous" to={readerPath(TYPE_OF[item.kind], previous.slug)} rel="prev">
              <span className="reader__nav-label">Previous {NOUN[item.kind]}</span>
              <span className="reader__nav-title">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link className="reader__nav-link reader__nav-link--next" to={readerPath(TYPE_OF[item.kind], next.slug)} rel="next">
              <span className="reader__nav-label">Next {NOUN[item.kind]}</span>
              <span className="reader__nav-title">{next.title}</span>
            </Link>
          ) : (
            <span />
          )}
        </nav>
        {book && (
          <p className="reader__back">
            <Link to={libraryPath('BOOK', book.slug)}>Back to {book.title}</Link>
          </p>
        )}
      </footer>
    </article>
  );
}
