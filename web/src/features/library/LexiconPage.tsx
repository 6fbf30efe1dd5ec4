/**
 * `/library/lexicon`: the lexicon's terms A-Z. The letters bar links each letter that has terms
 * (`?letter=E`, so a letter has an address) and shows the others disabled; without a letter every
 * term is listed under its letter.
 */
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { libraryPath } from '../../lib/content/paths';
import { textOf, useLexiconTerms, useLibraryFacets } from '../../lib/content/queries';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Spinner } from '../../ui/Spinner';
import { LoadFailure } from './LoadFailure';
import { Pagination } from './Pagination';
import './library.css';

export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** The letter in the URL, upper case; null for none or anything that is not one character. */
export function letterParam(value: string | null): string | null {
  const letter = value?.trim().toUpperCase() ?? '';
  return [...letter].length === 1 ? letter : null;
}

const lexiconHref = (letter: string | null, page = 1) => {
  const params = new URLSearchParams();
  if (letter) params.set('letter', letter);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/library/lexicon?${query}` : '/library/lexicon';
};

function LetterBar({ selected, withTerms }: { selected: string | null; withTerms: Set<string> | null }) {
  // Letters beyond A-Z that have terms (a digit, an accented letter) follow the alphabet.
  const letters = [...ALPHABET, ...[...(withTerms ?? [])].filter((l) => !ALPHABET.includes(l)).sort()];
  return (
    <nav className="az" aria-label="Terms by first letter">
      <ul className="az__list">
        <li>
          <Link className="az__letter az__letter--all" to={lexiconHref(null)} aria-current={selected === null ? 'page' : undefined}>
            All
          </Link>
        </li>
        {letters.map((letter) => {
          const has = withTerms === null || withTerms.has(letter);
          return (
            <li key={letter}>
              {has ? (
                <Link className="az__letter" to={lexiconHref(letter)} aria-current={selected === letter ? 'page' : undefined} aria-label={`Terms starting with ${letter}`}>
                  {letter}
                </Link>
              ) : (
                <span className="az__letter az__letter--off" aria-disabled="true" role="link" aria-label={`${letter}: no terms`}>
                  {letter}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function LexiconPage() {
  const [params] = useSearchParams();
  const letter = letterParam(params.get('letter'));
  const pageNumber = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const facets = useLibraryFacets();
  const terms = useLexiconTerms(letter, pageNumber);
  const withTerms = facets.data ? new Set(facets.data.letters.map((l) => l.letter)) : null;
  const items = terms.data?.items ?? [];
  const groups = new Map<string, typeof items>();
  for (const term of items) {
    const key = (textOf(term.firstLetter) ?? term.title.charAt(0)).toUpperCase();
    groups.set(key, [...(groups.get(key) ?? []), term]);
  }

  return (
    <div className="lexicon">
      <title>{pageTitle(letter ? `Lexicon: ${letter}` : 'Lexicon')}</title>
      <Breadcrumb items={[{ label: 'Library', to: '/library' }, { label: 'Lexicon' }]} />
      <header className="library__header">
        <h1>Lexicon</h1>
        <p className="library__lead">The key terms of Objectivism, each with its definition and passages from the works.</p>
      </header>
      <LetterBar selected={letter} withTerms={withTerms} />
      <section className="library-section" aria-labelledby="terms-title" aria-busy={terms.isFetching || undefined}>
        <h2 id="terms-title" className="visually-hidden">
          {letter ? `Terms starting with ${letter}` : 'All terms'}
        </h2>
        {terms.isPending ? (
          <Spinner label="Loading the lexicon…" showLabel />
        ) : terms.isError ? (
          <LoadFailure what="the lexicon" onRetry={() => void terms.refetch()} inline />
        ) : items.length === 0 ? (
          <div className="library-empty" role="status">
            <p className="library-empty__title">No terms</p>
            <p>{letter ? `No terms start with ${letter} yet.` : 'The lexicon has no terms yet.'}</p>
            {letter && (
              <Link to={lexiconHref(null)} className="button button--secondary button--md">
                Show all terms
              </Link>
            )}
          </div>
        ) : (
          <>
            {[...groups].map(([groupLetter, groupTerms]) => (
              <section key={groupLetter} className="lexicon__group" aria-labelledby={`letter-${groupLetter}`}>
                <h3 id={`letter-${groupLetter}`} className="lexicon__letter">
                  {groupLetter}
                </h3>
                <ul className="lexicon__terms">
                  {groupTerms.map((term) => (
                    <li key={term.id}>
                      <Link to={libraryPath('LEXICON_TERM', term.slug)}>{textOf(term.term) ?? term.title}</Link>
                      {term.description && <span className="lexicon__gloss"> {term.description}</span>}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <Pagination page={pageNumber} totalPages={terms.data.totalPages} hrefOf={(p) => lexiconHref(letter, p)} label="Lexicon pages" />
          </>
        )}
      </section>
    </div>
  );
}
