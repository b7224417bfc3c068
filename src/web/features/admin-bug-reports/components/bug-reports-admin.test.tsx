// @vitest-environment happy-dom
import { createRequire } from 'node:module';
import type * as UpngModule from '@pdf-lib/upng';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/server/test/auth-client';
import { apiFetch } from '@/web/lib/api-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { BugReportsAdmin } from './bug-reports-admin';

const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof UpngModule }).default;

/** A real 8×6 PNG: the server reads the bytes, not the name. */
function pngBytes(): Buffer {
  const rgba = new Uint8Array(8 * 6 * 4).fill(200);
  return Buffer.from(UPNG.encode([rgba.buffer], 8, 6, 0));
}

/** A multipart/form-data body built by hand (happy-dom's FormData is the page's, not Node's). */
function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = '----certifiable-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let live: LiveApp;
let reporter = 0;
/** A visitor's report, sent the way the dialog sends it, each from an address of its own (the per-IP limit). */
async function sendReport(fields: Record<string, string>, withScreenshot = false): Promise<string> {
  const body = multipart(
    { severity: 'medium', console_logs: '[]', metadata: '{}', ...fields },
    withScreenshot ? { field: 'screenshot', name: 'shot.png', type: 'image/png', bytes: pngBytes() } : undefined,
  );
  reporter += 1;
  const res = await live.app.inject({
    method: 'POST',
    url: '/api/bug-reports',
    payload: body.payload,
    headers: { 'content-type': body.contentType, 'x-viewport-json': '{"width":390,"height":844,"devicePixelRatio":3}' },
    remoteAddress: `203.0.113.${reporter}`,
  });
  if (res.statusCode !== 201) throw new Error(`create-bug: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

let cartBug: string;
beforeAll(async () => {
  live = await startLiveApp('/admin/bug-reports');
  const { email, password } = await createUser(live.app, { admin: true });
  await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
  cartBug = await sendReport(
    {
      title: 'The cart ate my certificate',
      description: 'I added Gold foil and the cart said it was empty.',
      steps_to_repro: '1. Open the store\n2. Add Gold foil',
      severity: 'critical',
      page_url: 'https://certifiable.test/cart?coupon=none',
      reporter_email: 'dana@example.com',
      console_logs: JSON.stringify(['[info] 2026-11-23T20:00:00.000Z cart loaded', '[error] 2026-11-23T20:00:01.000Z TypeError: items is undefined']),
      metadata: JSON.stringify({ viewport: { width: 390, height: 844, devicePixelRatio: 3 }, timestamp: '2026-11-23T20:00:02.000Z', userAgent: 'Mozilla/5.0 (iPhone) Test' }),
    },
    true,
  );
  await sendReport({ title: 'Quiz font is a bit small', severity: 'low', page_url: 'https://certifiable.test/quiz' });
});
afterAll(async () => {
  await live?.close();
});

describe('/admin/bug-reports', () => {
  it('lists reports like an issue stream, filters in the URL, and triages one in its panel', async () => {
    const { user } = renderWithApp(<BugReportsAdmin />, { path: '/admin/bug-reports' });
    const rows = await screen.findAllByTestId('bug-report-row');
    expect(rows).toHaveLength(2);
    const cart = within(rows.find((r) => within(r).queryByText('The cart ate my certificate'))!);
    expect(cart.getByText('Critical')).toBeVisible();
    expect(cart.getByText('/cart?coupon=none')).toBeVisible();
    expect(cart.getByText('dana@example.com')).toBeVisible();
    expect(cart.getByText('just now')).toBeVisible();
    expect(cart.getByRole('img', { name: 'Has a screenshot' })).toBeInTheDocument();
    expect(cart.getByText('New')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'New 2' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All 2' })).toBeChecked();

    // Severity filter: in the URL, and the list follows.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'low');
    await waitFor(() => expect(screen.getAllByTestId('bug-report-row')).toHaveLength(1));
    expect(screen.getByText('Quiz font is a bit small')).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), '');
    await waitFor(() => expect(screen.getAllByTestId('bug-report-row')).toHaveLength(2));

    // The panel: what was sent, where, by whom.
    await user.click(screen.getByRole('button', { name: 'The cart ate my certificate' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'The cart ate my certificate' }));
    expect(await sheet.findByText('I added Gold foil and the cart said it was empty.')).toBeVisible();
    const log = sheet.getByLabelText('Console log');
    expect(log).toHaveTextContent('[error] 2026-11-23T20:00:01.000Z TypeError: items is undefined');
    expect(sheet.getByText('390 × 844 at 3×')).toBeVisible();
    expect(sheet.getByText('Mozilla/5.0 (iPhone) Test')).toBeVisible();
    expect(sheet.getByRole('link', { name: 'https://certifiable.test/cart?coupon=none' })).toHaveAttribute('href', 'https://certifiable.test/cart?coupon=none');
    const shot = sheet.getByRole('img', { name: 'Screenshot attached to “The cart ate my certificate”' });
    expect(shot).toHaveAttribute('src', expect.stringContaining(`/api/admin/bug-reports/${cartBug}/screenshot`));
    expect(sheet.queryByText('Screen recording')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Current path')).toHaveTextContent('/admin/bug-reports');

    // Triage with a note: the status moves on, the history says so, the tab counts follow.
    await user.type(sheet.getByRole('textbox', { name: 'Note' }), 'Reproduced on an iPhone.');
    await user.click(sheet.getByRole('button', { name: 'Triage' }));
    expect(await sheet.findByText('New → Triaged')).toBeVisible();
    expect(sheet.getByText('Reproduced on an iPhone.')).toBeVisible();
    expect(sheet.getByRole('button', { name: 'Start work' })).toBeVisible();
    expect(live.requests).toContain(`PATCH /api/admin/bug-reports/${cartBug}`);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Triaged 1', hidden: true })).toBeInTheDocument());

    // Any status from the select; saving nothing says so.
    await user.click(sheet.getByRole('button', { name: 'Save' }));
    expect(await sheet.findByText('Pick another status or write a note: there is nothing to save yet.')).toBeVisible();
    await user.selectOptions(sheet.getByRole('combobox', { name: 'Status' }), 'resolved');
    await user.click(sheet.getByRole('button', { name: 'Save' }));
    expect(await sheet.findByText('Triaged → Resolved')).toBeVisible();
    expect(sheet.getByRole('button', { name: 'Reopen' })).toBeVisible();
  });

  it('says what to do next when nothing matches', async () => {
    renderWithApp(<BugReportsAdmin />, { path: '/admin/bug-reports?status=in_progress' });
    expect(await screen.findByText('Nobody is fixing anything')).toBeVisible();
    expect(screen.getByText('Pick a triaged report and press Start work.')).toBeVisible();
  });

  it("runs the endpoint test and reports it as 'Edge function test'", async () => {
    const { user } = renderWithApp(<BugReportsAdmin />, { path: '/admin/bug-reports' });
    await user.click(await screen.findByRole('button', { name: 'Test endpoint' }));
    const region = within(screen.getByRole('region', { name: 'Notifications (F8)' }));
    expect(await region.findByText('Edge function test')).toBeVisible();
    expect(live.requests).toContain('POST /api/admin/bug-reports/test');
  });
});
