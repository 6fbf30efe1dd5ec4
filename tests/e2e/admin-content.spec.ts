/**
 * The admin content pages in the browser: an administrator (ADMIN_EMAILS) signs in from the mail,
 * creates a book (meeting the spec's validation messages first), publishes it, edits it and adds a
 * chapter under it; creates a video asset, attaches it to a book, finds it on the book's page and
 * detaches it; a member without the role is refused. Every page visited is checked with axe; set
 * E2E_SCREENSHOT_DIR to keep screenshots (desktop and 390 px wide).
 */
import { expect, request, test, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './support/admin';
import { expectNoA11yViolations } from './support/a11y';
import { mailsTo, signInLinkIn, waitForMail } from './support/smtp-inbox';

const CALLBACK_TIMEOUT = { timeout: 15_000 };
const PASSWORD = 'Galt-Gulch-Motor-1957';
const stem = Date.now().toString(36);
const chapterTitle = `What Is Romanticism? (${stem})`;

async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

/** An account with a name (so sign-in goes straight to the page asked for), made through the API. */
async function register(email: string, firstName: string) {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const res = await api.post('/api/auth/register', { data: { email, password: PASSWORD, firstName, lastName: 'Tester' } });
  // The administrator's address is shared by the tests of this file: the first one registers it.
  const taken = email === E2E_ADMIN_EMAIL && res.status() === 409;
  expect(res.status() === 200 || taken, `${res.status()} ${await res.text()}`).toBe(true);
  await api.dispose();
}

/** Signs in by magic link, reading the mail, and follows the link to `path`. */
async function signInByMail(page: Page, email: string, path: string) {
  const before = (await mailsTo(email)).length;
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await page.goto(signInLinkIn(await waitForMail(email, before + 1)));
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`), CALLBACK_TIMEOUT);
}

/** A field by its label, whether or not it is marked '(required)'. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(required\\))?$`));

async function expectHeading(page: Page, text: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

test.describe('admin content editing', () => {
  // One after the other: two tests share the administrator's address, and a new link voids the last.
  test.describe.configure({ mode: 'default', timeout: 180_000 });

  test('an administrator creates a book, publishes it, edits it and adds a chapter', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await register(E2E_ADMIN_EMAIL, 'Ada');
    await signInByMail(page, E2E_ADMIN_EMAIL, '/admin/content');
    await expectHeading(page, 'Content');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Content' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoA11yViolations(page, '/admin/content');
    await snap(page, 'admin-content-list');

    // Creating a book: the type's defaults are there before anything is typed.
    await page.getByText('Create content').click();
    await page.getByRole('list', { name: 'Create content of a type' }).getByRole('link', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/content\/new\/book$/);
    await expectHeading(page, 'New book');
    await expect(field(page, 'Language')).toHaveValue('en');
    await expect(field(page, 'Book type')).toHaveValue('FICTION');
    await expect(field(page, 'Access')).toHaveValue('OPEN');
    await expectNoA11yViolations(page, '/admin/content/new/book');

    // The shared schema's messages, word for word, before anything is sent.
    await page.getByRole('button', { name: 'Create book' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Slug is required')).toBeVisible();
    await expect(page.getByText('At least one format is required')).toBeVisible();
    await expect(field(page, 'Title')).toBeFocused();
    await expect(field(page, 'Title')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page, '/admin/content/new/book (invalid)');
    await snap(page, 'admin-book-invalid');

    const title = `The Romantic Manifesto ${stem}`;
    await field(page, 'Title').fill(title);
    await expect(page.getByText('Title is required')).toHaveCount(0);
    // The slug follows the title until one is written.
    await expect(field(page, 'Slug')).toHaveValue(`the-romantic-manifesto-${stem}`);
    await field(page, 'Slug').fill('Romantic Manifesto');
    await expect(page.getByText('Slug must contain only lowercase letters, numbers, and hyphens')).toBeVisible();
    const slug = `romantic-manifesto-${stem}`;
    await field(page, 'Slug').fill(slug);
    await page.getByRole('checkbox', { name: 'Paperback' }).check();
    await expect(page.getByText('At least one format is required')).toHaveCount(0);
    await field(page, 'Summary').fill('A philosophy of art.');
    await page.getByRole('button', { name: 'Create book' }).click();

    // The toast lasts a few seconds: it is read first.
    await expect(page.getByText('Book created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content\/book\/[0-9a-f-]{36}$/);
    await expectHeading(page, title);
    const status = page.getByRole('region', { name: 'Status' });
    await expect(status.getByText('Draft')).toBeVisible();
    await expectNoA11yViolations(page, 'book editor (draft)');
    const visitor = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
    expect((await visitor.get(`/api/books/${slug}`)).status()).toBe(404);

    // Publishing: the lifecycle's move, and the book is public.
    await status.getByRole('button', { name: 'Publish' }).click();
    await expect(status.getByText('Published', { exact: true })).toBeVisible();
    await expect(status.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    const published = await visitor.get(`/api/books/${slug}`);
    expect(published.status()).toBe(200);
    expect(((await published.json()) as { book: { content: { status: string; published: boolean } } }).book.content).toMatchObject({ status: 'PUBLISHED', published: true });
    await snap(page, 'admin-book-published');

    // Editing: the change is saved and comes back after a reload.
    await field(page, 'Subtitle').fill('Art and sense of life');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await page.reload();
    await expectHeading(page, title);
    await expect(field(page, 'Subtitle')).toHaveValue('Art and sense of life');
    await expect(page.getByRole('checkbox', { name: 'Paperback' })).toBeChecked();

    // A chapter under it: the book is chosen and the first position filled in.
    const chapters = page.getByRole('region', { name: 'Chapters' });
    await expect(chapters.getByText('No chapters yet.')).toBeVisible();
    await chapters.getByRole('link', { name: 'Add a chapter' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/new\/chapter\?parent=/);
    await expectHeading(page, 'New chapter');
    await expect(page.getByRole('combobox', { name: /^Book/ })).toHaveValue(title);
    await expect(field(page, 'Order index')).toHaveValue('0');
    await page.getByRole('button', { name: 'Create chapter' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expectNoA11yViolations(page, '/admin/content/new/chapter (invalid)');
    await snap(page, 'admin-chapter-new');
    await field(page, 'Title').fill(chapterTitle);
    await field(page, 'Text').fill('Romanticism is a category of art based on the recognition of volition.');
    await page.getByRole('button', { name: 'Create chapter' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/chapter\/[0-9a-f-]{36}$/);
    await expectHeading(page, chapterTitle);
    await expectNoA11yViolations(page, 'chapter editor');

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Content' }).click();
    await expectHeading(page, 'Content');
    await page.getByLabel('Search', { exact: true }).fill(stem);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByLabel('Type', { exact: true }).selectOption('CHAPTER');
    await expect(page).toHaveURL(/type=CHAPTER/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: chapterTitle }).click();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Content' }).click();
    await page.getByLabel('Type', { exact: true }).selectOption('BOOK');
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('region', { name: 'Chapters' }).getByRole('link', { name: chapterTitle })).toBeVisible();
    await expectNoA11yViolations(page, 'book editor (published, with a chapter)');
    await snap(page, 'admin-book-edit');
    await visitor.dispose();
  });

  test('an administrator adds a creator and credits them on a book', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await register(E2E_ADMIN_EMAIL, 'Ada');
    await signInByMail(page, E2E_ADMIN_EMAIL, '/admin/creators');
    await expectHeading(page, 'Creators');
    const title = `Anthem ${stem}`;
    const made = await page.request.post('/api/books', { data: { title, slug: `anthem-${stem}`, formats: ['EBOOK'] } });
    expect(made.status(), await made.text()).toBe(201);
    await expectHeading(page, 'Creators');
    await expectNoA11yViolations(page, '/admin/creators');
    await page.getByRole('link', { name: 'New creator' }).click();
    await expectHeading(page, 'New creator');
    await page.getByRole('button', { name: 'Create creator' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await field(page, 'Email').fill('ayn@');
    await expect(page.getByText('Valid email is required')).toBeVisible();
    await expectNoA11yViolations(page, '/admin/creators/new (invalid)');
    const creatorName = `Ayn Rand ${stem}`;
    await field(page, 'Name').fill(creatorName);
    await field(page, 'Email').fill('');
    await page.getByRole('button', { name: 'Create creator' }).click();
    await expectHeading(page, creatorName);
    await expect(page.getByText('Nothing yet.')).toBeVisible();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Content' }).click();
    await page.getByLabel('Search', { exact: true }).fill(stem);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: title }).click();
    await expectHeading(page, title);
    await page.getByRole('button', { name: 'Add a creator' }).click();
    const picker = page.getByRole('combobox', { name: /^Creator 1/ });
    await picker.fill(stem);
    await page.getByRole('option', { name: new RegExp(creatorName) }).click();
    await expect(picker).toHaveValue(creatorName);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Creators' }).click();
    await page.getByRole('link', { name: creatorName }).click();
    await expect(page.getByRole('region', { name: 'Credited on' }).getByRole('link', { name: title })).toBeVisible();
    await expectNoA11yViolations(page, 'creator editor');
    await snap(page, 'admin-creator-edit');
  });

  test('an administrator creates a video asset, attaches it to a book, sees it on the book’s page, and detaches it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await register(E2E_ADMIN_EMAIL, 'Ada');
    await signInByMail(page, E2E_ADMIN_EMAIL, '/admin/media');
    await expectHeading(page, 'Media');
    const title = `We the Living ${stem}`;
    const slug = `we-the-living-${stem}`;
    const made = await page.request.post('/api/books', { data: { title, slug, formats: ['PAPERBACK'], status: 'PUBLISHED' } });
    expect(made.status(), await made.text()).toBe(201);
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' })).toHaveAttribute('aria-current', 'page');
    await expectNoA11yViolations(page, '/admin/media');

    // The shared schema's messages first, then a valid video (the demo clip the client serves).
    await page.getByRole('link', { name: 'New media asset' }).click();
    await expectHeading(page, 'New media asset');
    await page.getByRole('button', { name: 'Create media asset' }).click();
    await expect(page.getByText('Type is required')).toBeVisible();
    await expect(field(page, 'Type')).toBeFocused();
    await field(page, 'Type').selectOption('VIDEO');
    await expect(page.getByText('Type is required')).toHaveCount(0);
    await field(page, 'Duration (seconds)').fill('0');
    await expect(page.getByText('Duration must be a positive whole number')).toBeVisible();
    await field(page, 'Subtitles').fill('[{"lang": "en"');
    await expect(page.getByText('subtitles must be valid JSON')).toBeVisible();
    await expectNoA11yViolations(page, '/admin/media/new (invalid)');
    await snap(page, 'admin-media-invalid');
    const caption = `We the Living, a reading ${stem}`;
    await field(page, 'Duration (seconds)').fill('12');
    await field(page, 'Subtitles').fill('');
    await field(page, 'File URL').fill(`${new URL(page.url()).origin}/media/demo-existence-exists.webm`);
    await field(page, 'MIME type').fill('video/webm');
    await field(page, 'Caption').fill(caption);
    await page.getByRole('button', { name: 'Create media asset' }).click();
    await expect(page.getByText('Media asset created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/media\/[0-9a-f-]{36}$/);
    const assetId = page.url().split('/').at(-1)!;
    await expectHeading(page, caption);

    // Attaching: the library is searched by title.
    const panel = page.getByRole('region', { name: 'Attached to' });
    await expect(panel.getByText(/No content yet/)).toBeVisible();
    const picker = panel.getByRole('combobox', { name: /^Attach to an item/ });
    await picker.fill(stem);
    await page.getByRole('option', { name: new RegExp(title) }).click();
    await expect(picker).toHaveValue(title);
    await panel.getByRole('button', { name: 'Attach' }).click();
    await expect(page.getByText('Media asset attached')).toBeVisible();
    await expect(panel.getByRole('link', { name: title })).toBeVisible();
    await expectNoA11yViolations(page, 'media editor (attached)');
    await snap(page, 'admin-media-attached');

    // The book's public page shows it, and it opens in the player.
    await panel.getByRole('link', { name: 'See it in the library' }).click();
    await expect(page).toHaveURL(new RegExp(`/library/books/${slug}$`));
    await expectHeading(page, title);
    const media = page.getByRole('region', { name: 'Watch, listen and look' });
    await expect(media.getByRole('link', { name: `Watch: ${caption}` })).toHaveAttribute('href', `/watch/${assetId}`);
    await expectNoA11yViolations(page, 'book page with media');
    await snap(page, 'library-book-media');

    // Detaching: the book's page no longer shows it.
    await page.goBack();
    await expectHeading(page, caption);
    await panel.getByRole('button', { name: 'Detach' }).click();
    await expect(page.getByText('Media asset detached')).toBeVisible();
    await expect(panel.getByText(/No content yet/)).toBeVisible();
    await page.goto(`/library/books/${slug}`);
    await expectHeading(page, title);
    // The media wait for the access check: once it has answered, there are none.
    await expect(page.getByText('Checking your access…')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Watch, listen and look' })).toHaveCount(0);
  });

  test('a member without the role is not allowed in, and the server refuses their writes', async ({ page }) => {
    const email = `member-${stem}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    await register(email, 'Morgan');
    await signInByMail(page, email, '/admin/content');
    await expectHeading(page, 'Not allowed');
    await expect(page.getByText('Your account is not allowed to edit the library.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoA11yViolations(page, '/admin/content (member)');
    await snap(page, 'admin-not-allowed');
    const refused = await page.request.post('/api/books', { data: { title: 'Nope', slug: `nope-${stem}`, formats: ['EBOOK'] } });
    expect(refused.status()).toBe(403);
  });
});
