/**
 * The one look of every mail we send: the brand, a greeting, paragraphs, one button with its link written
 * out, closing lines and the Committee's signature; as plain text and as simple inline-styled HTML.
 * Plain links only: no tracking pixels, no redirecting click trackers.
 */

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text someone typed, made safe for a header line (no line breaks) and a sane length. */
export { oneLine } from '@/contract/text';

export interface Paragraph {
  text: string;
  /** Shown as a quotation (a nomination's citation). */
  quote?: boolean;
  /** Printed line by line (an address block): the text's line breaks are kept. */
  block?: boolean;
}

export function mailLayout(opts: {
  brand: string;
  greeting: string;
  lines: Paragraph[];
  action: { label: string; url: string };
  after: string[];
}): { text: string; html: string } {
  const text = [
    opts.greeting,
    '',
    ...opts.lines.flatMap((l) => [l.quote ? `    "${l.text}"` : l.text, '']),
    `${opts.action.label}: ${opts.action.url}`,
    '',
    ...opts.after.flatMap((l) => [l, '']),
    `The Committee of ${opts.brand}`,
  ].join('\n');
  const p = (l: Paragraph) =>
    l.quote
      ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #c8102e;font-family:Georgia,serif;font-style:italic">${escapeHtml(l.text)}</blockquote>`
      : `<p style="margin:0 0 16px">${l.block ? l.text.split('\n').map(escapeHtml).join('<br>') : escapeHtml(l.text)}</p>`;
  const html = `<!doctype html><html><body style="margin:0;background:#fff8ef;font-family:Inter,Segoe UI,Arial,sans-serif;color:#1f1a17">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-family:Georgia,serif;font-size:22px;font-weight:bold;margin:0 0 24px">${escapeHtml(opts.brand)}</p>
${p({ text: opts.greeting })}${opts.lines.map(p).join('')}
<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#c8102e;color:#fff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold;display:inline-block">${escapeHtml(opts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5f57">Or paste this link into your browser: ${escapeHtml(opts.action.url)}</p>
${opts.after.map((t) => p({ text: t })).join('')}
<p style="margin:24px 0 0;font-size:13px;color:#6b5f57">The Committee of ${escapeHtml(opts.brand)}</p>
</div></body></html>`;
  return { text, html };
}
