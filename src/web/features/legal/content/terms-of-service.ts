import type { PolicyDocument } from './types';

export const termsOfService: PolicyDocument = {
  slug: 'terms-of-service',
  title: 'Terms of Service',
  summary:
    'The rules for using {brand}: accounts, nominations and sharing, and what our novelty certificates are and are not.',
  updated: '2026-11-23',
  intro:
    'Every institution needs a rulebook, even one that awards certificates for replying “sounds good” to unread messages. These terms are the agreement between you and us when you use {brand} or make a nomination. They are written to be read, so please read them. If you do not agree with them, please do not use the site.',
  sections: [
    {
      heading: 'Who we are and who can use the site',
      paragraphs: [
        '{brand} is run by {brand}, a subsidiary of {company} (“we”, “us”). You can reach us at {email}.',
        'You must be at least 16 years old to use {brand}, create an account or make a nomination.',
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
        'A nominee is our guest of honour. A public certificate appears on the community wall only after its nominee accepts it. They can accept an award, or decline it with one click on the claim page. Declining is final: the certificate leaves public view, including its page and the community wall. A nominee without the claim link can ask us at {email} to remove a certificate that names them, and we will.',
        'If you see content on {brand} that you think is hurtful or unlawful, please report it to {email} with its link.',
      ],
    },
    {
      heading: 'Your content and the licence you give us',
      paragraphs: [
        'You keep ownership of the words you write. So that we can run the service, you give us a worldwide, non-exclusive, royalty-free licence to store, reproduce, adapt to our certificate designs and display your content, to send it to the people you choose, and to show it on the certificate page, in its files and link previews and, if you made it public and the nominee accepted it, on the community wall. The licence ends when the content is deleted, except for copies already downloaded or shared by others.',
        'We will not use your nomination in our advertising without asking you first.',
      ],
    },
    {
      heading: 'Orders, prices and payment',
      paragraphs: [
        'Making, sharing and downloading certificates is free. In the store you can buy a certificate printed on paper, framed, or as a print-ready PDF.',
        'Prices are shown in the store’s currency before tax. Shipping and, where it applies, tax are added at checkout before you pay, and the total you see at checkout is the amount charged. A discount code applies only if it is valid when you pay, and only one code per order.',
        'You pay by card on the payment page of our payment processor; we never see or store your full card number. Your order is accepted when the payment is confirmed and we send the order confirmation by e-mail, with your order number and a link to follow your order. If a payment fails, no order is accepted and nothing is charged.',
        'When you buy through our one-page offer, your order waits a few minutes before it goes to print, and we show you one one-time offer (and, if you say no thanks, one smaller one), with its price and the time left. Only if you click “Yes, add it” do we add it to the same order and charge its price, plus any tax, to the card you just paid with; our payment processor keeps that card for this purpose. “No thanks” charges nothing, and nothing is charged once the time is up. The addition ships with your order and is covered by our Refund Policy like the rest of it.',
        'While the store runs in test mode, every payment screen says so: it takes only test cards, no money moves and nothing is printed or sent.',
        'We print what you chose, with the names as you typed them: please check them before you pay. Printed orders are usually delivered within 7–14 business days worldwide (sooner with express shipping), to the delivery address you give at checkout. A PDF is yours to download from your order page once it is paid.',
        'If we cannot fulfil an order, we tell you and refund it in full. Cancellations, reprints and refunds are set out in our Refund Policy. An order is always governed by the terms in force when it was placed.',
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
        'The {brand} name and logo, the site, the award titles and texts we wrote, the certificate designs and templates, and the award artwork belong to us or our licensors. You may download your certificates, print them at home, display them and give them away, and sharing a certificate link is welcome. You may not otherwise copy our designs or artwork, sell them or use our brand without written permission.',
        'If you believe something on {brand} infringes your copyright, please follow our DMCA Policy.',
      ],
    },
    {
      heading: 'Disclaimers and limits of liability',
      paragraphs: [
        'We work hard to keep {brand} available and correct, but we provide the site as it is and cannot promise that it will always be available or free of errors. Content written by users is theirs, not ours, and we do not endorse it.',
        'If you are a consumer, we are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care and skill. We are not responsible for loss that was not foreseeable. {brand} is for private use, so we are not liable to consumers for loss of profit, business or business opportunity.',
        'If you use {brand} for business purposes, our total liability is limited to 100 pounds sterling, and we are not liable for indirect or consequential loss.',
        'Nothing in these terms limits or excludes liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights as a consumer.',
      ],
    },
    {
      heading: 'Governing law, changes and contact',
      paragraphs: [
        'These terms are governed by the law of England and Wales, and the courts of England and Wales may hear any dispute. If you live in Scotland or Northern Ireland, you can also bring proceedings in your own courts. If you are a consumer living elsewhere, you keep the protection of the mandatory consumer laws of your country and can bring a claim in your local courts.',
        'We may update these terms when our service or the law changes. We will show the new date at the top and, for changes that matter, tell account holders by e-mail before they take effect.',
        'If any part of these terms is found unenforceable, the rest still applies. If we do not enforce a right straight away, we can still enforce it later.',
        'Questions about these terms: {email}.',
      ],
    },
  ],
};
