import type { PolicyDocument } from './types';

export const privacyPolicy: PolicyDocument = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  summary:
    'What personal data {brand} collects, why, who we share it with, how long we keep it, and how to access, download or delete it.',
  updated: '2026-11-22',
  intro:
    'Our certificates are not serious. Your personal data is. This policy explains, in plain words, what we collect when you use {brand}, why we collect it, who helps us handle it, how long we keep it and what you can ask us to do with it. It applies to our website, our e-mails and our orders, whether or not you have an account, and it also covers people who have been nominated by someone else.',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        '{brand} is run by {brand}, a subsidiary of {company}. We are the “controller” of the personal data described here: we decide why and how it is used.',
        'For any question about this policy or your data, write to {email}. A person, not a bot, reads that inbox.',
      ],
    },
    {
      heading: 'What we collect',
      paragraphs: [
        'We collect only what we need to run the site, make and deliver your orders, keep things secure and, if you allow it, understand how the site is used. We do not ask for sensitive information such as health, beliefs or ethnicity, and we ask you not to put any into a nomination.',
      ],
      list: [
        'Account details: your name, e-mail address and password. Passwords are stored only as a salted hash, so nobody at {brand} can read them. If you sign in with Google, Google tells us your name, e-mail address and a Google account identifier; we never see your Google password.',
        'Nominations and certificates: the award you chose, the wording and design you customised, the name you give as nominator, the nominee’s name and, if you enter it, the nominee’s e-mail address, and whether you made the nomination public. We also record whether the nominee claimed or declined it.',
        'Quiz answers: used to suggest an award. They are linked to you only if you are signed in.',
        'Orders: the items you bought, prices, the delivery name and address (and a phone number if you give one, because some carriers ask for it), your e-mail address for the receipt and shipping updates, and the order’s production and tracking status.',
        'Payments: card payments are handled by our card payment processor. We never see or store your full card number or security code. We receive only a payment reference, the amount, the result, and limited card details such as the brand, the last four digits and the expiry date.',
        'Messages and bug reports: what you write to us. If you use “Report Bug”, the report holds the title, description and steps you type, the severity, the page address, the last 50 lines of the browser console, your screen size, browser details and the time, plus any screenshot or screen recording you attach and your e-mail address if you give one. Please check screenshots for personal details before you send them.',
        'Analytics, only if you allow it: the pages you view, the referring page, your browser and device type, and events such as starting a nomination. If you are signed in, we also record when your session starts and a periodic “still active” signal (at most once every 30 seconds), linked to your account.',
        'Security and server records: like every website, our servers log requests (IP address, time, page, browser details). For security we also record sign-in attempts (the e-mail address tried, the time and whether it succeeded, to enforce our limit of five attempts per 15 minutes) and security events such as failed sign-ins, failed sign-ups and blocked sign-in attempts, with the e-mail address and browser details involved.',
        'Cookies and local storage: see the section on cookies below and our Cookie Policy.',
      ],
    },
    {
      heading: 'If someone nominated you',
      paragraphs: [
        'Nominations are, by design, made by someone else, so we may hold your name, and perhaps your e-mail address, without you having given them to us. The person who nominated you gave them to us. We use your e-mail address only to send you the claim link and messages about that nomination. We never use it for marketing and never sell it.',
        'Each certificate has its own page that anyone with its link can open, and it appears on our public community wall only if the nominator chose to make it public. You are in charge of what happens next: you can claim the award, or decline it with one click on the claim page. Declining is final. It removes the certificate from public view, including its page and the community wall, and no new prints can be ordered.',
        'If you do not have the claim link, or you would like us to delete your details altogether, write to {email} with the certificate link or number. We will remove the certificate from public view straight away and delete your details within 30 days. We cannot recall prints that were already delivered.',
        'If you are a nominator, please nominate only people you know and who would take the joke in good humour, and only give us their e-mail address if you are happy for us to send them one message about it.',
      ],
    },
    {
      heading: 'Why we use your data and our lawful bases',
      paragraphs: [
        'Data protection law (the GDPR in the EU and the UK GDPR in the United Kingdom) requires a lawful basis for each use of personal data. Ours are:',
      ],
      list: [
        'Providing your account, nominations, certificates, orders, delivery, receipts and shipping updates: necessary to perform our contract with you.',
        'Sending a nominee the claim link and honouring their claim or decline: our legitimate interest in delivering the service a nominator asked for, balanced by the nominee’s ability to decline or have their details deleted at any time.',
        'Keeping the site and accounts secure, limiting sign-in attempts, preventing fraud and abuse, and moderating public content: our legitimate interest in protecting our users and ourselves.',
        'Fixing bugs and answering messages and complaints: our legitimate interest in running a working, helpful service.',
        'Analytics, marketing and preference cookies and the analytics events described above: your consent, which you can withdraw at any time in Cookie Preferences.',
        'Keeping order, payment and tax records: our legal obligations under tax and accounting law.',
        'Defending or bringing legal claims: our legitimate interest in doing so.',
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'We do not sell your personal data, and we do not let anyone else use it for their own advertising. We share it only with service providers who help us run {brand}, each bound by a contract to use it only on our instructions and to keep it safe, and only as much as each one needs:',
      ],
      list: [
        'Our card payment processor, which takes your payment and screens it for fraud. For fraud prevention and to meet its own legal duties it may also act as an independent controller under its own privacy policy.',
        'Our print-on-demand partner, which prints and dispatches your order. It receives the print file (which shows the certificate’s wording and names) and the delivery name, address and phone number.',
        'Postal services and couriers, including those in the destination country, which receive the delivery details needed to deliver your parcel and, for express services and customs, sometimes your phone number or e-mail address.',
        'Hosting, database, file storage and e-mail delivery providers, which store our data and send our e-mails.',
        'Google, when you choose to sign in with Google, and, only if you allow Analytics or Marketing cookies, for website analytics and advertising measurement.',
        'Professional advisers, such as accountants and lawyers, under a duty of confidentiality.',
        'Public authorities, courts or the police, where the law requires it, or to protect someone’s safety or our legal rights.',
        'A buyer or successor, if {brand} or {company} is reorganised or sold, who would have to keep treating your data as this policy says.',
      ],
    },
    {
      heading: 'International transfers',
      paragraphs: [
        'We ship worldwide and some of our providers work outside the United Kingdom and the European Economic Area, for example in the United States. When your data leaves the UK or the EEA, we make sure it stays protected: either the destination has been recognised as giving adequate protection (such as under the UK–US data bridge or the EU–US Data Privacy Framework for certified companies), or we use the standard contractual clauses approved by the European Commission together with the UK’s International Data Transfer Addendum, plus any extra safeguards needed.',
        'When you send a print to another country, the delivery details necessarily travel to the postal and customs services of that country so the parcel can reach its recipient.',
        'You can ask {email} for more information about these safeguards.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We keep personal data only as long as we need it for the purposes above, then delete or anonymise it. Deleted data also leaves our encrypted backups within 35 days.',
      ],
      list: [
        'Account details: while your account is open. When you delete your account, we delete them within 30 days.',
        'Nominations and certificates: until the nominator deletes them, the nominee declines them, or the account that made them is deleted. A declined certificate leaves public view at once, and the nominee’s details are deleted within 30 days.',
        'A nominee’s e-mail address: 90 days after we send the claim link if the award is not claimed; if it is claimed, while the certificate exists.',
        'Orders, receipts and payment records: 7 years from the end of the financial year of the order, because tax and accounting law requires it. If you delete your account, these records are kept but detached from it and anonymised as far as the law allows.',
        'Delivery names, addresses and phone numbers: 2 years after delivery, to handle reprints, lost parcels and disputes; after that we keep only the destination country with the order record.',
        'Messages to us: 3 years after our last exchange.',
        'Bug reports, including screenshots, recordings, console logs and any e-mail address: 12 months after they are submitted.',
        'Analytics events: 14 months, after which only anonymous totals remain.',
        'Sign-in attempt records used for rate limiting: 30 days.',
        'Security events such as failed sign-ins and blocked sign-in attempts: 90 days, or longer if they are part of an investigation into an incident.',
        'Server request logs: 30 days.',
        'Records of e-mails we sent (recipient, subject, time, delivery status): 90 days.',
      ],
    },
    {
      heading: 'Your rights and how to use them',
      paragraphs: [
        'Wherever you live, you can ask us what we hold about you and ask us to correct or delete it. If the GDPR or UK GDPR applies to you, you have these rights in law:',
      ],
      list: [
        'Access: get a copy of your personal data. Signed-in users can download it at any time as a JSON file from their account page (/account).',
        'Portability: receive the data you gave us in a machine-readable format; the JSON download is that format.',
        'Rectification: correct inaccurate data. You can change most details on /account, or write to us.',
        'Erasure: have your data deleted. You can delete your account on /account; we then delete your account data as described above, keeping only anonymised order records that the law requires. Nominees can decline a nomination or write to us.',
        'Objection: object to uses based on our legitimate interests. We will stop unless we have compelling reasons that override yours, or need the data for a legal claim.',
        'Restriction: ask us to pause using your data while a question about it is settled.',
        'Withdrawing consent: change your Cookie Preferences at any time; this does not affect what happened before.',
        'Complaint: you can complain to a data protection supervisory authority. In the UK that is the Information Commissioner’s Office (ico.org.uk); in the EU, the authority in the country where you live or work. We would appreciate the chance to put things right first.',
      ],
    },
    {
      heading: 'California and other US state privacy rights',
      paragraphs: [
        'If you live in California, the California Consumer Privacy Act (CCPA) gives you the right to know what personal information we collect, use and disclose; to delete it; to correct it; to opt out of its sale or sharing; and not to be treated differently for using these rights. Residents of other US states with similar laws can use the same rights.',
        'In the past 12 months we collected the categories described in “What we collect”: identifiers (name, e-mail, IP address), customer records (delivery address and phone), commercial information (orders), internet activity (analytics and logs, with consent where required), and account log-in details. We collect them from you, from nominators, from Google when you sign in with it, and from your device, for the purposes described in this policy, and disclose them only to the service providers listed above.',
        'We do not sell personal information, and we do not share it for cross-context behavioural advertising unless you turn on Marketing cookies. If your browser sends a Global Privacy Control signal, we treat it as a request to opt out. We use account log-in details only to let you sign in, so there is nothing to limit. We do not knowingly sell or share the personal information of anyone under 16.',
        'To make a request, use /account or write to {email}. We will confirm your identity (for example, by e-mail to the address we hold) and answer within 45 days. An authorised agent may act for you with your signed permission.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        '{brand} is not directed at children under 16, and they may not create an account, place an order or make a nomination. We do not knowingly collect their personal data. If you believe a child has given us personal data, write to {email} and we will delete it.',
        'Parents and guardians sometimes nominate their own children for an award. Please keep such certificates private and do not include a child’s e-mail address.',
      ],
    },
    {
      heading: 'Cookies and security',
      paragraphs: [
        'We use a small number of cookies and browser storage items that the site needs to work, such as your sign-in session, protection against forged requests and a record of your cookie choice. Analytics, marketing and preference cookies are used only if you allow them in Cookie Preferences, which you can open from the footer or your account page at any time. Our Cookie Policy lists every item, what it does and how long it lasts, and explains how Google consent mode respects your choice.',
        'We protect your data with encrypted connections (HTTPS), hashed passwords, secure session cookies that scripts cannot read, limits on sign-in attempts, access restricted to the staff who need it, and a log of every change an administrator makes. No system is perfectly secure; if a breach puts your rights at risk, we will tell you and the relevant authority as the law requires.',
        'We do not make decisions about you based solely on automated processing that have legal or similarly significant effects.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We will update this policy when our service or the law changes, and change the date at the top. If a change matters to you, for example a new use of your data, we will tell you by e-mail or on the site before it takes effect.',
        'Questions, requests or complaints: write to {email}. We answer within one month, or tell you within that month if we need up to two more months for a complex request.',
      ],
    },
  ],
};
