/** Questions shown on the home page and published as FAQPage structured data. */
export const faq: { question: string; answer: string }[] = [
  {
    question: 'Are these real awards?',
    answer:
      'They are real certificates for unreal achievements. No institution recognises them, which is exactly why they mean so much.',
  },
  {
    question: 'How much does it cost to nominate someone?',
    answer:
      'Nothing. Making, customising and sharing a certificate is free. You only pay if you want it printed and shipped.',
  },
  {
    question: 'How long does delivery of a printed certificate take?',
    answer:
      'Standard delivery takes 7–14 business days worldwide. Express options are offered at checkout where the carrier supports them.',
  },
  {
    question: 'Can the person I nominate say no?',
    answer:
      'Yes. Nominees can accept or decline from their claim link. Declining is one click, it is final, and the certificate disappears from public view.',
  },
  {
    question: 'Is my nomination public?',
    answer:
      'Only if you choose so when you nominate, and only once the nominee accepts it: until then it is not on the community wall. Private certificates are seen only by people who have the link.',
  },
];
