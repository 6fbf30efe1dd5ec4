/**
 * The content library's tables as Kysely sees them (migrations/0006_content.ts). The type tables
 * (books, chapters, ...) are read and written through one field table (./details.ts), so
 * only the shared ones are typed here.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type TextList = ColumnType<string[], string[] | undefined, string[]>;

export interface ContentTable {
  id: Generated<string>;
  type: string;
  title: string;
  subtitle: string | null;
  slug: string;
  description: string | null;
  status: Generated<string>;
  published: Generated<boolean>;
  featured: Generated<boolean>;
  published_at: NullableTimestamp;
  tags: TextList;
  cover_image: string | null;
  meta_title: string | null;
  meta_description: string | null;
  access_type: Generated<string>;
  difficulty: string | null;
  author: string | null;
  contributors: TextList;
  /** The catalogue's text beyond title, subtitle and description: searchable by everyone who sees the item. */
  search_text: Generated<string>;
  /** The body's text: searchable only by callers who may open the item (migrations/0011_search_access.ts). */
  body_text: Generated<string>;
  /** Generated from every text column, the body's included; never written. */
  search: ColumnType<string, never, never>;
  /** Generated from the catalogue's text (title, subtitle, description, search_text); never written. */
  search_public: ColumnType<string, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BookEssaysTable {
  book_id: string;
  essay_id: string;
  order_index: number;
}

export interface DiscussionEssaysTable {
  discussion_id: string;
  essay_id: string;
  order_index: number;
}

export interface LexiconTermExcerptsTable {
  lexicon_term_id: string;
  excerpt_id: string;
  order_index: number;
}

export interface TrackItemsTable {
  track_id: string;
  content_id: string;
  order_index: number;
  description: string | null;
  is_required: Generated<boolean>;
}

export interface CreatorsTable {
  id: Generated<string>;
  name: string;
  slug: string;
  email: string | null;
  bio: string | null;
  title: string | null;
  organization: string | null;
  expertise: TextList;
  image_url: string | null;
  creator_type: string | null;
  featured: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentCreatorsTable {
  content_id: string;
  creator_id: string;
  role: string;
  order_index: Generated<number>;
}

export interface ContentRelationsTable {
  content_id: string;
  related_content_id: string;
  relation_type: string;
  order_index: Generated<number>;
}

export interface MediaAssetsTable {
  id: Generated<string>;
  type: string;
  content_id: string | null;
  url: string | null;
  alt_text: string | null;
  caption: string | null;
  credit: string | null;
  width: number | null;
  height: number | null;
  file_size: number | null;
  mime_type: string | null;
  duration: number | null;
  thumbnail_url: string | null;
  video_stream_id: string | null;
  audio_stream_id: string | null;
  is_streamable: Generated<boolean>;
  is_downloadable: Generated<boolean>;
  download_options: ColumnType<unknown, string | null | undefined, string | null>;
  transcript: string | null;
  subtitles: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentProgressTable {
  user_id: string;
  content_id: string;
  status: Generated<string>;
  percentage: Generated<number>;
  position: Generated<number>;
  duration: number | null;
  total_time_spent: Generated<number>;
  session_count: Generated<number>;
  rating: number | null;
  is_favorited: Generated<boolean>;
  is_bookmarked: Generated<boolean>;
  was_dismissed: Generated<boolean>;
  discovery_source: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  started_at: Timestamp;
  completed_at: NullableTimestamp;
  last_accessed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideoProgressTable {
  user_id: string;
  media_asset_id: string;
  position: Generated<number>;
  duration: Generated<number>;
  completed: Generated<boolean>;
  last_watched_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentTables {
  content: ContentTable;
  book_essays: BookEssaysTable;
  discussion_essays: DiscussionEssaysTable;
  lexicon_term_excerpts: LexiconTermExcerptsTable;
  track_items: TrackItemsTable;
  creators: CreatorsTable;
  content_creators: ContentCreatorsTable;
  content_relations: ContentRelationsTable;
  media_assets: MediaAssetsTable;
  content_progress: ContentProgressTable;
  video_progress: VideoProgressTable;
}
