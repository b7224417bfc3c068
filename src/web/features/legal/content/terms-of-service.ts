import type { PolicyDocument } from './types';

export const termsOfService: PolicyDocument = {
  slug: 'terms-of-service',
  title: 'Terms of Service',
  summary:
    'The rules for using {brand}: accounts, nominations, orders, printing and delivery, and what our novelty certificates are and are not.',
  updated: '2026-11-22',
  intro:
    'Every institution needs a rulebook, even one that awards certificates for replying “sounds good” to unread messages. These terms are the agreement between you and us when you use {brand}, make a nomination or buy a print. They are written to be read, so please read them. If you do not agree with them, please do not use the site.',
  sections: [
    {
      heading: 'Who we are and who can use the site',
      paragraphs: [
        '{brand} is run by {brand}, a subsidiary of {company} (“we”, “us”). You can reach us at {email}.',
        'You must be at least 16 years old to use {brand}, create an account or make a nomination. To place an order you must be old enough to enter a binding contract where you live, which in most countries means 18; if you are younger, please ask a parent or guardian to order for you.',
        'If you use {brand} on behalf of a company or team, you confirm you may accept these terms for it.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You can use much of {brand} without an account. If you create one, with an e-mail address and password or with Google sign-in, please give accurate details, keep your password to yourself and tell us at {email} if you think someone else has used your account. You are responsible for what happens under your account unless it was not your fault.',
        'You can download your data or delete your account at any time from /account. Our Privacy Policy explains what we keep after that and why.',
      ],
    },
    {
      heading: 'Nominations: the house rules',
      paragraphs: [
        'Our humour roasts the habit, not the person. A nomination should make its nominee laugh, not wince. When you nominate someone, you agree that:',
      ],
      list: [
        'You know the nominee, and you believe they will take the award in good humour.',
        'You use their real name (or the name they go by) and do not pretend to be someone else, including when you sign as nominator.',
        'Nothing you write harasses, bullies, threatens, shames or humiliates anyone, and nothing refers to a person’s body, health, disability, race, ethnicity, religion, gender, sexuality, age or money troubles.',
        'Nothing you write is sexual, hateful, defamatory, illegal, or encourages anything dangerous or illegal.',
        'You do not include private information such as home addresses, phone numbers or anything the nominee would not want shared.',
        'You have the right to use anything you enter, and you do not infringe anyone’s copyright, trade mark or other rights.',
        'You only give us a nominee’s e-mail address if you are happy for us to send them one message about the nomination.',
        'You do not use {brand} to send spam, advertising or bulk nominations, and you do not scrape, overload or try to break into the site.',
        'You only nominate a child if you are their parent or guardian, and you keep that certificate private.',
      ],
    },
    {
      heading: 'Moderation and nominees’ rights',
      paragraphs: [
        'We may hide or remove any nomination, certificate or other content that breaks these rules or that we reasonably believe could hurt someone, and we may suspend or close accounts that break them, repeatedly or seriously. Where we can contact you, we will tell you what we removed and why, and you can ask us to look at it again by writing to {email}.',
        'A nominee is our guest of honour. They can claim an award, or decline it with one click on the claim page. Declining is final: the certificate leaves public view, including its page and the community wall, and no new prints can be ordered. A nominee without the claim link can ask us at {email} to remove a certificate that names them, and we will.',
        'If you see content on {brand} that you think is hurtful or unlawful, please report it to {email} with its link.',
      ],
    },
    {
      heading: 'Your content and the licence you give us',
      paragraphs: [
        'You keep ownership of the words you write. So that we can run the service, you give us a worldwide, non-exclusive, royalty-free licence to store, reproduce, adapt to our certificate designs, display and print your content, to send it to the people you choose, and to show it on the certificate page and, if you made it public, on the community wall and in link previews. The licence ends when the content is deleted, except for prints already made, copies already shared by others and backups that expire in the normal way.',
        'We will not use your nomination in our advertising without asking you first.',
      ],
    },
    {
      heading: 'Orders, prices, taxes and payment',
      paragraphs: [
        'Sharing a certificate online is free. Printed certificates and other products are sold at the prices shown in the store. Before you pay, checkout shows the total: the product price, the shipping cost for the delivery option you chose and any taxes we are required to collect. For deliveries to some countries, import duties or local taxes may be charged to the recipient on arrival; where we know this, we say so at checkout.',
        'Placing an order is an offer to buy. The contract is made when we e-mail you the order confirmation. We may decline or cancel an order, with a full refund, if a price or product was shown in error, if we suspect fraud, if we cannot deliver to the address given, or if the certificate breaks the house rules.',
        'Payment is taken by card through our card payment processor when you place the order. We never see your full card number. If a payment fails or is reversed, we will not print the order.',
        'Cancellations, reprints and refunds are covered by our Refund Policy, which is part of these terms.',
      ],
    },
    {
      heading: 'Printing and delivery',
      paragraphs: [
        'Every print is made to order by our print-on-demand partner from the certificate you designed, so please check names and spelling before you pay: we print what you wrote. Colours on paper can differ slightly from colours on a screen.',
        'We ship worldwide. Standard delivery usually takes 7–14 business days, and express options are shown at checkout with their own estimates. These are estimates, not guarantees, especially where customs are involved. We will e-mail you a tracking link when your order is dispatched.',
        'Please give a complete and correct delivery address. The parcel becomes your responsibility once it is delivered to that address. If it is lost or arrives damaged, our Refund Policy explains what we do.',
      ],
    },
    {
      heading: 'A novelty, not a qualification',
      paragraphs: [
        'Our certificates, awards, seals, signatures, certificate numbers and job titles (such as “Chief Officer of Dubious Honours”) are jokes. They are novelty items for entertainment only. They are not real qualifications, degrees, licences, credentials, official records or endorsements by anyone, and they do not state facts about the nominee.',
        'You must not present a {brand} certificate as a genuine qualification or official document, or use one to mislead anyone. The certificate number and QR code only show that a certificate is a genuine {brand} joke.',
      ],
    },
    {
      heading: 'Our intellectual property',
      paragraphs: [
        'The {brand} name and logo, the site, the award titles and texts we wrote, the certificate designs and templates, and the award artwork belong to us or our licensors. Buying a print gives you the physical item and the right to enjoy, display and give it away; sharing a certificate link is welcome. You may not copy our designs or artwork, resell our products or use our brand without written permission.',
        'If you believe something on {brand} infringes your copyright, please follow our DMCA Policy.',
      ],
    },
    {
      heading: 'Disclaimers and limits of liability',
      paragraphs: [
        'We work hard to keep {brand} available and correct, but we provide the site as it is and cannot promise that it will always be available or free of errors. Content written by users is theirs, not ours, and we do not endorse it.',
        'If you are a consumer, we are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care and skill. We are not responsible for loss that was not foreseeable. Our products are for private use, so we are not liable to consumers for loss of profit, business or business opportunity.',
        'If you use {brand} for business purposes, our total liability for any order is limited to the amount paid for that order, or 100 pounds sterling for anything else, and we are not liable for indirect or consequential loss.',
        'Nothing in these terms limits or excludes liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights as a consumer, such as your right to goods that are as described and of satisfactory quality.',
      ],
    },
    {
      heading: 'Governing law, changes and contact',
      paragraphs: [
        'These terms are governed by the law of England and Wales, and the courts of England and Wales may hear any dispute. If you live in Scotland or Northern Ireland, you can also bring proceedings in your own courts. If you are a consumer living elsewhere, you keep the protection of the mandatory consumer laws of your country and can bring a claim in your local courts.',
        'We may update these terms when our service or the law changes. We will show the new date at the top and, for changes that matter, tell account holders by e-mail before they take effect. An order is always governed by the terms in force when you placed it.',
        'If any part of these terms is found unenforceable, the rest still applies. If we do not enforce a right straight away, we can still enforce it later.',
        'Questions about these terms: {email}.',
      ],
    },
  ],
};
