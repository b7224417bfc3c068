import { describe, expect, it } from 'vitest';
import { nativeShareData, shareText, shareUrl } from './share-links';

const input = { url: 'https://c.example/certificate/AbCdEfGh12345678', nominee: 'Dana & "Co"', awardTitle: 'Order of the Last Biscuit' };

describe('share links', () => {
  it('builds the X intent with encoded text and url', () => {
    const u = new URL(shareUrl('x', input));
    expect(u.origin + u.pathname).toBe('https://x.com/intent/tweet');
    expect(u.searchParams.get('text')).toBe(shareText(input));
    expect(u.searchParams.get('url')).toBe(input.url);
  });

  it('builds the Facebook sharer with only the url (Facebook reads the page preview)', () => {
    const u = new URL(shareUrl('facebook', input));
    expect(u.origin + u.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect([...u.searchParams.keys()]).toEqual(['u']);
    expect(u.searchParams.get('u')).toBe(input.url);
  });

  it('puts the link inside the WhatsApp text', () => {
    const u = new URL(shareUrl('whatsapp', input));
    expect(u.origin).toBe('https://wa.me');
    expect(u.searchParams.get('text')).toBe(`${shareText(input)} ${input.url}`);
  });

  it('writes mailto with %20, never +, and keeps & and quotes inside the values', () => {
    const href = shareUrl('email', input);
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    expect(href).not.toContain('+');
    expect(href).toContain('Dana%20%26%20%22Co%22');
    const body = decodeURIComponent(href.split('&body=')[1]!);
    expect(body).toContain(input.url);
    expect(href.split('&')).toHaveLength(2);
  });

  it('text names the nominee and the award', () => {
    expect(shareText(input)).toBe('Dana & "Co" has been officially recognised: Order of the Last Biscuit. The committee\'s decision is final.');
  });

  it('says what a quiz result asks it to say instead, everywhere the text goes', () => {
    const quiz = { ...input, text: 'Kim is officially Order of the Last Biscuit. Which award do you deserve?', subject: 'Kim is officially…', linkLabel: 'See the verdict:' };
    expect(new URL(shareUrl('x', quiz)).searchParams.get('text')).toBe(quiz.text);
    expect(new URL(shareUrl('whatsapp', quiz)).searchParams.get('text')).toBe(`${quiz.text} ${quiz.url}`);
    const mail = shareUrl('email', quiz);
    expect(decodeURIComponent(mail.split('&body=')[0]!.slice('mailto:?subject='.length))).toBe(quiz.subject);
    expect(decodeURIComponent(mail.split('&body=')[1]!)).toBe(`${quiz.text}\n\nSee the verdict: ${quiz.url}`);
    expect(nativeShareData(quiz, { share: async () => undefined })).toMatchObject({ title: quiz.subject, text: quiz.text });
  });

  it('offers the native share sheet only where the browser has one', () => {
    expect(nativeShareData(input, {})).toBeNull();
    expect(nativeShareData(input, { share: async () => undefined })).toMatchObject({ url: input.url });
    expect(nativeShareData(input, { share: async () => undefined, canShare: () => false })).toBeNull();
  });
});
