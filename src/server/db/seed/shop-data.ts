import type { ProductKind } from '../schema/products';

/** The seeded catalogue (issue 9): prices in US cents; an admin edits them at /admin/products. */
export interface SeedVariant {
  sku: string;
  name: string;
  size: string;
  finish: string;
  price: number;
  weightGrams: number;
  imageUrl: string;
  requiresShipping: boolean;
}
export interface SeedProduct {
  slug: string;
  name: string;
  description: string;
  kind: ProductKind;
  thumbnailUrl: string;
  variants: SeedVariant[];
}

const frame = (size: 'A4' | 'A3', finish: 'Black' | 'Oak' | 'Gold', price: number): SeedVariant => ({
  sku: `FRAME-${size}-${finish.toUpperCase()}`,
  name: `${size === 'A4' ? 'A4 / Letter' : 'A3'}, ${finish.toLowerCase()} frame`,
  size: size === 'A4' ? 'A4 / Letter (210 × 297 mm)' : 'A3 (297 × 420 mm)',
  finish: `${finish} frame`,
  price,
  weightGrams: size === 'A4' ? 900 : 1400,
  imageUrl: `/products/framed-${finish.toLowerCase()}.svg`,
  requiresShipping: true,
});

export const seedProducts: SeedProduct[] = [
  {
    slug: 'framed-certificate',
    name: 'Framed certificate',
    description:
      'Printed on heavyweight museum paper and mounted behind glass, ready to hang where visitors cannot miss it. Arrives with hanging hardware and an air of unearned authority.',
    kind: 'framed',
    thumbnailUrl: '/products/framed-black.svg',
    variants: [
      frame('A4', 'Black', 5900),
      frame('A4', 'Oak', 6400),
      frame('A4', 'Gold', 6900),
      frame('A3', 'Black', 7900),
      frame('A3', 'Oak', 8400),
      frame('A3', 'Gold', 8900),
    ],
  },
  {
    slug: 'paper-print',
    name: 'Paper print',
    description: 'The certificate on 250 gsm matte archival paper, shipped flat in a rigid mailer so not a single corner is dog-eared. Bring your own frame, or your own fridge magnet.',
    kind: 'print',
    thumbnailUrl: '/products/paper-print.svg',
    variants: [
      { sku: 'PRINT-A4', name: 'A4 / Letter', size: 'A4 / Letter (210 × 297 mm)', finish: 'Matte 250 gsm', price: 2400, weightGrams: 80, imageUrl: '/products/paper-print.svg', requiresShipping: true },
      { sku: 'PRINT-A3', name: 'A3', size: 'A3 (297 × 420 mm)', finish: 'Matte 250 gsm', price: 3400, weightGrams: 140, imageUrl: '/products/paper-print.svg', requiresShipping: true },
    ],
  },
  {
    slug: 'digital-pdf',
    name: 'Digital certificate (PDF)',
    description: 'A print-ready 300 DPI PDF, yours to download the moment you pay. Print it at home, email it to the group chat, or have it laminated at your own risk.',
    kind: 'digital',
    thumbnailUrl: '/products/digital-pdf.svg',
    variants: [
      { sku: 'PDF', name: 'Print-ready PDF', size: 'A4 and Letter', finish: 'Digital download', price: 900, weightGrams: 0, imageUrl: '/products/digital-pdf.svg', requiresShipping: false },
    ],
  },
];

/**
 * The seeded price lists (docs/decisions/134): each variant's shelf price in the shop's other currencies, set by hand
 * the way a shop prices for a market (no exchange rate at checkout): the same figure in euros, a little less in
 * pounds, more in Canadian and Australian dollars. Prices in EUR, GBP and AUD hold their VAT or GST (decision 133).
 */
export function seedPriceList(usd: number): Record<'EUR' | 'GBP' | 'CAD' | 'AUD', number> {
  const whole = (n: number) => Math.round(n / 100) * 100;
  return { EUR: usd, GBP: whole(usd * 0.86), CAD: whole(usd * 1.35), AUD: whole(usd * 1.5) };
}

/** The seeded shop's currencies and its shipping prices in each (a fresh install; an admin's settings are kept). */
export const seedShopCurrencies = {
  currencies: ['EUR', 'GBP', 'CAD', 'AUD'],
  shipping: {
    standard: { label: 'Standard', price: 599, prices: { EUR: 599, GBP: 499, CAD: 799, AUD: 899 }, min_days: 7, max_days: 14 },
    express: { label: 'Express', price: 1999, prices: { EUR: 1999, GBP: 1699, CAD: 2699, AUD: 2999 }, min_days: 3, max_days: 5 },
  },
};
