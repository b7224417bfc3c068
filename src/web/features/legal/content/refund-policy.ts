import type { PolicyDocument } from './types';

/**
 * Says only what is true today (docs/decisions/039): what a store order can be cancelled, reprinted or refunded
 * for, how refunds reach the shopper and how long delivery takes.
 */
export const refundPolicy: PolicyDocument = {
  slug: 'refund-policy',
  title: 'Refund Policy',
  summary:
    'Cancellations, reprints and refunds for printed and digital certificates from the {brand} store, and how long a refund takes to reach you.',
  updated: '2026-11-23',
  intro:
    'Making, sharing and downloading a {brand} certificate is free. This page is about what you buy in the store: printed certificates, framed certificates and print-ready PDFs. We keep it short and fair, and nothing here reduces your legal rights as a consumer.',
  sections: [
    {
      heading: 'Changed your mind before it is printed',
      paragraphs: [
        'Write to {email} with your order number as soon as you can. If your order has not gone to print yet, we cancel it and refund it in full to the card you paid with. Your order page shows whether it has.',
        'Once a certificate is printed with the names you chose, it is made to order for you, so we cannot take it back because you changed your mind. Consumer law in the UK and the EU exempts personalised goods from the usual cancellation period for the same reason.',
      ],
    },
    {
      heading: 'Damaged, misprinted or lost',
      paragraphs: [
        'If your certificate arrives damaged, or is not what you ordered (a wrong name, award or frame that you did not choose), send a photo to {email} within 30 days of delivery. We reprint it at no cost or refund it in full, whichever you prefer. You do not need to send it back.',
        'If a printed order has not arrived 30 business days after you paid, write to us and we send a new one or refund it in full.',
        'A PDF that will not open or print properly: tell us and we fix it or refund it.',
      ],
    },
    {
      heading: 'How refunds work',
      paragraphs: [
        'Refunds go back to the card you paid with, through our payment processor. We send you an e-mail when we make one, and your order page shows what was refunded. Depending on your bank, the money reaches your account within 5–10 business days.',
        'We may refund part of an order (for example one damaged frame out of three); the rest of the order goes ahead as planned.',
        'While the store runs in test mode, every payment screen says so and no money moves: a refund there is a rehearsal, and no card sees it.',
      ],
    },
    {
      heading: 'Delivery times',
      paragraphs: [
        'Printed orders are usually delivered within 7–14 business days worldwide with standard shipping, and sooner with express shipping. The options and their prices are shown at checkout before you pay.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about an order or this policy: {email}, with your order number. Nothing in this policy affects your statutory rights.'],
    },
  ],
};
