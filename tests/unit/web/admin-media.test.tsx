/**
 * The media assets' admin pages (spec 001 §7 Media; spec 002 §3, §5 Media asset, §7): a paged list
 * with its type filter, the form with the shared schema's messages word for word, JSON fields that
 * say when they are malformed, attaching to and detaching from content through the library's search,
 * deleting after confirmation, and the refresh of the cached content and media after each change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_FIELDS } from '../../../domain/media/schemas';
import { MEDIA_FORM_GROUPS, mediaDefaultValues, mediaFormSchema, mediaValues } from '../../../web/src/features/admin/media-form';
import { aUser } from './auth-fixtures';
import { aMediaAsset, aRecord } from './library-fixtures';
import { anEditor, createTestTrpc, fakeAdminServer, preloadAdminPages, renderAdmin, trpcError, trpcInput, trpcOk, where } from './admin-fixtures';

beforeAll(preloadAdminPages, 60_000);

const ASSET_ID = '5a0e7d1c-3333-4c8a-9d1e-6f0d5d1c2a33';
const BOOK_ID = '6b1c8f5e-58c4-4c8a-9d1e-6f0d5d1c2a11';
const LECTURE_ID = '7c2d9a6f-4444-4c8a-9d1e-6f0d5d1c2a44';

const anAsset = (overrides: Record<string, unknown> = {}) =>
  aMediaAsset({
    id: ASSET_ID,
    url: 'https://cdn.example.test/video/anthem-talk.mp4',
    caption: 'Anthem, a talk',
    width: 1280,
    height: 720,
    mimeType: 'video/mp4',
    duration: 1800,
    subtitles: [{ lang: 'en', url: 'https://cdn.example.test/video/anthem-talk.en.vtt' }],
    ...overrides,
  });

const anthem = aRecord({ id: BOOK_ID, type: 'BOOK', title: 'Anthem', slug: 'anthem' });
const lecture = aRecord({ id: LECTURE_ID, type: 'LECTURE', title: 'Big Business', slug: 'big-business' });

const page = (mediaAssets: unknown[], extra: Record<string, number> = {}) => ({ mediaAssets, total: mediaAssets.length, page: 1, limit: 20, totalPages: 1, ...extra });

/** One cached answer under keys a media change must refresh (media, the library's items and lists), and one it must leave. */
function seedCaches(setup: ReturnType<typeof createTestTrpc>) {
  const { queryClient, trpc } = setup;
  const refreshed = [trpc.media.byContent.queryKey({ contentId: BOOK_ID }), trpc.books.bySlug.queryKey({ slug: 'anthem', includeRelations: true }), trpc.library.list.queryKey({ page: 1 }), trpc.lectures.bySlug.queryKey({ slug: 'big-business' })];
  const kept = [trpc.account.pathKey()];
  for (const key of [...refreshed, ...kept]) queryClient.setQueryData(key, { cached: true });
  return { refreshed, kept };
}

const messagesOf = (values: Record<string, unknown>) => {
  const result = mediaFormSchema().safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the media form’s model', () => {
  it('edits every field of spec 002 §3 Media asset but the content, which is attached apart', () => {
    const names = MEDIA_FORM_GROUPS.flatMap((group) => group.fields.map((field) => field.name));
    expect(names.sort()).toEqual(Object.keys(MEDIA_FIELDS).filter((name) => name !== 'contentId').sort());
    expect(MEDIA_FORM_GROUPS.flatMap((group) => group.fields).find((field) => field.name === 'type')).toMatchObject({ label: 'Type', widget: 'select', required: true });
  });

  it('checks each rule of spec 002 §5 Media asset with its message', () => {
    expect(messagesOf(mediaDefaultValues())).toEqual({ type: 'Type is required' });
    const valid = { ...mediaDefaultValues('IMAGE'), width: 640, height: 480, fileSize: 2048, duration: 12, thumbnailUrl: 'https://cdn.example.test/t.jpg' };
    expect(messagesOf(valid)).toEqual({});
    expect(messagesOf({ ...valid, width: 0, height: -2, fileSize: 1.5, duration: 0 })).toEqual({
      width: 'Width must be a positive whole number',
      height: 'Height must be a positive whole number',
      fileSize: 'File size must be a positive whole number',
      duration: 'Duration must be a positive whole number',
    });
    expect(messagesOf({ ...valid, thumbnailUrl: 'thumbnail.jpg' })).toEqual({ thumbnailUrl: 'Thumbnail must be a valid URL' });
    expect(messagesOf({ ...valid, downloadOptions: '[{"format": "mp3",}]', subtitles: '{lang: en}' })).toEqual({ downloadOptions: 'downloadOptions must be valid JSON', subtitles: 'subtitles must be valid JSON' });
  });

  it('starts a new asset empty, not streamable nor downloadable, and loads an existing one with its JSON as text', () => {
    expect(mediaDefaultValues()).toMatchObject({ type: '', url: '', width: null, isStreamable: false, isDownloadable: false, downloadOptions: '', subtitles: '' });
    expect(mediaDefaultValues('AUDIO')).toMatchObject({ type: 'AUDIO' });
    const values = mediaValues(anAsset());
    expect(values).toMatchObject({ type: 'VIDEO', caption: 'Anthem, a talk', width: 1280, fileSize: null, altText: '', downloadOptions: '' });
    expect(JSON.parse(values.subtitles as string)).toEqual([{ lang: 'en', url: 'https://cdn.example.test/video/anthem-talk.en.vtt' }]);
    expect(values).not.toHaveProperty('contentId');
  });
});

describe('the media list (/admin/media)', { timeout: 30_000 }, () => {
  it('is in the admin navigation and lists assets with what they are attached to, the filters in the address', async () => {
    const server = fakeAdminServer(anEditor());
    server.on('GET /trpc/media.listPage', trpcOk(page([anAsset({ contentId: BOOK_ID }), anAsset({ id: 'a2', type: 'DOCUMENT', caption: null, url: 'https://cdn.example.test/docs/study-guide.pdf', mimeType: 'application/pdf' })], { total: 41, page: 2, totalPages: 3 })));
    server.on('GET /trpc/library.item', trpcOk({ item: anthem }));
    const user = userEvent.setup();
    renderAdmin('/admin/media?type=VIDEO&q=anthem&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Media' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Media' })).toHaveAttribute('href', '/admin/media');
    expect(await screen.findByRole('link', { name: 'Anthem, a talk' })).toHaveAttribute('href', `/admin/media/${ASSET_ID}`);
    // An asset without a caption is named by its file.
    expect(screen.getByRole('link', { name: 'study-guide.pdf' })).toHaveAttribute('href', '/admin/media/a2');
    expect(await screen.findByRole('link', { name: 'Anthem' })).toHaveAttribute('href', `/admin/content/book/${BOOK_ID}`);
    expect(screen.getByText('Not attached')).toBeInTheDocument();
    expect(screen.getByText('41 media assets')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New media asset' })).toHaveAttribute('href', '/admin/media/new?type=VIDEO');
    expect(trpcInput(server.callsTo('GET /trpc/media.listPage')[0]!)).toMatchObject({ type: 'VIDEO', search: 'anthem', page: 2, limit: 20 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'AUDIO');
    await waitFor(() => expect(where.path).toBe('/admin/media?type=AUDIO&q=anthem'));
    await waitFor(() => expect(trpcInput(server.callsTo('GET /trpc/media.listPage').at(-1)!)).toMatchObject({ type: 'AUDIO', search: 'anthem', page: 1 }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All types', 'Video', 'Image', 'Audio', 'Document']);
  });

  it('says when there is nothing yet, and when nothing matches', async () => {
    const server = fakeAdminServer();
    server.on('GET /trpc/media.listPage', trpcOk(page([])));
    renderAdmin('/admin/media');
    expect(await screen.findByText(/No media assets yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add the first one' })).toHaveAttribute('href', '/admin/media/new');
    expect(server.callsTo('GET /trpc/media.listPage')).toHaveLength(1);
  });

  it('answers a 404 with the empty list and asks once (spec 001 §8)', async () => {
    const server = fakeAdminServer();
    server.on('GET /trpc/media.listPage', trpcError(404, 'NOT_FOUND', 'NOT_FOUND', 'Not found'));
    renderAdmin('/admin/media?type=IMAGE');
    expect(await screen.findByText('No media asset matches these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.callsTo('GET /trpc/media.listPage')).toHaveLength(1);
  });

  it('shows a failure with the server’s words and Try again', async () => {
    const server = fakeAdminServer();
    let failing = true;
    server.on('GET /trpc/media.listPage', () => (failing ? trpcError(403, 'FORBIDDEN', 'FORBIDDEN', 'You may not manage media') : trpcOk(page([anAsset()]))));
    const user = userEvent.setup();
    renderAdmin('/admin/media');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the media assets. You may not manage media');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Anthem, a talk' })).toBeInTheDocument();
  });
});

describe('a new media asset (/admin/media/new)', { timeout: 30_000 }, () => {
  it('shows the shared schema’s messages, including malformed JSON, and sends nothing', async () => {
    const server = fakeAdminServer();
    const user = userEvent.setup();
    renderAdmin('/admin/media/new');
    await user.click(await screen.findByRole('button', { name: 'Create media asset' }));
    expect(await screen.findByText('Type is required')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: /^Width/ }), '0');
    await user.type(screen.getByRole('textbox', { name: /^Thumbnail URL/ }), 'still.jpg');
    await user.click(screen.getByRole('textbox', { name: /^Download options/ }));
    await user.paste('[{"format": "mp3"}');
    expect(await screen.findByText('Width must be a positive whole number')).toBeInTheDocument();
    expect(screen.getByText('Thumbnail must be a valid URL')).toBeInTheDocument();
    expect(screen.getByText('downloadOptions must be valid JSON')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Download options/ })).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST /trpc/media.create')).toEqual([]);
  });

  it('creates the asset with its JSON parsed, refreshes, and opens it', async () => {
    const server = fakeAdminServer();
    server.on('POST /trpc/media.create', (call) => trpcOk({ mediaAsset: anAsset(trpcInput(call)) }));
    server.on('GET /trpc/media.byId', trpcOk({ mediaAsset: anAsset() }));
    const setup = createTestTrpc();
    const { refreshed, kept } = seedCaches(setup);
    const user = userEvent.setup();
    renderAdmin('/admin/media/new?type=VIDEO', undefined, setup);
    expect(await screen.findByRole('combobox', { name: /^Type/ })).toHaveValue('VIDEO');
    await user.type(screen.getByRole('textbox', { name: /^File URL/ }), 'https://cdn.example.test/video/anthem-talk.mp4');
    await user.type(screen.getByRole('textbox', { name: /^Caption/ }), 'Anthem, a talk');
    await user.type(screen.getByRole('textbox', { name: /^Duration/ }), '1800');
    await user.click(screen.getByRole('switch', { name: 'Downloadable' }));
    await user.click(screen.getByRole('textbox', { name: /^Download options/ }));
    await user.paste('[{"format": "mp4", "url": "https://cdn.example.test/video/anthem-talk.mp4"}]');
    await user.click(screen.getByRole('button', { name: 'Create media asset' }));

    expect(await screen.findByText('Media asset created')).toBeInTheDocument();
    await waitFor(() => expect(where.path).toBe(`/admin/media/${ASSET_ID}`));
    const sent = trpcInput(server.callsTo('POST /trpc/media.create')[0]!);
    expect(sent).toMatchObject({ type: 'VIDEO', url: 'https://cdn.example.test/video/anthem-talk.mp4', caption: 'Anthem, a talk', duration: 1800, isDownloadable: true, isStreamable: false, width: null, thumbnailUrl: null, subtitles: null });
    expect(sent.downloadOptions).toEqual([{ format: 'mp4', url: 'https://cdn.example.test/video/anthem-talk.mp4' }]);
    expect(sent).not.toHaveProperty('contentId');
    for (const key of refreshed) expect(setup.queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of kept) expect(setup.queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anthem, a talk' })).toBeInTheDocument();
  });
});

describe('a media asset’s page (/admin/media/:id)', { timeout: 30_000 }, () => {
  it('saves a change, then refreshes the media and content caches', async () => {
    const server = fakeAdminServer();
    server.on('GET /trpc/media.byId', trpcOk({ mediaAsset: anAsset() }));
    server.on('POST /trpc/media.update', (call) => trpcOk({ mediaAsset: anAsset(trpcInput(call)) }));
    const setup = createTestTrpc();
    const { refreshed } = seedCaches(setup);
    const user = userEvent.setup();
    renderAdmin(`/admin/media/${ASSET_ID}`, undefined, setup);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anthem, a talk' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Width/ })).toHaveValue('1280');
    expect(screen.getByText('No content yet: members see an asset once it is attached to a published item.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Credit/ }), 'Ayn Rand Institute');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    const sent = trpcInput(server.callsTo('POST /trpc/media.update')[0]!);
    expect(sent).toMatchObject({ id: ASSET_ID, type: 'VIDEO', credit: 'Ayn Rand Institute', width: 1280, subtitles: [{ lang: 'en', url: 'https://cdn.example.test/video/anthem-talk.en.vtt' }] });
    expect(sent).not.toHaveProperty('contentId');
    for (const key of refreshed) expect(setup.queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
  });

  it('attaches the asset to an item found by searching the library, and detaches it', async () => {
    const server = fakeAdminServer();
    let contentId: string | null = null;
    server.on('GET /trpc/media.byId', () => trpcOk({ mediaAsset: anAsset({ contentId }) }));
    server.on('GET /trpc/library.list', (call) => trpcOk({ items: String(trpcInput(call).search ?? '').startsWith('anth') ? [anthem] : [anthem, lecture], total: 2, page: 1, limit: 20, totalPages: 1 }));
    server.on('GET /trpc/library.item', trpcOk({ item: anthem }));
    server.on('POST /trpc/media.associate', (call) => {
      contentId = trpcInput(call).contentId as string;
      return trpcOk({ mediaAsset: anAsset({ contentId }) });
    });
    server.on('POST /trpc/media.disassociate', () => {
      contentId = null;
      return trpcOk({ mediaAsset: anAsset() });
    });
    const setup = createTestTrpc();
    const { refreshed } = seedCaches(setup);
    const user = userEvent.setup();
    renderAdmin(`/admin/media/${ASSET_ID}`, undefined, setup);
    const panel = await screen.findByRole('region', { name: 'Attached to' });
    expect(within(panel).getByRole('button', { name: 'Attach' })).toBeDisabled();
    await user.type(within(panel).getByRole('combobox', { name: /^Attach to an item/ }), 'anth');
    await user.click(await within(panel).findByRole('option', { name: /Anthem/ }));
    await user.click(within(panel).getByRole('button', { name: 'Attach' }));

    expect(await screen.findByText('Media asset attached')).toBeInTheDocument();
    expect(trpcInput(server.callsTo('POST /trpc/media.associate')[0]!)).toEqual({ mediaAssetId: ASSET_ID, contentId: BOOK_ID });
    expect(await within(panel).findByRole('link', { name: 'Anthem' })).toHaveAttribute('href', `/admin/content/book/${BOOK_ID}`);
    expect(within(panel).getByRole('link', { name: 'See it in the library' })).toHaveAttribute('href', '/library/books/anthem');
    for (const key of refreshed) expect(setup.queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Detach' }));
    expect(await screen.findByText('Media asset detached')).toBeInTheDocument();
    expect(trpcInput(server.callsTo('POST /trpc/media.disassociate')[0]!)).toEqual({ mediaAssetId: ASSET_ID });
    expect(await within(panel).findByText(/No content yet/)).toBeInTheDocument();
  });

  it('shows the server’s refusal to attach in the panel', async () => {
    const server = fakeAdminServer();
    server.on('GET /trpc/media.byId', trpcOk({ mediaAsset: anAsset() }));
    server.on('GET /trpc/library.list', trpcOk({ items: [lecture], total: 1, page: 1, limit: 20, totalPages: 1 }));
    server.on('POST /trpc/media.associate', trpcError(404, 'NOT_FOUND', 'NOT_FOUND', 'Content not found'));
    const user = userEvent.setup();
    renderAdmin(`/admin/media/${ASSET_ID}`);
    const panel = await screen.findByRole('region', { name: 'Attached to' });
    await user.click(within(panel).getByRole('combobox', { name: /^Attach to an item/ }));
    await user.click(await within(panel).findByRole('option', { name: /Big Business/ }));
    await user.click(within(panel).getByRole('button', { name: 'Attach' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Content not found');
    expect(within(panel).getByRole('button', { name: 'Attach' })).toBeEnabled();
  });

  it('deletes after confirmation, then refreshes and goes back to the list', async () => {
    const server = fakeAdminServer();
    server.on('GET /trpc/media.byId', trpcOk({ mediaAsset: anAsset() }));
    server.on('GET /trpc/media.listPage', trpcOk(page([])));
    server.on('POST /trpc/media.delete', trpcOk({ id: ASSET_ID }));
    const setup = createTestTrpc();
    const { refreshed } = seedCaches(setup);
    const user = userEvent.setup();
    renderAdmin(`/admin/media/${ASSET_ID}`, undefined, setup);
    await user.click(await screen.findByRole('button', { name: 'Delete media asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Anthem, a talk”?' });
    expect(dialog).toHaveTextContent('This removes the media asset for good.');
    expect(server.callsTo('POST /trpc/media.delete')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete media asset' }));
    await waitFor(() => expect(where.path).toBe('/admin/media'));
    expect(trpcInput(server.callsTo('POST /trpc/media.delete')[0]!)).toEqual({ id: ASSET_ID });
    expect(await screen.findByText('Media asset deleted')).toBeInTheDocument();
    await waitFor(() => {
      for (const key of refreshed) expect(setup.queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    });
  });

  it('answers an asset that is not there with "Media asset not found" (a 404 reads as null)', async () => {
    const server = fakeAdminServer();
    server.on('GET /trpc/media.byId', trpcError(404, 'NOT_FOUND', 'NOT_FOUND', 'Media asset not found'));
    renderAdmin(`/admin/media/${ASSET_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Media asset not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to media' })).toHaveAttribute('href', '/admin/media');
    expect(server.callsTo('GET /trpc/media.byId')).toHaveLength(1);
  });

  it('is not offered to a member without the role', async () => {
    const server = fakeAdminServer(aUser({ roles: ['MEMBER', 'GRADER'] }));
    renderAdmin(`/admin/media/${ASSET_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.startsWith('/trpc/'))).toEqual([]);
  });
});
