/** The pieces item pages share: key facts, a block of text, a list of terms, related items. */
import type { ContentSummary } from '../../lib/content/queries';
import { ContentGrid } from './ContentCard';

/** Label and value pairs; the empty ones are left out. */
export function Facts({ facts }: { facts: [string, string | null | undefined][] }) {
  const shown = facts.filter((f): f is [string, string] => typeof f[1] === 'string' && f[1].trim() !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="facts">
      {shown.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A titled block of text, its paragraphs kept. */
export function Prose({ title, text, quote = false }: { title: string; text: unknown; quote?: boolean }) {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const id = `${slugOf(title)}-title`;
  const paragraphs = text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
  const body = paragraphs.map((p, i) => <p key={i}>{p}</p>);
  return (
    <section className="item-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {quote ? <blockquote className="item-quote">{body}</blockquote> : <div className="prose">{body}</div>}
    </section>
  );
}

/** A titled list of short terms (themes, objectives, topics). */
export function TermList({ title, terms, ordered = false }: { title: string; terms: unknown; ordered?: boolean }) {
  if (!Array.isArray(terms) || terms.length === 0) return null;
  const id = `${slugOf(title)}-title`;
  const items = terms.filter((t): t is string => typeof t === 'string').map((t) => <li key={t}>{t}</li>);
  return (
    <section className="item-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {ordered ? <ol className="term-list">{items}</ol> : <ul className="term-list">{items}</ul>}
    </section>
  );
}

export function RelatedItems({ items }: { items: ContentSummary[] | undefined }) {
  if (!items?.length) return null;
  return (
    <section className="item-section" aria-labelledby="related-title">
      <h2 id="related-title">Related</h2>
      <ContentGrid items={items} />
    </section>
  );
}
