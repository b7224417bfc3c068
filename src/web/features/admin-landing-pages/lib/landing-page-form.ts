import type { AdminLandingPage, LandingPageBody, LandingPagePreviewBody } from '@/contract/landing-pages';

/**
 * The editor's form is the contract's own body schema (landingPageBodySchema, docs/decisions/060): its values are
 * the schema's input, with '' for the empty optional fields so every input stays controlled.
 */
export type LandingForm = LandingPageBody;

export const EMPTY_LANDING_FORM: LandingForm = {
  slug: '',
  title: '',
  meta_description: '',
  hero_heading: '',
  hero_subheading: '',
  hero_image_url: '',
  hero_image_alt: '',
  sections: [{ heading: '', markdown: '' }],
  cta_label: 'Nominate someone',
  cta_kind: 'award_nominate',
  cta_award_id: '',
  cta_product_id: '',
  og_image_url: '',
};

export function formOf(page: AdminLandingPage): LandingForm {
  return {
    slug: page.slug,
    title: page.title,
    meta_description: page.meta_description,
    hero_heading: page.hero_heading,
    hero_subheading: page.hero_subheading,
    hero_image_url: page.hero_image_url ?? '',
    hero_image_alt: page.hero_image_alt,
    sections: page.sections.map((s) => ({ heading: s.heading, markdown: s.markdown })),
    cta_label: page.cta_label,
    cta_kind: page.cta_kind,
    cta_award_id: page.cta_award_id ?? '',
    cta_product_id: page.cta_product_id ?? '',
    og_image_url: page.og_image_url ?? '',
  };
}

/** What the preview sends: the form as it stands, unfinished fields and all (the address is not needed). */
export function previewBodyOf(values: Partial<LandingForm>): LandingPagePreviewBody {
  return {
    title: values.title ?? '',
    meta_description: values.meta_description ?? '',
    hero_heading: values.hero_heading ?? '',
    hero_subheading: values.hero_subheading ?? '',
    hero_image_url: values.hero_image_url ?? '',
    hero_image_alt: values.hero_image_alt ?? '',
    sections: (values.sections ?? []).map((s) => ({ heading: s?.heading ?? '', markdown: s?.markdown ?? '' })),
    cta_label: values.cta_label ?? '',
    ...(values.cta_kind ? { cta_kind: values.cta_kind } : {}),
    cta_award_id: values.cta_award_id ?? '',
    cta_product_id: values.cta_product_id ?? '',
    og_image_url: values.og_image_url ?? '',
  };
}
