import sanitizeHtml from 'sanitize-html';
import type { MailLink } from '@/contract/admin-mail';

/** A URL written out in plain text; trailing punctuation of the sentence around it is not part of it. */
const TEXT_URL = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/** The URL in its canonical spelling when it is an http(s) address, else null (javascript:, mailto:, junk). */
function httpUrl(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Each `<a href>` of the HTML with its words, entities decoded, by an HTML parser (sanitize-html's) rather than a regex. */
function htmlAnchors(html: string): { href: string; label: string }[] {
  const found: { href: string; label: string }[] = [];
  sanitizeHtml(html, {
    allowedTags: ['a'],
    allowedAttributes: { a: ['href'] },
    // Other schemes lose their href here, so they are never offered as a link.
    allowedSchemes: ['http', 'https'],
    exclusiveFilter(frame) {
      if (frame.tag === 'a' && frame.attribs.href) found.push({ href: frame.attribs.href, label: frame.text.replace(/\s+/g, ' ').trim() });
      return false;
    },
  });
  return found;
}

/**
 * The links a mail carries, as a reader would follow them: every http(s) address of the HTML's links and of the
 * plain text, once each (the layout writes each link in both), in the order they first appear — HTML first, for its
 * words. `publicUrl` tells which ones lead back into the shop (a verification link, a claim link).
 */
export function mailLinks(text: string, html: string | null, publicUrl: string): MailLink[] {
  const origin = new URL(publicUrl).origin;
  const links = new Map<string, MailLink>();
  const add = (raw: string, label: string | null) => {
    const url = httpUrl(raw);
    if (!url) return;
    const known = links.get(url);
    if (known) {
      if (!known.label && label) known.label = label;
      return;
    }
    links.set(url, { url, label: label || null, internal: new URL(url).origin === origin });
  };
  if (html) for (const a of htmlAnchors(html)) add(a.href, a.label);
  for (const match of text.matchAll(TEXT_URL)) add(match[0].replace(TRAILING, ''), null);
  return [...links.values()];
}
