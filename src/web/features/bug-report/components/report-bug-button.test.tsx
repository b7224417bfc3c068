// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUG_LIMITS } from '@/contract/bug-reports';
import { renderWithApp } from '@/web/test/render';
import { bugReportErrorMessage } from '../api/create-bug-report';
import { installConsoleBuffer } from '../lib/console-buffer';
import { ReportBugButton } from './report-bug-button';

/** One multipart part as the loopback server read it. */
interface Part {
  name: string;
  filename?: string;
  type?: string;
  value: Buffer;
}
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  parts: Part[];
}

/** Reads a multipart/form-data body: enough for what a browser's FormData sends. */
function parseMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter) + delimiter.length;
  for (;;) {
    const end = body.indexOf(delimiter, start);
    if (end < 0) break;
    const chunk = body.subarray(start + 2, end - 2); // the CRLF after the delimiter, the CRLF before the next
    const split = chunk.indexOf('\r\n\r\n');
    const head = chunk.subarray(0, split).toString('utf8');
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    parts.push({ name, ...(filename !== undefined ? { filename } : {}), ...(type ? { type } : {}), value: chunk.subarray(split + 4) });
    start = end + delimiter.length;
  }
  return parts;
}

// The network boundary: a real HTTP server on 127.0.0.1 that the page's own fetch talks to (same origin), so the
// FormData, headers and CSRF token asserted below are what a browser would put on the wire.
let server: Server;
let origin: string;
const received: Received[] = [];
let answer: (req: Received, res: ServerResponse) => void | Promise<void> = () => undefined;
let uninstallConsole: () => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/api/auth/csrf') {
        res.setHeader('set-cookie', 'certifiable_csrf=test-token; Path=/');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ csrf_token: 'test-token' }));
        return;
      }
      const body = Buffer.concat(chunks);
      const got: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        parts: parseMultipart(body, req.headers['content-type'] ?? ''),
      };
      received.push(got);
      void answer(got, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/store?award=gold`);
  uninstallConsole = installConsoleBuffer();
});
afterAll(async () => {
  uninstallConsole?.();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  received.length = 0;
  answer = () => undefined;
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};
const REPORT_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'cart.png', { type: 'image/png' });
// While the modal dialog is open, Radix hides the rest of the page from the accessibility tree (the toast region
// included; its announcement is a separate live region): find the region even then.
const toasts = () => within(screen.getByRole('region', { name: 'Notifications (F8)', hidden: true }));
const text = (r: Received, name: string) => r.parts.find((p) => p.name === name)?.value.toString('utf8');

async function openByButton() {
  const view = renderWithApp(<ReportBugButton />, { path: '/store' });
  await view.user.click(screen.getByRole('button', { name: 'Report Bug' }));
  expect(await screen.findByRole('dialog', { name: 'Report a bug' })).toBeVisible();
  return view;
}

describe('Report Bug', () => {
  it('opens from the floating button, focused on the title, and closes with Escape', async () => {
    const { user } = await openByButton();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('medium');
    expect(screen.getByLabelText('Your email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Screenshot')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Screen recording')).toHaveAttribute('accept', 'video/*');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Report Bug' })).toHaveFocus());
  });

  it('opens with Ctrl+Shift+B from anywhere on the page', async () => {
    const { user } = renderWithApp(<ReportBugButton />, { path: '/cart' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Control>}{Shift>}B{/Shift}{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Report a bug' })).toBeVisible();
  });

  it('refuses a title of spaces with "Title is required" and sends nothing', async () => {
    const { user } = await openByButton();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Title is required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(received).toHaveLength(0);
  });

  it('checks the attachments before sending: the type, and the size limit', async () => {
    renderWithApp(<ReportBugButton />, { path: '/store' });
    // The browser's picker honours accept=; a file dropped in or picked with "All files" does not.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: 'Report Bug' }));
    await screen.findByRole('dialog', { name: 'Report a bug' });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Attachments');
    await user.upload(screen.getByLabelText('Screenshot'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const huge = new File([new Uint8Array(BUG_LIMITS.videoMaxBytes + 1024 * 1024)], 'tour.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText('Screen recording'), huge);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('“notes.txt” is not an image. Attach a PNG, JPEG, WebP or GIF picture.')).toBeVisible();
    expect(screen.getByText('“tour.mp4” is 26 MB, over the 25 MB limit. Crop or trim it and try again.')).toBeVisible();
    expect(received).toHaveLength(0);

    // Remove lets the file go; the error goes with it once the field is valid again.
    await user.click(screen.getByRole('button', { name: 'Remove tour.mp4' }));
    await waitFor(() => expect(screen.queryByText(/tour\.mp4/)).not.toBeInTheDocument());
  });

  it('sends the report with what the page knows, keeps the fields while sending, then thanks, empties and closes', async () => {
    console.info('cart total recalculated', { items: 2 });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    answer = async (_req, res) => {
      await released;
      json(res, 201, { success: true, id: REPORT_ID, error: null });
    };
    const { user } = await openByButton();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  The cart ate my certificate  ');
    await user.upload(screen.getByLabelText('Screenshot'), png());
    expect(screen.getByText('cart.png')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    // Submitting: the button is disabled and says so; what was typed stays.
    const sending = await screen.findByRole('button', { name: 'Sending report…' });
    expect(sending).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('  The cart ate my certificate  ');
    await waitFor(() => expect(received).toHaveLength(1));
    release();

    expect(await toasts().findByText('Bug report submitted')).toBeVisible();
    expect(toasts().getByText(new RegExp(REPORT_ID))).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // What went over the wire.
    const [sent] = received;
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe('/api/bug-reports');
    expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent!.headers['x-csrf-token']).toBe('test-token');
    expect(sent!.parts.map((p) => p.name).sort()).toEqual(['console_logs', 'metadata', 'page_url', 'screenshot', 'severity', 'title']);
    expect(text(sent!, 'title')).toBe('The cart ate my certificate');
    expect(text(sent!, 'severity')).toBe('medium');
    expect(text(sent!, 'page_url')).toBe(`${origin}/store?award=gold`);
    const logs = JSON.parse(text(sent!, 'console_logs')!) as string[];
    expect(logs.length).toBeLessThanOrEqual(BUG_LIMITS.consoleSent);
    expect(logs.some((l) => /^\[info\] \S+ cart total recalculated \{"items":2\}$/.test(l))).toBe(true);
    const metadata = JSON.parse(text(sent!, 'metadata')!) as { viewport: object; timestamp: string; userAgent: string };
    expect(metadata.viewport).toEqual({ width: window.innerWidth, height: window.innerHeight, devicePixelRatio: window.devicePixelRatio || 1 });
    expect(Number.isNaN(Date.parse(metadata.timestamp))).toBe(false);
    expect(metadata.userAgent).toBe(navigator.userAgent);
    expect(JSON.parse(String(sent!.headers['x-viewport-json']))).toEqual(metadata.viewport);
    const shot = sent!.parts.find((p) => p.name === 'screenshot')!;
    expect(shot.filename).toBe('cart.png');
    expect(shot.type).toBe('image/png');
    expect(shot.value).toEqual(Buffer.from(await png().arrayBuffer()));

    // Opened again: an empty form.
    await user.click(screen.getByRole('button', { name: 'Report Bug' }));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(screen.queryByText('cart.png')).not.toBeInTheDocument();
  });

  it('sends the optional fields when they are filled', async () => {
    answer = (_req, res) => json(res, 201, { success: true, id: REPORT_ID, error: null });
    const { user } = await openByButton();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Gold foil looks beige');
    await user.type(screen.getByRole('textbox', { name: 'What happened?' }), 'It is beige.');
    await user.type(screen.getByRole('textbox', { name: 'Steps to reproduce' }), 'Open the store');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'high');
    await user.type(screen.getByLabelText('Your email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await toasts().findByText('Bug report submitted')).toBeVisible();
    const [sent] = received;
    expect(text(sent!, 'description')).toBe('It is beige.');
    expect(text(sent!, 'steps_to_repro')).toBe('Open the store');
    expect(text(sent!, 'severity')).toBe('high');
    expect(text(sent!, 'reporter_email')).toBe('dana@example.com');
    expect(sent!.parts.some((p) => p.name === 'screenshot' || p.name === 'repro_video')).toBe(false);
  });

  it('stays open with everything typed when the endpoint refuses, saying why after "Edge function error: "', async () => {
    answer = (_req, res) => json(res, 413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'screenshot must be at most 5 MB' } });
    const { user } = await openByButton();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Too big to report');
    await user.type(screen.getByRole('textbox', { name: 'What happened?' }), 'Everything.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await toasts().findByText('Failed to submit bug report')).toBeVisible();
    expect(toasts().getByText('Edge function error: screenshot must be at most 5 MB')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Report a bug' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Too big to report');
    expect(screen.getByRole('textbox', { name: 'What happened?' })).toHaveValue('Everything.');
    expect(screen.getByRole('button', { name: 'Send report' })).toBeEnabled();
  });

  it('says what the network said when the request never arrives', async () => {
    answer = (req, res) => void res.socket?.destroy();
    const { user } = await openByButton();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Offline');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await toasts().findByText('Failed to submit bug report')).toBeVisible();
    expect(toasts().getByText('We could not reach the server. Check your connection and try again.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Offline');
  });

  it('falls back to "Unknown error occurred"', async () => {
    expect(bugReportErrorMessage('a string thrown by someone')).toBe('Unknown error occurred');
    expect(bugReportErrorMessage(new Error(''))).toBe('Unknown error occurred');
    // An answer that is not a success and says nothing.
    answer = (_req, res) => json(res, 200, { success: false, id: null, error: null });
    const { user } = await openByButton();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Mystery');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await toasts().findByText('Edge function error: Unknown error occurred')).toBeVisible();
  });
});
