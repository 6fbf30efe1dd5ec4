/**
 * `/library/:type/:slug`: the page of an item of any type without a page of its own (chapters,
 * essays, excerpts, lessons, lectures, interviews, clips, artifacts, discussions, tracks). The
 * type's fields come from item-layouts.ts; what opens the work (the reader, the player, the
 * transcript) waits for the entitlement check.
 */
import { Link, useParams } from 'react-router';
import { TYPE_LABELS, type ContentType } from '../../../../domain/content/constants';
import { pageTitle } from '../../lib/product';
import { openPath, readerPath, typeOfSegment, watchPath } from '../../lib/content/paths';
import { useContentItem, type ContentItem, type ContentSummary, type MediaAsset } from '../../lib/content/queries';
import { ButtonLink } from '../../ui/Button';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { AccessNotice, useAccess } from './AccessNotice';
import { ChildList } from './ChildList';
import { Facts, Prose, RelatedItems, TermList } from './ItemParts';
import { ItemHeader } from './ItemHeader';
import { ItemStatus } from './ItemStatus';
import { factValue, ITEM_LAYOUTS } from './item-layouts';
import './library.css';

/** The types with pages of their own (their routes come first). */
const OWN_PAGES: ContentType[] = ['BOOK', 'COURSE', 'PLAYLIST', 'LEXICON_TERM'];

export function ContentPage() {
  const { type: segment, slug = '' } = useParams();
  const type = typeOfSegment(segment);
  if (!type || OWN_PAGES.includes(type)) return <NotFoundPage />;
  return <ContentOfType type={type as Exclude<ContentType, 'BOOK'>} slug={slug} />;
}

function ContentOfType({ type, slug }: { type: Exclude<ContentType, 'BOOK'>; slug: string }) {
  const query = useContentItem(type, slug);
  const label = TYPE_LABELS[type];
  if (!query.data) return <ItemStatus query={query} label={label} what={`this ${label.toLowerCase()}`} />;
  return <ItemView item={query.data} />;
}

const playable = (asset: MediaAsset) => asset.type === 'VIDEO' || asset.type === 'AUDIO';

/** What the member does with the item once let in: read it, watch it or listen to it. */
function OpenActions({ item }: { item: ContentItem }) {
  if (item.type === 'CHAPTER' || item.type === 'ESSAY') {
    return (
      <div className="item-actions">
        <ButtonLink to={readerPath(item.type, item.slug)} size="lg">
          {item.type === 'CHAPTER' ? 'Read this chapter' : 'Read the essay'}
        </ButtonLink>
      </div>
    );
  }
  const media = (item.mediaAssets ?? []).filter(playable);
  if (media.length === 0) return null;
  return (
    <div className="item-actions">
      {media.map((asset, i) => (
        <ButtonLink key={asset.id} to={watchPath(asset.id)} size="lg" variant={i === 0 ? 'primary' : 'secondary'}>
          {asset.type === 'AUDIO' ? 'Listen' : 'Watch'}
          {media.length > 1 && asset.caption ? `: ${asset.caption}` : ''}
        </ButtonLink>
      ))}
    </div>
  );
}

const CHILDREN_OF: Partial<Record<ContentType, [kind: string, title: string]>> = {
  DISCUSSION: ['discussionEssays', 'Essays to read'],
  TRACK: ['trackItems', 'The path'],
};

function Sequence({ previous, next }: { previous: ContentSummary | null | undefined; next: ContentSummary | null | undefined }) {
  if (!previous && !next) return null;
  return (
    <nav className="sequence" aria-label="Previous and next">
      {previous ? (
        <Link className="sequence__link" to={openPath(previous)} rel="prev">
          <span className="sequence__dir">Previous</span> {previous.title}
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link className="sequence__link sequence__link--next" to={openPath(next)} rel="next">
          <span className="sequence__dir">Next</span> {next.title}
        </Link>
      )}
    </nav>
  );
}

function ItemView({ item }: { item: ContentItem }) {
  const { access, retry } = useAccess(item);
  const open = access === 'open';
  const layout = ITEM_LAYOUTS[item.type] ?? { facts: [], texts: [], lists: [], body: [] };
  const children = CHILDREN_OF[item.type];
  const childItems = children ? (item.children?.[children[0]] ?? []) : [];
  return (
    <article className="item-page">
      <title>{pageTitle(item.title)}</title>
      <ItemHeader item={item} creators={item.creators} showCover={Boolean(item.coverImage)}>
        <Facts facts={layout.facts.map(([field, label, format]) => [label, factValue(item[field], format)])} />
        {open && <OpenActions item={item} />}
      </ItemHeader>
      <AccessNotice item={item} access={access} onRetry={retry} />
      <div className="item-body">
        {item.type === 'EXCERPT' && <Prose title="The excerpt" text={item.excerpt} quote />}
        {layout.texts.map(([field, title]) => (
          <Prose key={field} title={title} text={item[field]} />
        ))}
        {layout.lists.map(([field, title]) => (
          <TermList key={field} title={title} terms={item[field]} />
        ))}
        {children && childItems.length > 0 && (
          <section className="item-section" aria-labelledby="children-title">
            <h2 id="children-title">{children[1]}</h2>
            <ChildList label={children[1]} items={childItems} hrefOf={(c) => (open ? openPath(c) : null)} numberLabel={item.type === 'TRACK' ? (_c, i) => `Step ${i + 1}` : undefined} detailOf={(c) => TYPE_LABELS[c.type]} />
          </section>
        )}
        {open &&
          layout.body.map(([field, title]) => (
            <Prose key={field} title={title} text={item[field]} />
          ))}
        {item.type === 'CHAPTER' ? <Sequence previous={item.previousChapter} next={item.nextChapter} /> : <Sequence previous={item.previous} next={item.next} />}
        <RelatedItems items={item.relatedContent} />
      </div>
    </article>
  );
}
