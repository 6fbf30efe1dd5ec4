/**
 * The library, end to end against the demo catalogue (seeded on start): a visitor browses, searches,
 * filters by type and tag, goes back and forward through the URL state, opens a book and its
 * chapters; the course, playlist, lexicon, creator and generic item pages; the locked archive
 * artifact; a signed-in member's home with suggestions. Each page is checked with axe, at desktop
 * width and at 390 px. Set E2E_SCREENSHOT_DIR to keep screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { completeOnboarding } from './support/onboarding';
import { mailsTo, signInLinkIn, waitForMail } from './support/smtp-inbox';

const SLOW = { timeout: 15_000 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const results = (page: Page) => page.getByRole('region', { name: /results|Everything in the library/i }).getByRole('list').first();

async function expectH1(page: Page, text: string | RegExp) {
  await expect(h1(page)).toHaveText(text, SLOW);
  await expect(h1(page)).toHaveCount(1);
}

test.describe('the library', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a visitor browses, searches, filters by type, goes back, and opens a book and its chapters', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    // Home: featured items for everyone, and the way into the library.
    await page.goto('/');
    await expectH1(page, 'Welcome to the Objectivism Learning Platform');
    const featured = page.getByRole('region', { name: 'Featured in the library' });
    await expect(featured.getByRole('link', { name: 'Atlas Shrugged', exact: true })).toBeVisible(SLOW);
    await expect(page.getByRole('region', { name: 'Recommended for you' })).toHaveCount(0);
    await expectNoA11yViolations(page, '/ (visitor)');
    await snap(page, 'library-home-visitor');

    // The header's Library link.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
    await expect(page).toHaveURL(/\/library$/);
    await expectH1(page, 'Library');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible(SLOW);
    await expect(page.getByText(/items in the library/)).toBeVisible(SLOW);
    await expectNoA11yViolations(page, '/library');
    await snap(page, 'library-browse');

    // Search: full text on the server, the state in the URL.
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('selfish');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/library\?q=selfish$/);
    await expect(page.getByRole('status').filter({ hasText: /found for “selfish”/ })).toBeVisible(SLOW);
    await expect(results(page).getByRole('link', { name: 'The Virtue of Selfishness' })).toBeVisible();
    await expect(page).toHaveTitle(/“selfish” in the library/);
    await expectNoA11yViolations(page, '/library?q=selfish');
    await snap(page, 'library-search');

    // Filter by type: books only (the search stays).
    await page.getByLabel('Type').selectOption('books');
    await expect(page).toHaveURL(/\/library\?q=selfish&type=books$/);
    await expect(page.getByRole('status').filter({ hasText: /found for “selfish” among books/ })).toBeVisible(SLOW);

    // Nothing found: the empty state clears the filters.
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('zzzqqq');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No results', { exact: true })).toBeVisible(SLOW);
    await expectNoA11yViolations(page, '/library (no results)');
    await snap(page, 'library-empty');
    await page.getByRole('region', { name: 'Search results' }).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('');

    // Back and forward walk through the states.
    await page.goBack();
    await expect(page).toHaveURL(/q=zzzqqq/);
    await expect(page.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('zzzqqq');
    await page.goBack();
    await expect(page).toHaveURL(/\/library\?q=selfish&type=books$/);
    await expect(page.getByLabel('Type')).toHaveValue('books');
    await page.goForward();
    await expect(page).toHaveURL(/q=zzzqqq/);

    // A type and a tag from a shared link.
    await page.goto('/library?type=books&tag=fiction');
    await expect(page.getByLabel('Type')).toHaveValue('books');
    await expect(page.getByLabel('Tag')).toHaveValue('fiction');
    await expect(results(page).getByRole('link', { name: 'Atlas Shrugged', exact: true })).toBeVisible(SLOW);
    await expect(results(page).getByRole('link', { name: 'The Virtue of Selfishness' })).toHaveCount(0);

    // The book: cover, creators, facts, contents, chapters to the reader, FAQ, pricing.
    await results(page).getByRole('link', { name: 'Atlas Shrugged', exact: true }).click();
    await expect(page).toHaveURL(/\/library\/books\/atlas-shrugged$/);
    await expectH1(page, 'Atlas Shrugged');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Library/Books/Atlas Shrugged');
    await expect(page.getByRole('link', { name: 'Ayn Rand' })).toHaveAttribute('href', '/creators/ayn-rand');
    await expect(page.getByRole('heading', { name: 'Table of contents' })).toBeVisible();
    await expect(page.getByText('Part Two: Either-Or')).toBeVisible();
    const chapters = page.getByRole('list', { name: 'Chapters' });
    await expect(chapters.getByRole('listitem')).toHaveCount(3);
    await expect(chapters.getByRole('link', { name: 'The Theme' })).toHaveAttribute('href', '/read/chapters/atlas-shrugged-chapter-1');
    await expect(chapters.getByRole('link', { name: 'The Top and the Bottom' })).toHaveAttribute('href', '/read/chapters/atlas-shrugged-chapter-3');
    await expect(page.getByRole('link', { name: 'Start reading' })).toHaveAttribute('href', '/read/chapters/atlas-shrugged-chapter-1');
    await page.getByText('Who is John Galt?').click();
    await expect(page.getByText('The question the novel sets out to answer.')).toBeVisible();
    await expect(page.getByText('$22.00')).toBeVisible();
    await expectNoA11yViolations(page, '/library/books/atlas-shrugged');
    await snap(page, 'library-book');

    // A chapter opens in the reader.
    await chapters.getByRole('link', { name: 'The Chain' }).click();
    await expect(page).toHaveURL(/\/read\/chapters\/atlas-shrugged-chapter-2$/);
    await expectH1(page, 'The Chain');

    // The book of essays links its essays to the reader.
    await page.goto('/library/books/the-virtue-of-selfishness');
    await expectH1(page, 'The Virtue of Selfishness');
    await expect(page.getByRole('list', { name: 'Essays' }).getByRole('link', { name: 'The Objectivist Ethics' })).toHaveAttribute('href', '/read/essays/the-objectivist-ethics');

    // A book that does not exist.
    await page.goto('/library/books/no-such-book');
    await expectH1(page, 'Book not found');
    await expectNoA11yViolations(page, '/library/books/no-such-book');
  });

  test('the course, playlist, lexicon, creator and other item pages; a locked artifact', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    await page.goto('/library/courses/introduction-to-objectivism');
    await expectH1(page, 'Introduction to Objectivism');
    const lessons = page.getByRole('list', { name: 'Lessons' });
    await expect(lessons.getByRole('listitem')).toHaveCount(5);
    await expect(lessons.getByRole('listitem').first()).toContainText('Lesson 1');
    await expect(lessons.getByRole('link', { name: 'Metaphysics: Existence Exists' })).toHaveAttribute('href', '/library/lessons/introduction-to-objectivism-lesson-1');
    await expectNoA11yViolations(page, '/library/courses/…');
    await snap(page, 'library-course');

    // A lesson: the generic page, its video to the player, the next lesson.
    await lessons.getByRole('link', { name: 'Metaphysics: Existence Exists' }).click();
    await expectH1(page, 'Metaphysics: Existence Exists');
    await expect(page.getByRole('link', { name: 'Watch' })).toHaveAttribute('href', /^\/watch\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('navigation', { name: 'Previous and next' }).getByRole('link', { name: /Epistemology: Reason/ })).toBeVisible();
    await expectNoA11yViolations(page, '/library/lessons/…');
    await snap(page, 'library-lesson');

    await page.goto('/library/playlists/ford-hall-forum-lectures');
    await expectH1(page, 'Ford Hall Forum Lectures');
    const lectures = page.getByRole('list', { name: 'Lectures' });
    await expect(lectures.getByRole('listitem')).toHaveCount(3);
    // The first lecture has an audio recording: it opens in the player; the others on their pages.
    await expect(lectures.getByRole('link', { name: 'America’s Persecuted Minority: Big Business' })).toHaveAttribute('href', /^\/watch\/[0-9a-f-]{36}$/, SLOW);
    await expect(lectures.getByRole('link', { name: 'The Intellectual Bankruptcy of Our Age' })).toHaveAttribute('href', '/library/lectures/ford-hall-forum-lecture-2');
    await expectNoA11yViolations(page, '/library/playlists/…');
    await snap(page, 'library-playlist');

    // The lexicon: letters with terms are links, the others disabled.
    await page.goto('/library/lexicon');
    await expectH1(page, 'Lexicon');
    const letters = page.getByRole('navigation', { name: 'Terms by first letter' });
    await expect(letters.getByRole('link', { name: 'Terms starting with E' })).toBeVisible(SLOW);
    await expect(letters.getByRole('link', { name: 'A: no terms' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('link', { name: 'Reason', exact: true })).toBeVisible();
    await expectNoA11yViolations(page, '/library/lexicon');
    await snap(page, 'library-lexicon');
    await letters.getByRole('link', { name: 'Terms starting with R' }).click();
    await expect(page).toHaveURL(/\/library\/lexicon\?letter=R$/);
    await expect(page.getByRole('link', { name: 'Egoism' })).toHaveCount(0, SLOW);
    await page.getByRole('link', { name: 'Reason', exact: true }).click();
    await expectH1(page, 'Reason');
    await expect(page.getByText('Reason is man’s basic means of survival.')).toBeVisible(SLOW);
    await expect(page.getByText('Why reason, not instinct, guides human action.')).toBeVisible();
    await expectNoA11yViolations(page, '/library/lexicon/lexicon-reason');
    await snap(page, 'library-lexicon-term');

    await page.goto('/creators/ayn-rand');
    await expectH1(page, 'Ayn Rand');
    await expect(page.getByText('Author of The Fountainhead and Atlas Shrugged')).toBeVisible();
    await expect(page.getByRole('link', { name: 'The Fountainhead' })).toBeVisible();
    await expectNoA11yViolations(page, '/creators/ayn-rand');
    await snap(page, 'library-creator');

    await page.goto('/library/interviews/playboy-interview-1964');
    await expectH1(page, 'The Playboy Interview');
    await expect(page.getByText('Alvin Toffler').first()).toBeVisible();
    await expectNoA11yViolations(page, '/library/interviews/…');

    // The archive's manuscript page is restricted (isRestricted): a clear locked state, no transcription.
    await page.goto('/library/artifacts/atlas-shrugged-manuscript-page');
    await expectH1(page, 'Atlas Shrugged manuscript page');
    await expect(page.getByText('Locked', { exact: true })).toBeVisible(SLOW);
    await expect(page.getByText('This artifact is kept in the archive and open to staff only.')).toBeVisible();
    await expectNoA11yViolations(page, '/library/artifacts/… (locked)');
    await snap(page, 'library-locked');
  });

  test('on a phone-sized screen, by keyboard', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(PHONE);
    await page.goto('/library');
    await expectH1(page, 'Library');
    await expect(page.getByText(/items in the library/)).toBeVisible(SLOW);
    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('searchbox', { name: 'Search the library' }).focus();
    await page.keyboard.type('atlas');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/library\?q=atlas$/);
    await expect(results(page).getByRole('link', { name: 'Atlas Shrugged', exact: true })).toBeVisible(SLOW);
    await expectNoA11yViolations(page, '/library?q=atlas (phone, dark)');
    await snap(page, 'library-search-phone');

    await page.goto('/library/books/atlas-shrugged');
    await expectH1(page, 'Atlas Shrugged');
    await expect(page.getByRole('list', { name: 'Chapters' }).getByRole('listitem')).toHaveCount(3, SLOW);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoA11yViolations(page, '/library/books/atlas-shrugged (phone, dark)');
    await snap(page, 'library-book-phone');

    await page.goto('/library/lexicon');
    await expect(page.getByRole('navigation', { name: 'Terms by first letter' }).getByRole('link', { name: 'Terms starting with E' })).toBeVisible(SLOW);
    await snap(page, 'library-lexicon-phone');
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured in the library' }).getByRole('link', { name: 'Atlas Shrugged', exact: true })).toBeVisible(SLOW);
    await snap(page, 'library-home-phone');
  });

  test('a signed-in member’s home: continue where you left off and suggestions', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
    const email = `library-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;
    const earlier = (await mailsTo(email)).length;
    await page.goto('/login?redirect=%2Flibrary%2Fbooks%2Fthe-fountainhead');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expectH1(page, 'Check your email');
    await page.goto(signInLinkIn(await waitForMail(email, earlier + 1)));
    await expect(page).toHaveURL(/\/onboarding$/, SLOW);
    await completeOnboarding(page, { first: 'Dagny', last: 'Taggart' });
    await expect(page).toHaveURL(/\/library\/books\/the-fountainhead$/, SLOW);

    // Reading a chapter of The Fountainhead puts it in progress.
    await page.getByRole('list', { name: 'Chapters' }).getByRole('link', { name: 'Part One: Peter Keating' }).click();
    await expectH1(page, 'Part One: Peter Keating');
    const { item: chapter } = await (await page.request.get('/api/chapters/the-fountainhead-chapter-1')).json();
    await expect.poll(async () => (await (await page.request.get(`/api/progress/content/${chapter.id}`)).json()).progress?.sessionCount ?? 0, SLOW).toBe(1);

    await page.goto('/');
    await expectH1(page, 'Welcome to the Objectivism Learning Platform');
    await expect(page.getByRole('heading', { name: 'Continue where you left off' })).toBeVisible(SLOW);
    const suggested = page.getByRole('region', { name: 'Recommended for you' });
    // Rand's other works come first; the book being read is not suggested.
    await expect(suggested.getByRole('link').first()).toBeVisible(SLOW);
    await expect(suggested.getByRole('link', { name: 'The Fountainhead' })).toHaveCount(0);
    await expect(suggested.getByRole('link', { name: 'Atlas Shrugged', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured in the library' })).toBeVisible();
    await expectNoA11yViolations(page, '/ (member)');
    await snap(page, 'library-home-member');
  });
});
