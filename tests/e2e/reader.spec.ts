/**
 * Reading and watching, end to end against the demo catalogue: a member opens a chapter of Atlas
 * Shrugged, scrolls, leaves, and comes back to the same place; watches the demo video part-way,
 * leaves, and it resumes there; both wait on the dashboard under "Continue where you left off"; a
 * favorite shows in /my-library. A visitor reads an OPEN chapter without saving, on a phone-sized
 * screen. Every page is checked with axe. Set E2E_SCREENSHOT_DIR to keep screenshots.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y';
import { completeOnboarding } from './support/onboarding';
import { mailsTo, signInLinkIn, waitForMail } from './support/smtp-inbox';

const CHAPTER = { slug: 'atlas-shrugged-chapter-1', title: 'The Theme', book: 'Atlas Shrugged', next: 'The Chain' };
const LESSON_TITLE = 'Metaphysics: Existence Exists';
const SLOW = { timeout: 15_000 };

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A new member signs in by magic link, goes through onboarding, and lands on `redirect`. */
async function signInAsNewMember(page: Page, redirect: string) {
  const email = uniqueEmail('reader');
  const earlier = (await mailsTo(email)).length;
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await page.goto(signInLinkIn(await waitForMail(email, earlier + 1)));
  await expect(page).toHaveURL(/\/onboarding$/, SLOW);
  await completeOnboarding(page, { first: 'Eddie', last: 'Willers' });
  await expect(page).toHaveURL(new RegExp(`${redirect.replace(/[/.]/g, '\\$&')}$`), SLOW);
}

async function json(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return res.json();
}

/** The paragraph under the reading line, as the reader measures it, and how far into it (px). */
const placeOnPage = (page: Page) =>
  page.evaluate(() => {
    const line = window.scrollY + 96;
    const tops = Array.from(document.querySelectorAll<HTMLElement>('[data-reading-block]')).map((b) => b.getBoundingClientRect().top + window.scrollY);
    // A paragraph runs to the top of the next one (the gap below it counts as its end).
    const index = tops.findIndex((_top, i) => i + 1 === tops.length || line < tops[i + 1]!);
    return { scrollY: window.scrollY, paragraph: index, offset: line - tops[index]! };
  });

test.describe('reading and watching', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a member reads a chapter, leaves and comes back to the same place; watches a video part-way and resumes; both wait on the dashboard', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    const chapterPath = `/read/chapters/${CHAPTER.slug}`;
    await signInAsNewMember(page, chapterPath);

    // The reader: the chapter, its book, the next chapter, the toggles.
    await expect(page.getByRole('heading', { level: 1, name: CHAPTER.title })).toBeVisible(SLOW);
    await expect(page.getByText('Chapter in')).toBeVisible();
    await expect(page.getByRole('link', { name: CHAPTER.book }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`Next chapter.*${CHAPTER.next}`) })).toHaveAttribute('href', '/read/chapters/atlas-shrugged-chapter-2');
    await expect(page.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
    await expectNoA11yViolations(page, chapterPath);
    await snap(page, 'reader-chapter');

    const { item: chapter } = await json(page.request, `/api/chapters/${CHAPTER.slug}`);
    const savedPosition = async () => (await json(page.request, `/api/progress/content/${chapter.id}`)).progress?.position ?? -1;
    // Opening it was a visit: a session, in progress.
    await expect.poll(async () => (await json(page.request, `/api/progress/content/${chapter.id}`)).progress?.sessionCount ?? 0, SLOW).toBe(1);

    // Mark it a favorite (kept by the server; shown in /my-library later).
    await page.getByRole('button', { name: 'Favorite' }).click();
    await expect(page.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await json(page.request, `/api/progress/content/${chapter.id}`)).progress.isFavorited, SLOW).toBe(true);

    // Scroll down a few paragraphs (not to the end: that would finish the chapter) and let it settle:
    // the throttled save records the paragraph under the reading line.
    await page.mouse.wheel(0, 250);
    await page.mouse.wheel(0, 250);
    await expect.poll(async () => {
      const first = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(250);
      return first > 300 && first === (await page.evaluate(() => window.scrollY));
    }, SLOW).toBe(true);
    const before = await placeOnPage(page);
    expect(before.paragraph).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => Math.floor(await savedPosition()), SLOW).toBe(before.paragraph);
    await snap(page, 'reader-chapter-scrolled');

    // Leave by a full page load (the save goes out as the page is hidden), to the dashboard.
    const positionThen = await savedPosition();
    await page.goto('/dashboard');
    const continueSection = page.getByRole('region', { name: 'Continue where you left off' });
    await expect(continueSection.getByRole('link', { name: new RegExp(CHAPTER.title) })).toBeVisible(SLOW);
    await expect(continueSection.getByRole('link', { name: new RegExp(CHAPTER.title) })).toHaveAttribute('href', chapterPath);
    expect(await savedPosition()).toBeCloseTo(positionThen, 1);

    // Come back through "Continue": the same paragraph is under the reading line again.
    await continueSection.getByRole('link', { name: new RegExp(CHAPTER.title) }).click();
    await expect(page.getByRole('heading', { level: 1, name: CHAPTER.title })).toBeVisible(SLOW);
    await expect(page.getByText('Welcome back: you are where you left off.')).toBeVisible();
    const after = await placeOnPage(page);
    expect(after.paragraph).toBe(before.paragraph);
    // The same spot in it, whatever moved above the text (the welcome-back line).
    expect(Math.abs(after.offset - before.offset)).toBeLessThan(4);
    await expectNoA11yViolations(page, `${chapterPath} (resumed)`);
    await snap(page, 'reader-chapter-resumed');

    // And again after a reload (a fresh page, nothing cached).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: CHAPTER.title })).toBeVisible(SLOW);
    await expect.poll(async () => (await placeOnPage(page)).paragraph).toBe(before.paragraph);
    const progressAfterVisits = (await json(page.request, `/api/progress/content/${chapter.id}`)).progress;
    expect(progressAfterVisits).toMatchObject({ status: 'IN_PROGRESS', isFavorited: true });
    expect(progressAfterVisits.sessionCount).toBeGreaterThanOrEqual(3);
    expect(progressAfterVisits.percentage).toBeGreaterThan(0);
    expect(progressAfterVisits.percentage).toBeLessThan(100);

    // The demo video: find it, open it, watch a few seconds, pause.
    const { mediaAssets } = await json(page.request, '/api/media?type=VIDEO');
    const video = mediaAssets.find((m: { mimeType: string | null }) => m.mimeType === 'video/webm');
    expect(video, 'the demo catalogue has a WebM video').toBeTruthy();
    const watchPath = `/watch/${video.id}`;
    await page.goto(watchPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Lesson 1: Existence exists' })).toBeVisible(SLOW);
    await expect(page.getByRole('link', { name: LESSON_TITLE }).first()).toBeVisible();
    const player = page.locator('video');
    await expect(player).toHaveAttribute('controls', '');
    await expect(page.locator('video track[kind="subtitles"]')).toHaveAttribute('srclang', 'en');
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), SLOW).toBeGreaterThanOrEqual(1);
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(10);
    await expectNoA11yViolations(page, watchPath);

    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), SLOW).toBeGreaterThan(3.5);
    await player.evaluate((v: HTMLVideoElement) => v.pause());
    const pausedAt = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
    const savedVideo = async () => (await json(page.request, `/api/progress/video/${video.id}`)).videoProgress;
    await expect.poll(async () => (await savedVideo())?.position ?? 0, SLOW).toBeGreaterThan(3);
    expect((await savedVideo()).position).toBeCloseTo(pausedAt, 0);
    expect((await savedVideo()).completed).toBe(false);
    await snap(page, 'watch-paused');

    // The dashboard lists the lesson the video belongs to, linking back to the video.
    await page.goto('/dashboard');
    const lessonLink = continueSection.getByRole('link', { name: new RegExp(LESSON_TITLE) });
    await expect(lessonLink).toBeVisible(SLOW);
    await expect(lessonLink).toHaveAttribute('href', watchPath);
    await expect(continueSection.getByRole('link').first()).toContainText(LESSON_TITLE); // most recent first
    await expectNoA11yViolations(page, '/dashboard');
    await snap(page, 'dashboard-continue');

    // Back to the video: it starts where it was paused.
    await lessonLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lesson 1: Existence exists' })).toBeVisible(SLOW);
    await expect(page.getByText(/^Resumed at 0:0\d, where you left off\.$/)).toBeVisible(SLOW);
    const resumedAt = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(Math.abs(resumedAt - pausedAt)).toBeLessThan(0.5);
    await expectNoA11yViolations(page, `${watchPath} (resumed)`);
    await snap(page, 'watch-resumed');

    // Watched to the end: completed.
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = Math.max(0, v.duration - 0.3);
      return v.play();
    });
    await expect.poll(async () => (await savedVideo()).completed, SLOW).toBe(true);

    // /my-library lists the favorite chapter, and the empty bookmarks.
    await page.getByRole('link', { name: 'My library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My library' })).toBeVisible();
    const favorites = page.getByRole('region', { name: /^Favorites/ });
    await expect(favorites.getByRole('link', { name: CHAPTER.title })).toHaveAttribute('href', chapterPath);
    await expect(page.getByRole('region', { name: 'Bookmarks' }).getByText('No bookmarks yet.')).toBeVisible();
    await expectNoA11yViolations(page, '/my-library');
    await snap(page, 'my-library');

    // At 390 px: the reader and the dashboard still read well.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(chapterPath);
    await expect(page.getByRole('heading', { level: 1, name: CHAPTER.title })).toBeVisible(SLOW);
    await expectNoA11yViolations(page, `${chapterPath} (390 px)`);
    await snap(page, 'reader-chapter-390');
    await page.goto('/dashboard');
    await expect(continueSection.getByRole('link', { name: new RegExp(CHAPTER.title) })).toBeVisible(SLOW);
    await snap(page, 'dashboard-continue-390');
    await page.goto(watchPath);
    await expect(page.locator('video')).toBeVisible(SLOW);
    await expectNoA11yViolations(page, `${watchPath} (390 px)`);
    await snap(page, 'watch-390');
  });

  test('a visitor reads an OPEN chapter and an essay without saving, and is offered sign-in', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /progress/.test(r.url())) saves.push(r.url());
    });
    await page.goto('/read/chapters/atlas-shrugged-chapter-2');
    await expect(page.getByRole('heading', { level: 1, name: 'The Chain' })).toBeVisible(SLOW);
    await expect(page.getByRole('link', { name: /Previous chapter.*The Theme/ })).toBeVisible();
    await expect(page.getByText('to save your place, favorites and bookmarks.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Favorite' })).toHaveCount(0);
    await expectNoA11yViolations(page, '/read/chapters/atlas-shrugged-chapter-2 (visitor)');
    await snap(page, 'reader-visitor-390');

    await page.goto('/read/essays/the-objectivist-ethics');
    await expect(page.getByRole('heading', { level: 1, name: 'The Objectivist Ethics' })).toBeVisible(SLOW);
    await expect(page.getByRole('link', { name: /Next essay.*The Ethics of Emergencies/ })).toBeVisible();
    await expectNoA11yViolations(page, '/read/essays/the-objectivist-ethics (visitor)');
    await snap(page, 'reader-essay-visitor-390');

    await page.goto('/read/chapters/no-such-chapter');
    await expect(page.getByRole('heading', { level: 1, name: 'Chapter not found' })).toBeVisible(SLOW);
    await expectNoA11yViolations(page, '/read/chapters/no-such-chapter');
    expect(saves).toEqual([]);
  });
});
