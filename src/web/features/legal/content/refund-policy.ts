import type { PolicyDocument } from './types';

export const refundPolicy: PolicyDocument = {
  slug: 'refund-policy',
  title: 'Refund Policy',
  summary:
    'Cancellations, free reprints and refunds for {brand} prints: damaged, misprinted or lost orders, delivery times and how refunds are paid.',
  updated: '2026-11-22',
  intro:
    'Every {brand} print is made for one person, about one very specific achievement. That makes it hard to resell and easy to get right the first time, and if we do not get it right, we fix it. This policy explains cancellations, reprints and refunds. It is part of our Terms of Service and does not reduce your legal rights as a consumer.',
  sections: [
    {
      heading: 'Made to order',
      paragraphs: [
        'We do not keep stock. When you order a print, our print-on-demand partner prints it from the certificate you designed, with the names and wording you entered, and sends it to the address you gave. Please check spelling and the delivery address before you pay: we print what you wrote.',
      ],
    },
    {
      heading: 'Delivery times',
      paragraphs: [
        'We ship worldwide. Standard delivery usually takes 7–14 business days from order to door. Express options, with their own estimates and prices, are shown at checkout. These are estimates: customs checks, public holidays and local postal services can add a few days.',
        'We e-mail you a tracking link when your order is dispatched. If you have an account, you can also follow the order on its status page.',
      ],
    },
    {
      heading: 'Cancelling an order',
      paragraphs: [
        'You can cancel an order within 2 hours of placing it, before production starts, and get a full refund, shipping included. Reply to your order confirmation or write to {email} with your order number.',
        'After that, the order is usually already being printed, so we cannot cancel it. If you spot a mistake later, write to us anyway: if production has not started yet, we will do our best to correct it.',
      ],
    },
    {
      heading: 'Damaged or misprinted prints',
      paragraphs: [
        'If your print arrives damaged, is misprinted (for example smudged, cut off, or different from the certificate you ordered), or is the wrong item, tell us within 30 days of delivery. Send your order number and a photo of the problem, and of the packaging if it was damaged in transit, to {email}.',
        'You choose: a free reprint, sent again at no cost, or a full refund, shipping included. You do not need to send the damaged print back.',
        'Small differences between colours on screen and on paper are normal and are not a misprint.',
      ],
    },
    {
      heading: 'Lost parcels',
      paragraphs: [
        'If your parcel has not arrived 30 business days after dispatch, please tell us. We will check with the carrier and then send a free replacement or give you a full refund, shipping included, whichever you prefer.',
        'If tracking says the parcel was delivered but you cannot find it, please check with neighbours, your building’s reception and the local delivery office first. If it still does not turn up, write to us and we will help.',
      ],
    },
    {
      heading: 'The 14-day right to change your mind',
      paragraphs: [
        'In the UK and the EU, consumers usually have 14 days to change their mind about something bought online. The law makes an exception for goods made to the customer’s specifications or clearly personalised, and every {brand} print is: it carries the names and wording you chose. So this right does not apply to our prints, and we cannot take them back or refund them because you changed your mind. (In the UK this is regulation 28(1)(b) of the Consumer Contracts Regulations 2013; in the EU, Article 16(c) of the Consumer Rights Directive.)',
        'We know that sounds stern, which is why we give you the 2-hour cancellation window above. It also does not affect your other rights: a print that is faulty, damaged or not as described is always our responsibility. If we ever sell an item that is not personalised, the usual 14-day right applies to it and its product page will say so.',
      ],
    },
    {
      heading: 'Digital certificates',
      paragraphs: [
        'Creating, customising and sharing a digital certificate is free, so there is nothing to refund. If you were ever charged for something you did not expect, write to {email} and we will look into it straight away.',
      ],
    },
    {
      heading: 'How refunds are paid',
      paragraphs: [
        'Refunds go back to the card you paid with, in the currency you paid in, and we do not charge any fee. We send a refund as soon as we agree it, and in any case within 14 days. It normally appears on your statement within 5–10 business days, depending on your bank. If your card is in another currency, the amount you see may differ slightly because of your bank’s exchange rates.',
        'If you have a problem with an order, please contact us before disputing the payment with your bank. It is usually faster for everyone.',
      ],
    },
    {
      heading: 'What we cannot refund',
      paragraphs: [
        'We will always try to help, but we cannot refund or reprint for free in these cases:',
      ],
      list: [
        'A spelling mistake or wording that was in the certificate when you ordered it (we printed what you wrote). We can reprint with the corrected text at a reduced price.',
        'A parcel returned or lost because the delivery address was wrong or incomplete. We can reprint and resend it at cost price.',
        'Import duties or local taxes charged by the destination country, or a parcel returned because the recipient refused to pay them.',
        'A print you no longer want after production has started (see the 14-day right above).',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        'For cancellations, reprints and refunds, write to {email} with your order number. We reply within 2 business days. Nothing in this policy affects your statutory rights.',
      ],
    },
  ],
};
