import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';
import { axeSerious, pageSettled } from './support/page-helpers';

/** A real 2×2 PNG (typed by its bytes on the server). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8DwnwEIGBkZGBgYGAAkBgME5pcR8wAAAABJRU5ErkJggg==', 'base64');

test.describe('/admin/awards and /admin/categories', () => {
  test('an admin creates a category and an award with a picture, it shows in the gallery; deactivated it leaves; exported, edited and imported it comes back', async ({ page }, testInfo) => {
    test.slow();
    const run = `${Date.now().toString(36)}${testInfo.retry}`;
    const categoryName = `Garden Honours ${run}`;
    const title = `Lord of the Lawn ${run}`;
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);

    // A category with its colour and keywords.
    await page.goto('/admin/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    await expect(page.getByTestId('admin-category-row').first()).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
    await page.getByRole('button', { name: 'New category' }).click();
    const newCategory = page.getByRole('dialog', { name: 'New category' });
    await newCategory.getByLabel('Name').fill(categoryName);
    await expect(newCategory.getByText('No colour: the gallery uses the fallback #6366f1.')).toBeVisible();
    await newCategory.getByLabel('Badge colour').fill('#15803d');
    await newCategory.getByLabel('Keywords').fill('lawn, hedge');
    await newCategory.getByLabel('Sort order').fill('500');
    await newCategory.getByRole('button', { name: 'Create category' }).click();
    await expect(toasts(page)).toContainText(`“${categoryName}” created`);
    await expect(page.getByTestId('admin-category-row').filter({ hasText: categoryName })).toContainText('lawn, hedge');

    // An award in it, with a picture chosen before it exists.
    await page.goto('/admin/awards');
    await expect(page.getByTestId('admin-award-row').first()).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
    await page.getByRole('button', { name: 'New award' }).click();
    const sheet = page.getByRole('dialog', { name: 'New award' });
    // Submitting empty says what is missing, next to the field.
    await sheet.getByRole('button', { name: 'Create award' }).click();
    await expect(sheet.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(sheet.getByLabel('Title')).toBeFocused();
    await sheet.getByLabel('Title').fill(title);
    await sheet.locator('textarea').fill('For a lawn mown in stripes visible from low orbit.');
    await sheet.getByLabel('Tagline').fill('Edges trimmed. Neighbours humbled.');
    await sheet.getByLabel('Category').selectOption({ label: categoryName });
    await sheet.getByLabel('Sort order').fill('900');
    await sheet.getByRole('button', { name: 'Add a stat' }).click();
    await sheet.getByLabel('Stat 1 label').fill('Stripes');
    await sheet.getByLabel('Stat 1 value').fill('42');
    await sheet.locator('input[type="file"]').setInputFiles({ name: 'lawn.png', mimeType: 'image/png', buffer: PNG });
    await expect(sheet.getByRole('img', { name: "The award's picture" })).toBeVisible();
    await sheet.getByRole('button', { name: 'Create award' }).click();
    const edit = page.getByRole('dialog', { name: title });
    await expect(edit.getByRole('img', { name: "The award's picture" })).toHaveAttribute('src', /^\/files\/award-images\/awards\/[0-9a-f-]{36}\/image\?v=/);
    await expect(edit.getByRole('region', { name: 'History' })).toContainText('Created');
    await edit.getByRole('button', { name: 'Close' }).first().click();
    await expect(edit).toHaveCount(0);

    // The public gallery has it at once, in its category, with its picture.
    const gallery = await page.context().newPage();
    await gallery.goto(`/gallery?search=${encodeURIComponent(title)}`);
    await expect(gallery.getByText('Found 1 award(s)')).toBeVisible();
    const card = gallery.getByTestId('award-card').filter({ hasText: title });
    await expect(card).toContainText('Edges trimmed. Neighbours humbled.');
    await expect(card.locator('img')).toHaveAttribute('src', /\/files\/award-images\/awards\//);
    await expect(gallery.getByTestId('category-badge').filter({ hasText: categoryName })).toBeVisible();

    // Deactivated in bulk (with a confirmation), it leaves the gallery.
    await page.getByRole('searchbox', { name: 'Search' }).fill(title);
    await expect(page.getByRole('status').filter({ hasText: /^1 award matching/ })).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${title}` }).check();
    await page.getByRole('group', { name: 'With the selected awards' }).getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate 1 award?' });
    await confirm.getByRole('button', { name: 'Deactivate 1' }).click();
    await expect(toasts(page)).toContainText('1 award deactivated');
    await expect(page.getByTestId('admin-award-row').filter({ hasText: title })).toContainText('Inactive');
    await gallery.goto(`/gallery?search=${encodeURIComponent(title)}`);
    await expect(gallery.getByText('Found 0 award(s)')).toBeVisible();

    // Exported (what the filters show), edited, imported: the preview says what changes, the import does it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^awards-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('title,description,stats,tagline,category_slug,is_active,sort_order');
    expect(lines[1]).toContain(`"${title}","For a lawn mown in stripes visible from low orbit.","Stripes 42","Edges trimmed. Neighbours humbled."`);
    expect(lines[1]).toMatch(/,false,900$/);
    const edited = testInfo.outputPath('awards-edited.csv');
    await writeFile(edited, csv.replace('Edges trimmed. Neighbours humbled.', 'Edges trimmed, "lovingly".'.replace(/"/g, '""')).replace(/,false,900\n$/, ',true,900\n'));

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import awards from CSV' });
    await importer.getByLabel('CSV file').setInputFiles(edited);
    await expect(importer.getByRole('status').filter({ hasText: '1 row: 0 new, 1 to update, 0 unchanged.' })).toBeVisible();
    const row = importer.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Update');
    await expect(row).toContainText('Changes tagline, is_active');
    await expect(row.getByRole('cell').first()).toHaveText('2');
    await importer.getByRole('button', { name: 'Import 1 award' }).click();
    await expect(toasts(page)).toContainText('Awards imported');
    await expect(importer).toHaveCount(0);
    await expect(page.getByTestId('admin-award-row').filter({ hasText: title })).toContainText('Active');

    await gallery.goto(`/gallery?search=${encodeURIComponent(title)}`);
    await expect(gallery.getByTestId('award-card').filter({ hasText: title })).toContainText('Edges trimmed, "lovingly".');

    // Its history tells the whole story, newest first.
    await page.getByRole('button', { name: title }).click();
    const history = page.getByRole('dialog', { name: title }).getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem').first()).toContainText('Changed by a CSV import');
    await expect(history).toContainText('Changed in a bulk action');
    await expect(history).toContainText('Tagline: Edges trimmed. Neighbours humbled. → Edges trimmed, "lovingly".');
  });
});
