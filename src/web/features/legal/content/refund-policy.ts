import type { PolicyDocument } from './types';

/**
 * Says only what is true today (docs/decisions/039): nothing is for sale yet. The store's change
 * adds cancellations, reprints, refunds and delivery times here before the first order is taken.
 */
export const refundPolicy: PolicyDocument = {
  slug: 'refund-policy',
  title: 'Refund Policy',
  summary:
    'Making, sharing and downloading a {brand} certificate is free, so there is nothing to refund. The store is not open yet.',
  updated: '2026-11-22',
  intro:
    'Every refund policy should be this short. Making, sharing and downloading a {brand} certificate costs nothing, and the store is not open yet, so there is nothing to cancel, reprint or refund. This page says so plainly, and it grows before the first print is sold. Nothing here reduces your legal rights as a consumer.',
  sections: [
    {
      heading: 'What you can pay for today',
      paragraphs: [
        'Nothing. Nominating someone, choosing a design, sharing the certificate and downloading it as a PDF or a print-ready image are free, and no page of {brand} asks for card details.',
        'If you were ever charged for something that claims to be {brand}, it was not us. Write to {email} and we will look into it straight away.',
      ],
    },
    {
      heading: 'When the store opens',
      paragraphs: [
        'The store page says it is under construction, and it is. Before it takes its first order, this page will set out cancellations, reprints, refunds and delivery times, and the date above will change. An order will always be governed by the policy in force when it was placed.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about this policy: {email}. Nothing in it affects your statutory rights.'],
    },
  ],
};
