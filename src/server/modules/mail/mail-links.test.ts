import { describe, expect, it } from 'vitest';
import { mailLayout } from './mail-layout';
import { mailLinks } from './mail-links';

const SHOP = 'https://certifiable.test';

describe('mailLinks', () => {
  it('finds the layout’s one link once, with the words of its button', () => {
    const { text, html } = mailLayout({
      brand: 'Certifiable',
      greeting: 'Hello Dana,',
      lines: [{ text: 'You have been nominated & it is "serious".' }],
      action: { label: 'Claim your certificate', url: `${SHOP}/claim/abc?x=1&y=2` },
      after: ['Questions? Visit https://help.example.org/faq.'],
    });
    expect(mailLinks(text, html, SHOP)).toEqual([
      { url: `${SHOP}/claim/abc?x=1&y=2`, label: 'Claim your certificate', internal: true },
      // Only in the text: no words of its own; the full stop of the sentence is not part of it.
      { url: 'https://help.example.org/faq', label: null, internal: false },
    ]);
  });

  it('decodes entities, joins nested words, and keeps only http(s) links', () => {
    const html = [
      '<p><a href="https://certifiable.test/a?b=1&amp;c=2">See <b>your</b> &quot;order&quot;</a></p>',
      '<a href="javascript:alert(1)">Run me</a>',
      '<a href="mailto:help@certifiable.test">Write to us</a>',
      '<a href="data:text/html,hi">Data</a>',
      '<a>No href</a>',
    ].join('');
    expect(mailLinks('Plain text, no link (www.example.org is not one).', html, SHOP)).toEqual([{ url: 'https://certifiable.test/a?b=1&c=2', label: 'See your "order"', internal: true }]);
  });

  it('reads links from plain text alone, in order, without brackets or punctuation around them', () => {
    const text = 'First (https://certifiable.test/one), then https://Example.ORG/two; and again https://certifiable.test/one.';
    expect(mailLinks(text, null, SHOP).map((l) => [l.url, l.internal])).toEqual([
      ['https://certifiable.test/one', true],
      ['https://example.org/two', false],
    ]);
  });
});
