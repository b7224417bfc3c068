import { describe, expect, it } from 'vitest';
import { pickCategory } from './auto-category';
import { slugify, nextFreeSlug } from './award-slugs';
import { formatStats, parseCsv, parseStats, statValue, stringifyAwards } from './awards-csv';

describe('the stats cell', () => {
  it("writes 'key value' pairs joined by commas, quoting only what must be", () => {
    expect(formatStats({ speed: 9000, dignity: 0 })).toBe('speed 9000, dignity 0');
    expect(formatStats({ 'Recipients Reached': 214, Regret: 'Pending' })).toBe('"Recipients Reached" 214, Regret Pending');
    expect(formatStats({})).toBe('');
  });

  it('reads back every stat exactly: spaces, commas, quotes, empty values, unicode, numbers', () => {
    const stats = {
      'Recipients Reached': 214,
      Motto: 'Yes, and "no"',
      'Minutes Saved': -25,
      Pace: 2.5,
      Charge: '1%',
      'First Alarm': '06:00',
      Leading: '007',
      Empty: '',
      'Größe 🏆': 'très « grand »',
      'a,b': 'c,d',
    };
    const cell = formatStats(stats);
    expect(parseStats(cell)).toEqual({ stats });
  });

  it('takes hand-written pairs: the last word is the value, extra spaces and a trailing comma are fine', () => {
    expect(parseStats('speed 9000, dignity 0')).toEqual({ stats: { speed: 9000, dignity: 0 } });
    expect(parseStats('Recipients Reached 214,Regret  Pending, ')).toEqual({ stats: { 'Recipients Reached': 214, Regret: 'Pending' } });
  });

  it('says what is wrong with a bad cell', () => {
    expect(parseStats('speed')).toEqual({ error: expect.stringContaining("'speed' has no value") });
    expect(parseStats('speed 1, speed 2')).toEqual({ error: expect.stringContaining('appears twice') });
    expect(parseStats('"open 1')).toEqual({ error: expect.stringContaining('could not be read') });
  });

  it('reads canonical numbers as numbers and anything else as text', () => {
    expect([statValue('0'), statValue('-25'), statValue('2.5'), statValue('007'), statValue('1e3'), statValue('2.50'), statValue('')]).toEqual([0, -25, 2.5, '007', '1e3', '2.50', '']);
  });
});

describe('the CSV file', () => {
  it('is the spec format: the columns in order, text quoted with doubled quotes, is_active and sort_order bare', () => {
    const csv = stringifyAwards([
      { title: 'The "Best" Award', description: 'Line, with comma', stats: { speed: 9000, dignity: 0 }, tagline: null, category_slug: 'office-work-life', is_active: true, sort_order: 10 },
    ]);
    expect(csv).toBe(
      'title,description,stats,tagline,category_slug,is_active,sort_order\n' + '"The ""Best"" Award","Line, with comma","speed 9000, dignity 0","","office-work-life",true,10\n',
    );
  });

  it("writes text a spreadsheet would run as a formula with a leading ', and reads it back without", () => {
    const award = { title: '=HYPERLINK("http://evil.example","Prize")', description: '-1+2', stats: { '+Power': '=1+1' }, tagline: "'=quoted already", category_slug: '@home', is_active: true, sort_order: -3 };
    const csv = stringifyAwards([award]);
    expect(csv.split('\n')[1]).toBe(`"'=HYPERLINK(""http://evil.example"",""Prize"")","'-1+2","'+Power =1+1","''=quoted already","'@home",true,-3`);
    const cells = parseCsv(csv, 10).records[0]!.cells;
    expect(Object.fromEntries(cells)).toEqual({
      title: award.title,
      description: award.description,
      stats: '+Power =1+1',
      tagline: award.tagline,
      category_slug: award.category_slug,
      is_active: 'true',
      sort_order: '-3',
    });
    expect(parseStats(cells.get('stats')!)).toEqual({ stats: award.stats });
  });

  it('reads records with the line each starts on (quoted line breaks, blank lines, CRLF, a BOM)', () => {
    const text = '\uFEFFtitle,description\r\n"a","multi\r\nline"\r\n\r\nb,c\r\nd,e,f';
    const parsed = parseCsv(text, 10);
    expect(parsed.error).toBeNull();
    expect(parsed.header).toEqual(['title', 'description']);
    expect(parsed.records.map((r) => [r.line, r.cells.get('title'), r.fieldCount])).toEqual([
      [2, 'a', 2],
      [5, 'b', 2],
      [6, 'd', 3],
    ]);
    expect(parsed.records[0]!.cells.get('description')).toBe('multi\nline');
  });

  it('reports a broken quote with its line, and too many rows', () => {
    const broken = parseCsv('title,description\nok,fine\n"never closed,x\nmore,rows\n', 10);
    expect(broken.error).toEqual({ line: expect.any(Number), message: expect.stringContaining('never closed') });
    expect(parseCsv('title\na\nb\nc\n', 2).error?.message).toContain('more than 2 rows');
  });
});

describe('auto_assign_category and slugs', () => {
  const cats = [
    { id: 'kitchen', slug: 'kitchen-cooking', sortOrder: 20, keywords: ['coffee', 'toast', 'cook'] },
    { id: 'office', slug: 'office-work-life', sortOrder: 10, keywords: ['meeting', 'email', 'coffee'] },
    { id: 'pets', slug: 'pets-plants', sortOrder: 90, keywords: ['cat', 'dog'] },
  ];
  it('picks the category whose keywords match most words of the slug; ties by sort order; none → null', () => {
    expect(pickCategory('order-of-the-burnt-toast', cats)).toBe('kitchen');
    expect(pickCategory('master-of-cooking-disasters', cats)).toBe('kitchen');
    expect(pickCategory('the-coffee-meeting-medal', cats)).toBe('office');
    expect(pickCategory('coffee-and-toast', cats)).toBe('kitchen');
    expect(pickCategory('friend-of-all-cats', cats)).toBe('pets');
    expect(pickCategory('category-of-nothing', cats)).toBeNull();
  });
  it('makes slugs from titles and keeps them unique', () => {
    expect(slugify('Reply-All Café & Co.')).toBe('reply-all-cafe-and-co');
    expect(slugify("You're On Mute")).toBe('youre-on-mute');
    expect(slugify('🏆')).toBe('award');
    expect(nextFreeSlug('a', new Set(['a', 'a-2']))).toBe('a-3');
  });
});
