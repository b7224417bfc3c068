import { describe, expect, it } from 'vitest';
import { landingPageBodySchema, landingPagePatchSchema, RESERVED_LANDING_SLUGS, slugFromTitle } from './landing-pages';

const valid = {
  slug: 'office-olympics',
  title: 'Office Olympics',
  meta_description: 'Medals for the office.',
  hero_heading: 'Let the games begin',
  cta_label: 'Nominate',
  cta_kind: 'award_nominate',
  cta_award_id: '0b5e6a1c-6a0e-4c55-9f3b-3b7a1f0e2d11',
} as const;

describe('landing page contract', () => {
  it.each([
    ['Office Olympics 2027', 'office-olympics-2027'],
    ['Crème brûlée & Friends: the Office Bake-Off!', 'creme-brulee-and-friends-the-office-bake-off'],
    ['  --Reply—All   Season--  ', 'reply-all-season'],
    ['日本語', ''],
    ['x'.repeat(100), 'x'.repeat(80)],
    [`${'a'.repeat(79)} b`, 'a'.repeat(79)],
  ])('suggests a slug for %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('fills the optional fields of a new page and refuses a reserved address', () => {
    expect(landingPageBodySchema.parse(valid)).toMatchObject({ hero_subheading: '', hero_image_url: null, sections: [], cta_product_id: null, og_image_url: null });
    for (const slug of RESERVED_LANDING_SLUGS) expect(landingPageBodySchema.safeParse({ ...valid, slug }).success, slug).toBe(false);
  });

  it('leaves out of a change what it does not name (no defaults in a PATCH)', () => {
    expect(landingPagePatchSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(landingPagePatchSchema.parse({ hero_image_url: '' })).toEqual({ hero_image_url: null });
  });

  it('takes only pictures from this site or https', () => {
    for (const url of ['/files/award-images/landing-pages/a.png', 'https://cdn.example/a.png', '']) {
      expect(landingPageBodySchema.safeParse({ ...valid, hero_image_url: url }).success, url).toBe(true);
    }
    for (const url of ['javascript:alert(1)', '//evil.example/a.png', 'http://plain.example/a.png', '/\\evil.example', 'data:image/png;base64,AAAA', 'a.png']) {
      expect(landingPageBodySchema.safeParse({ ...valid, hero_image_url: url }).success, url).toBe(false);
    }
  });
});
