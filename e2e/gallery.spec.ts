import type { APIRequestContext } from '@playwright/test';
import type { Award } from '../src/contract/awards';
import { expect, test } from './fixtures';

async function apiAwards(request: APIRequestContext, search = '') {
  const res = await request.get(`/api/awards${search ? `?search=${encodeURIComponent(search)}` : ''}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Award[];
}

test.describe('award gallery', () => {
  test('lists every active award grouped by category, with Other Awards last', async ({ page, request }) => {
    const awards = await apiAwards(request);
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { level: 1, name: 'Award Gallery' })).toBeVisible();
    await expect(page.getByText(`Found ${awards.length} award(s)`)).toBeVisible();
    await expect(page.getByTestId('award-card')).toHaveCount(awards.length);

    const categoryNames = [...new Set(awards.filter((a) => a.category).map((a) => a.category!.name))];
    const badges = page.getByTestId('category-badge');
    const hasOther = awards.some((a) => !a.category);
    await expect(badges).toHaveCount(categoryNames.length + (hasOther ? 1 : 0));
    if (hasOther) await expect(badges.last()).toHaveText('Other Awards');

    const first = awards[0]!;
    const card = page.getByTestId('award-card').filter({ hasText: first.title });
    await expect(card.getByText(first.description)).toBeVisible();
    await expect(card.getByRole('link', { name: `Nominate someone for ${first.title}` })).toHaveAttribute(
      'href',
      `/nominate?award=${first.id}`,
    );
  });

  test('searches case-insensitively, keeps the search in the URL and counts the results', async ({ page, request }) => {
    const all = await apiAwards(request);
    const word = all[0]!.title.split(' ').find((w) => w.length > 4)!.toUpperCase();
    const expected = await apiAwards(request, word);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);

    await page.goto('/gallery');
    await page.getByRole('searchbox', { name: 'Search awards' }).fill(word);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word)}`));
    await expect(page.getByText(`Found ${expected.length} award(s)`)).toBeVisible();
    await expect(page.getByTestId('award-card')).toHaveCount(expected.length);

    // A link with ?search= (the structured-data SearchAction) opens the same results.
    await page.goto(`/gallery?search=${encodeURIComponent(word.toLowerCase())}`);
    await expect(page.getByRole('searchbox', { name: 'Search awards' })).toHaveValue(word.toLowerCase());
    await expect(page.getByText(`Found ${expected.length} award(s)`)).toBeVisible();
  });

  test('says what to do when nothing matches, and clearing restores everything', async ({ page, request }) => {
    const all = await apiAwards(request);
    await page.goto('/gallery?search=zzqx-no-such-award');
    await expect(page.getByText('Found 0 award(s)')).toBeVisible();
    await expect(page.getByText('No award for that. Yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Show all awards' }).click();
    await expect(page.getByText(`Found ${all.length} award(s)`)).toBeVisible();
    await expect(page).toHaveURL('/gallery');
  });

  test('shows skeleton cards while loading', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // The served page already holds the awards (server rendering): the skeletons show when the gallery is
    // opened from another page.
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route('**/api/awards*', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByTestId('award-skeleton')).toHaveCount(9);
    release();
    await expect(page.getByTestId('award-card').first()).toBeVisible();
    await expect(page.getByTestId('award-skeleton')).toHaveCount(0);
  });

  test('loads images lazily and says so when one fails', async ({ page }) => {
    await page.route('**/awards/*.svg', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/gallery');
    const firstCard = page.getByTestId('award-card').first();
    await expect(firstCard.getByText('Failed to load')).toBeVisible();
    // Cards far below the fold have not requested their image yet.
    const lastCard = page.getByTestId('award-card').last();
    await expect(lastCard.locator('img')).toHaveCount(0);
    await lastCard.scrollIntoViewIfNeeded();
    await expect(lastCard.getByText('Failed to load')).toBeVisible();
  });

  test('shows a friendly error with a retry when the catalogue cannot load', async ({ page }) => {
    let fail = true;
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route('**/api/awards*', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"X","message":"x"}}' }) : route.continue(),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('alert')).toContainText('The awards cabinet is stuck');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('award-card').first()).toBeVisible();
  });
});
