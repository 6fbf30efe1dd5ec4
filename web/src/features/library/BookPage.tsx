/**
 * `/library/books/:slug`: a book's page (spec 002 §3 Book): cover, description, creators, facts,
 * table of contents, chapters (to the reader), essays (to the reader), its media, FAQ and pricing.
 */
import { useParams } from 'react-router';
import { pageTitle } from '../../lib/product';
import { readerPath } from '../../lib/content/paths';
import { listOf, numberOf, textOf, useBook, type Book } from '../../lib/content/queries';
import { formatDate } from '../../lib/format';
import { ButtonLink } from '../../ui/Button';
import { AccessNotice, useAccess } from './AccessNotice';
import { bookTypeLabel, faqEntries, formatLabel, priceEntries, tocEntries, type TocEntry } from './book-details';
import { ChildList } from './ChildList';
import { Facts, Prose, RelatedItems, TermList } from './ItemParts';
import { ItemHeader } from './ItemHeader';
import { ItemStatus } from './ItemStatus';
import { MediaSection } from './MediaSection';
import './library.css';

export function BookPage() {
  const { slug = '' } = useParams();
  const query = useBook(slug);
  if (!query.data) return <ItemStatus query={query} label="Book" what="this book" />;
  return <BookView book={query.data} />;
}

function Toc({ entries }: { entries: TocEntry[] }) {
  return (
    <ol className="toc">
      {entries.map((entry, i) => (
        <li key={`${i}-${entry.label}`}>
          {entry.label}
          {entry.children.length > 0 && <Toc entries={entry.children} />}
        </li>
      ))}
    </ol>
  );
}

function BookView({ book }: { book: Book }) {
  const item = book.content;
  const { access, retry } = useAccess(item);
  const open = access === 'open';
  const chapters = book.chapters ?? [];
  const essays = book.essays ?? [];
  const toc = tocEntries(book.tableOfContents);
  const faq = faqEntries(book.faq);
  const prices = priceEntries(book.pricing);
  const first = chapters[0];

  return (
    <article className="item-page">
      <title>{pageTitle(item.title)}</title>
      <ItemHeader item={item} creators={book.creators}>
        <Facts
          facts={[
            ['Publisher', textOf(book.publisher)],
            ['Published', textOf(book.publicationDate) ? formatDate(textOf(book.publicationDate)!) : null],
            ['Pages', numberOf(book.totalPages) ? String(book.totalPages) : null],
            ['Formats', listOf(book.formats).map(formatLabel).join(', ') || null],
            ['Kind', bookTypeLabel(book.type)],
            ['Language', textOf(book.language) && book.language !== 'en' ? textOf(book.language) : null],
            ['ISBN', textOf(book.isbn)],
            ['Rating', numberOf(book.rating) !== null ? `${numberOf(book.rating)} out of 5` : null],
          ]}
        />
        <div className="item-actions">
          {first && open && (
            <ButtonLink to={readerPath('CHAPTER', first.slug)} size="lg">
              Start reading
            </ButtonLink>
          )}
          {textOf(book.purchaseLink) && (
            <a className="button button--secondary button--lg" href={textOf(book.purchaseLink)!} rel="noopener noreferrer" target="_blank">
              Buy the book<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </ItemHeader>
      <AccessNotice item={item} access={access} onRetry={retry} />

      <div className="item-body">
        <Prose title="Summary" text={book.summary} />
        <Prose title="Why read it" text={book.whyRead} />
        <TermList title="Themes" terms={book.themes} />
        <Prose title="Background" text={book.background} />
        <TermList title="Characters" terms={book.characters} />

        {toc.length > 0 && (
          <section className="item-section" aria-labelledby="toc-title">
            <h2 id="toc-title">Table of contents</h2>
            <Toc entries={toc} />
          </section>
        )}

        {chapters.length > 0 && (
          <section className="item-section" aria-labelledby="chapters-title">
            <h2 id="chapters-title">Chapters</h2>
            <ChildList label="Chapters" items={chapters} numberLabel={(c) => `Chapter ${c.orderIndex}`} hrefOf={(c) => (open ? readerPath('CHAPTER', c.slug) : null)} />
          </section>
        )}

        {(essays.length > 0 || textOf(book.essaysOverview)) && (
          <section className="item-section" aria-labelledby="essays-title">
            <h2 id="essays-title">Essays</h2>
            {textOf(book.essaysOverview) && <p>{textOf(book.essaysOverview)}</p>}
            {essays.length > 0 && <ChildList label="Essays" items={essays} hrefOf={(e) => (open ? readerPath('ESSAY', e.slug) : null)} />}
          </section>
        )}

        {open && <MediaSection assets={book.mediaAssets} />}

        <Prose title="An excerpt" text={book.excerpt} quote />
        <Prose title="About the author" text={book.authorBio} />

        {faq.length > 0 && (
          <section className="item-section" aria-labelledby="faq-title">
            <h2 id="faq-title">Frequently asked questions</h2>
            <div className="faq">
              {faq.map((entry) => (
                <details key={entry.question} className="faq__item">
                  <summary className="faq__question">{entry.question}</summary>
                  <p className="faq__answer">{entry.answer}</p>
                </details>
              ))}
            </div>
          </section>
        )}

        {prices.length > 0 && (
          <section className="item-section" aria-labelledby="pricing-title">
            <h2 id="pricing-title">Pricing</h2>
            <dl className="facts facts--prices">
              {prices.map((p) => (
                <div key={p.label} className="facts__row">
                  <dt>{p.label}</dt>
                  <dd>{p.price}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}

        <RelatedItems items={book.relatedContent} />
      </div>
    </article>
  );
}
