import { describe, expect, it } from 'vitest';
import { awardIndex, pageAddress } from './page-address';

const AWARD = '709d48ef-d18a-4cd1-a02a-0e9034d5077d';
const index = awardIndex([
  { id: AWARD, slug: 'reply-all' },
  { id: 'd278307d-5c85-465a-a149-39c419db8cfb', slug: 'meeting' },
]);
let lookups = 0;
const awards = async () => {
  lookups += 1;
  return index;
};
const key = async (url: string) => pageAddress(url, awards);

describe('pageAddress (docs/decisions/115)', () => {
  it('names an award’s store page by the award’s id, whatever else the link carries', async () => {
    for (const url of [`/store?award=${AWARD}`, '/store?award=reply-all', `/store?utm_source=x&award=reply-all&fbclid=1`, `/store?award=${AWARD}&b=7`]) {
      expect(await key(url), url).toEqual({ key: `/store?award=${AWARD}`, canonical: true });
    }
    expect(await key('/store?junk=1')).toEqual({ key: '/store', canonical: true });
  });

  it('keeps an award not on offer, a certificate’s store page and repeated awards by what the page reads, not canonical', async () => {
    expect(await key('/store?award=nope&b=1')).toEqual({ key: '/store?award=nope', canonical: false });
    expect(await key('/store?certificate=AbCdEfGh12345678&fbclid=2')).toEqual({ key: '/store?certificate=AbCdEfGh12345678', canonical: false });
    expect(await key('/store?award=reply-all&award=meeting')).toEqual({ key: '/store?award=reply-all&award=meeting', canonical: false });
  });

  it('drops every query from a certificate page and click tags from any page', async () => {
    expect(await key('/certificate/AbCdEfGh12345678?fbclid=IwAR0&x=1')).toEqual({ key: '/certificate/AbCdEfGh12345678', canonical: true });
    expect(await key('/?utm_source=a&utm_medium=b&gclid=c')).toEqual({ key: '/', canonical: true });
    expect(await key('/gallery?search=cat&fbclid=1')).toEqual({ key: '/gallery?search=cat', canonical: false });
    expect(await key('/gallery?search=cat')).toEqual({ key: '/gallery?search=cat', canonical: false });
    expect(await key('/community?sort=newest')).toEqual({ key: '/community?sort=newest', canonical: false });
  });

  it('counts only paths as the site writes them as canonical', async () => {
    expect(await key('/quiz')).toEqual({ key: '/quiz', canonical: true });
    for (const url of ['/GaLLery', '/gallery/', '//gallery', '/gallery%2F']) expect((await key(url)).canonical, url).toBe(false);
  });

  it('looks the awards up only for the store page of an award', async () => {
    lookups = 0;
    await key('/');
    await key('/certificate/AbCdEfGh12345678');
    await key('/gallery?search=x');
    await key('/store');
    expect(lookups).toBe(0);
    await key('/store?award=meeting');
    expect(lookups).toBe(1);
  });
});
