// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory } from '@/contract/admin-awards';
import { createUser } from '@/server/test/auth-client';
import { apiFetch } from '@/web/lib/api-client';
import { getAdminCategories } from '@/web/lib/api/get-admin-categories';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { DeleteCategoryDialog } from './delete-category-dialog';

let live: LiveApp;
beforeAll(async () => {
  live = await startLiveApp('/admin/categories');
  const { email, password } = await createUser(live.app, { admin: true });
  await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
});
afterAll(async () => {
  await live.close();
});

const bySlug = (list: AdminCategory[], slug: string) => list.find((c) => c.slug === slug)!;

describe('DeleteCategoryDialog', () => {
  it('asks where the awards go, refuses to go on without an answer, and moves them to the chosen category', async () => {
    const categories = await getAdminCategories();
    const pets = bySlug(categories, 'pets-plants');
    const home = bySlug(categories, 'home-household');
    let closed = false;
    const { user } = renderWithApp(<DeleteCategoryDialog category={pets} categories={categories} onClose={() => (closed = true)} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete “Pets & Plants”?' });
    expect(dialog).toHaveTextContent(`It holds ${pets.award_count} awards. Say where they go`);
    const group = within(dialog).getByRole('group', { name: 'Where do its awards go?' });
    expect(within(group).getByRole('radio', { name: 'To another category' })).toBeChecked();

    // No category chosen: the dialog says so and nothing is sent.
    const before = live.requests.length;
    await user.click(within(dialog).getByRole('button', { name: `Delete and move ${pets.award_count} awards` }));
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription('Choose where the awards go');
    expect(live.requests.slice(before).filter((r) => r.startsWith('DELETE'))).toEqual([]);

    // The category being deleted is not offered.
    const options = within(within(dialog).getByRole('combobox', { name: 'Category' })).getAllByRole('option').map((o) => o.textContent);
    expect(options).not.toContain('Pets & Plants');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), home.id);
    await user.click(within(dialog).getByRole('button', { name: `Delete and move ${pets.award_count} awards` }));
    await waitFor(() => expect(closed).toBe(true));
    expect(await screen.findByText('“Pets & Plants” deleted')).toBeInTheDocument();
    expect(live.requests.some((r) => r === `DELETE /api/admin/categories/${pets.id}?awards_to=${home.id}`)).toBe(true);
    const after = await getAdminCategories();
    expect(after.find((c) => c.id === pets.id)).toBeUndefined();
    expect(bySlug(after, 'home-household').award_count).toBe(home.award_count + pets.award_count);
  });

  it('can leave the awards without a category (Other Awards)', async () => {
    const categories = await getAdminCategories();
    const sleep = bySlug(categories, 'sleep-procrastination');
    let closed = false;
    const { user } = renderWithApp(<DeleteCategoryDialog category={sleep} categories={categories} onClose={() => (closed = true)} />);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /To no category/ }));
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /^Delete and move/ }));
    await waitFor(() => expect(closed).toBe(true));
    expect(live.requests).toContain(`DELETE /api/admin/categories/${sleep.id}?awards_to=none`);
    const awards = await apiFetch<{ awards: { category_id: string | null; title: string }[] }>('/api/admin/awards', { query: { category_id: 'none' } });
    expect(awards.awards.map((a) => a.title)).toContain('Deferred with Honours');
  });

  it('deletes an empty category without asking where anything goes', async () => {
    const made = await apiFetch<AdminCategory>('/api/admin/categories', { method: 'POST', body: JSON.stringify({ name: 'Empty Shelf' }) });
    let closed = false;
    const { user } = renderWithApp(<DeleteCategoryDialog category={made} categories={await getAdminCategories()} onClose={() => (closed = true)} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete “Empty Shelf”?' });
    expect(within(dialog).queryByRole('group')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    await waitFor(() => expect(closed).toBe(true));
  });
});
