// Kept free of zod so the first page can read it without loading the validation library.

export interface PublicSettings {
  brand_name: string;
  company_name: string;
  support_email: string;
  social: { tiktok: string; x: string; instagram: string };
}

export const DEFAULT_SETTINGS: PublicSettings = {
  brand_name: 'Certifiable',
  company_name: 'Dubious Enterprises Ltd.',
  support_email: 'hello@certifiable.example',
  social: {
    tiktok: 'https://www.tiktok.com/@certifiable',
    x: 'https://x.com/certifiable',
    instagram: 'https://www.instagram.com/certifiable',
  },
};
