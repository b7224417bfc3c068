import type { PolicyDocument } from './types';

export const dmcaPolicy: PolicyDocument = {
  slug: 'dmca-policy',
  title: 'DMCA Policy',
  summary:
    'How to report copyright infringement on {brand} under the DMCA, how to send a counter-notice, and how we treat repeat infringers.',
  updated: '2026-11-22',
  intro:
    'Satire borrows from life, not from other people’s work. We respect copyright and expect our users to do the same. This policy explains how to tell us about content on {brand} that you believe infringes your copyright, following the US Digital Millennium Copyright Act (DMCA), and what happens afterwards. We handle equivalent notices from rights holders in any country in the same way.',
  sections: [
    {
      heading: 'What this policy covers',
      paragraphs: [
        'It covers content that users add to {brand}, such as nomination text, custom certificate wording and anything else users enter, as it appears on certificate pages, in certificate files and on the community wall.',
        'Our own designs, templates and award artwork are made for {brand}. If you believe any of them infringes your rights, you can use the same process.',
      ],
    },
    {
      heading: 'Before you send a notice',
      paragraphs: [
        'Please check that the content is really yours and is really being used without permission. Short quotations, parody and commentary can be fair use or fall under a similar exception, and the law requires you to consider that before sending a notice.',
        'A DMCA notice is a legal document. We forward a copy of it, including your name, to the person who posted the content. If your complaint is not about copyright, for example a nomination that is hurtful or names you without your consent, please write to {email} instead: we act on those quickly without any legal formalities.',
      ],
    },
    {
      heading: 'How to send a notice of infringement',
      paragraphs: [
        'Send your notice by e-mail to our designated agent at {email}, with “DMCA notice” in the subject line. Under 17 U.S.C. § 512(c)(3), a notice must include all of the following:',
      ],
      list: [
        'A physical or electronic signature of the copyright owner or of a person authorised to act on their behalf.',
        'Identification of the copyrighted work you believe has been infringed, or, if several works are covered by one notice, a representative list of them.',
        'Identification of the material you believe is infringing and that you want removed, with enough information for us to find it, such as the address (URL) of each certificate page or the certificate number.',
        'Your contact details: name, postal address, telephone number and e-mail address.',
        'A statement that you have a good faith belief that use of the material in the manner complained of is not authorised by the copyright owner, its agent or the law.',
        'A statement that the information in the notice is accurate, and, under penalty of perjury, that you are authorised to act on behalf of the owner of the exclusive right that is allegedly infringed.',
      ],
    },
    {
      heading: 'What happens next',
      paragraphs: [
        'When we receive a complete notice, we remove or disable access to the material promptly, normally within 2 business days. We tell the user who posted it, where we can contact them, and send them a copy of the notice so they can respond.',
        'If a notice is missing any of the required elements, we will tell you what is missing; an incomplete notice may not lead to removal.',
      ],
    },
    {
      heading: 'How to send a counter-notice',
      paragraphs: [
        'If your content was removed and you believe it was removed by mistake or because it was misidentified, you can send a counter-notice to {email}, with “DMCA counter-notice” in the subject line. Under 17 U.S.C. § 512(g)(3), it must include:',
      ],
      list: [
        'Your physical or electronic signature.',
        'Identification of the material that was removed or disabled and where it appeared before that, such as its URL or certificate number.',
        'A statement, under penalty of perjury, that you have a good faith belief that the material was removed or disabled as a result of mistake or misidentification.',
        'Your name, postal address and telephone number, and a statement that you consent to the jurisdiction of the US Federal District Court for the judicial district of your address, or, if your address is outside the United States, of any judicial district in which {brand} may be found, and that you will accept service of process from the person who sent the original notice or their agent.',
      ],
    },
    {
      heading: 'After a counter-notice',
      paragraphs: [
        'We forward a complete counter-notice to the person who sent the original notice. Unless they tell us within 10 business days that they have filed a court action to stop the infringement, we restore the material between 10 and 14 business days after we received the counter-notice.',
      ],
    },
    {
      heading: 'Repeat infringers',
      paragraphs: [
        'We close, in appropriate circumstances, the accounts of users who repeatedly infringe copyright. An account that is the subject of valid notices on three separate occasions will normally be closed. Notices that were successfully countered, or withdrawn, do not count.',
      ],
    },
    {
      heading: 'False claims',
      paragraphs: [
        'Under 17 U.S.C. § 512(f), anyone who knowingly and materially misrepresents that material is infringing, or that it was removed by mistake, may be liable for damages, including costs and legal fees. If you are unsure whether content infringes your rights, please consider asking a lawyer before you send a notice.',
      ],
    },
    {
      heading: 'Designated agent and contact',
      paragraphs: [
        'Our designated agent for notices of claimed infringement is the DMCA Agent of {brand}, a subsidiary of {company}, reachable by e-mail at {email}. Please send only copyright notices and counter-notices under these subject lines; other messages to the same address reach our support team in the usual way.',
      ],
    },
  ],
};
