// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/server/test/auth-client';
import { apiFetch } from '@/web/lib/api-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp, toasts } from '@/web/test/render';
import { JobsAdmin } from './jobs-admin';
import { retentionJob } from '@/server/modules/jobs/retention';

let live: LiveApp;
beforeAll(async () => {
  live = await startLiveApp('/admin/jobs');
  const { email, password } = await createUser(live.app, { admin: true });
  await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
});
afterAll(async () => {
  await live?.close();
});

/** A nightly clean-up job that failed all four attempts (made by hand: the real one runs at 03:17 UTC). */
async function failedJob(message: string) {
  const id = (await live.app.jobs.send(retentionJob, {}, { startAfterSeconds: 3600 }))!;
  await live.database.rows(
    sql`update pgboss.job set state = 'failed', retry_count = 3, started_on = now(), completed_on = now(), output = ${JSON.stringify({ message })}::jsonb where id = ${id}`,
  );
  return id;
}

describe('/admin/jobs', () => {
  it('shows a failed job with its attempts and error, filters in the URL, and runs it again with a toast', async () => {
    const id = await failedJob('The database went for a walk');
    const { user } = renderWithApp(<JobsAdmin />, { path: '/admin/jobs?state=failed' });

    // happy-dom is wider than sm: the table is the visible list.
    const row = (await screen.findAllByRole('row')).find((r) => within(r).queryByText(id.slice(0, 8)));
    expect(row).toBeDefined();
    const cells = within(row!);
    expect(cells.getByText('Nightly clean-up')).toBeVisible();
    expect(cells.getByText('Failed')).toBeVisible();
    expect(cells.getByText('4 / 4')).toBeVisible();
    expect(cells.getByText('The database went for a walk')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Failed' })).toBeChecked();
    const queues = within(screen.getByRole('table', { name: 'Jobs per queue and state' }));
    expect(queues.getByText('retention.clean')).toBeVisible();

    await user.click(cells.getByRole('button', { name: `Retry now: Nightly clean-up job ${id.slice(0, 8)}` }));
    expect(await toasts().findByText(`Nightly clean-up job ${id.slice(0, 8)} runs again now`)).toBeVisible();
    expect(live.requests).toContain(`POST /api/admin/jobs/retention.clean/${id}/retry`);
    const [job] = await live.database.rows<{ state: string }>(sql`select state from pgboss.job where id = ${id}`);
    expect(job?.state).not.toBe('failed');
  });

  it('says what to expect when a filter finds nothing', async () => {
    const { user } = renderWithApp(<JobsAdmin />, { path: '/admin/jobs?state=failed&queue=print-shop.advance' });
    expect(await screen.findByText('No failed jobs')).toBeVisible();
    expect(screen.getByText(/A job that fails every attempt stops here/)).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Waiting' }));
    expect(await screen.findByText('Nothing waiting')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveValue('print-shop.advance');
  });
});
