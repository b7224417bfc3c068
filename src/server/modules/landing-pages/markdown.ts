import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * A landing page section's Markdown as HTML that is safe to put in a page as is (docs/decisions/102). Two
 * well-kept libraries, one after the other, so that neither alone has to be right:
 *
 * 1. markdown-it with `html: false`: raw HTML in the Markdown (`<script>`, `<iframe>`, `<img onerror=…>`) is
 *    not HTML but text, escaped and shown as written; its link check already refuses javascript:, vbscript:,
 *    file: and data: links.
 * 2. sanitize-html over the result with an allow-list: only the tags Markdown makes, no attribute but href,
 *    src, alt, title and a table cell's alignment; links only http(s), mailto or relative, never
 *    protocol-relative; pictures only from this site.
 *
 * Headings move two levels down (# → h3): the page's hero has the h1 and each section's heading is an h2.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 's', 'del', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading', 'decoding'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Pictures only from this site: an outside address would be blocked by the Content-Security-Policy anyway.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h3',
    h2: 'h4',
    h3: 'h5',
    h4: 'h6',
    h5: 'h6',
    h6: 'h6',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      const { rel: _ignored, ...rest } = attribs;
      return { tagName, attribs: external ? { ...rest, rel: 'noopener noreferrer' } : rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  // A picture whose address was refused has nothing left to show.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), SANITIZE).trim();
}
