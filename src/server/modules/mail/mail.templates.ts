import { normaliseLine } from '@/contract/text';
import type { OutgoingMail } from './mail.service';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function layout(opts: { brand: string; greeting: string; lines: string[]; action: { label: string; url: string }; after: string[] }) {
  const text = [
    opts.greeting,
    '',
    ...opts.lines,
    '',
    `${opts.action.label}: ${opts.action.url}`,
    '',
    ...opts.after,
    '',
    `The Committee of ${opts.brand}`,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html><body style="margin:0;background:#fff8ef;font-family:Inter,Segoe UI,Arial,sans-serif;color:#1f1a17">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-family:Georgia,serif;font-size:22px;font-weight:bold;margin:0 0 24px">${escapeHtml(opts.brand)}</p>
${p(opts.greeting)}${opts.lines.map(p).join('')}
<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#c8102e;color:#fff;text-decoration:none;padding:12px 22px;border-radius:999px;font-weight:bold;display:inline-block">${escapeHtml(opts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5f57">Or paste this link into your browser: ${escapeHtml(opts.action.url)}</p>
${opts.after.map(p).join('')}
<p style="margin:24px 0 0;font-size:13px;color:#6b5f57">The Committee of ${escapeHtml(opts.brand)}</p>
</div></body></html>`;
  return { text, html };
}

// Names are cleaned when they are stored; the greeting cleans them again, because a name is text a
// stranger chose and it lands in someone else's inbox.
export function verificationMail(opts: { to: string; name: string; url: string; brand: string }): OutgoingMail {
  return {
    to: opts.to,
    kind: 'verify_email',
    subject: `Confirm your email address for ${opts.brand}`,
    ...layout({
      brand: opts.brand,
      greeting: `Hello ${normaliseLine(opts.name)},`,
      lines: [
        'The Committee has received your application for an account and found it in good order.',
        'One formality remains: confirm that this email address is yours.',
      ],
      action: { label: 'Confirm my email address', url: opts.url },
      after: [
        'The link works for 24 hours. If you did not ask for an account, ignore this message and nothing happens.',
      ],
    }),
  };
}

export function resetPasswordMail(opts: { to: string; name: string; url: string; brand: string }): OutgoingMail {
  return {
    to: opts.to,
    kind: 'reset_password',
    subject: `Choose a new password for ${opts.brand}`,
    ...layout({
      brand: opts.brand,
      greeting: `Hello ${normaliseLine(opts.name)},`,
      lines: [
        'Someone, hopefully you, asked to choose a new password for your account.',
        'Open the link below to choose one. Every device signed in to your account will be signed out.',
      ],
      action: { label: 'Choose a new password', url: opts.url },
      after: [
        'The link works for 1 hour and only once. If you did not ask for this, ignore this message: your password stays as it is.',
      ],
    }),
  };
}
