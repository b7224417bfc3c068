import type { PolicyDocument } from './types';

export const privacyPolicy: PolicyDocument = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  summary:
    'What personal data {brand} collects today, why, who we share it with, how long we keep it, and how to access, download or delete it.',
  updated: '2026-11-25',
  intro:
    'Our certificates are not serious. Your personal data is. This policy explains, in plain words, what we collect when you use {brand}, why we collect it, who helps us handle it, how long we keep it and what you can ask us to do with it. It applies to our website and our e-mails, whether or not you have an account, and it also covers people who have been nominated by someone else. It describes the site as it works today. When we add something new, this page changes before the new thing goes live.',
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
        'We collect only what we need to run the site and keep it secure. We do not ask for sensitive information such as health, beliefs or ethnicity, and we ask you not to put any into a nomination.',
      ],
      list: [
        'Account details: your name, e-mail address and password. Passwords are stored only as a salted hash, so nobody at {brand} can read them. If you sign in with Google, Google tells us your name, e-mail address and a Google account identifier; we never see your Google password.',
        'Nominations and certificates: the award you chose, the wording and design you customised, the name you give as nominator, your e-mail address if you give it (we send you a receipt), the nominee’s name and, if you enter it, the nominee’s e-mail address, and whether you made the nomination public. If you are signed in, the nomination is linked to your account. We also record whether the nominee accepted or declined it, and, if they accepted while signed in, their account.',
        'Reactions: when you react to a certificate, we store the reaction with your account or, if you are not signed in, with a scrambled (hashed) copy of a random visitor cookie. Never your name or e-mail address.',
        'E-mails we send: a copy of every e-mail we send (sign-up confirmations, password resets, claim links and receipts), with the recipient, subject, text and whether it was delivered, so we can tell when one went astray.',
        'Orders: when you buy something in the store, your e-mail address, the delivery address and phone number you give at checkout (not needed for a PDF), what you ordered and the names printed on it, the amounts, any discount code, and the history of the order (paid, refunded and so on). If you are signed in, the order is linked to your account. Your cart is kept in your browser and, when you are signed in, with your account, so it follows you to another device.',
        'Payments: you pay on the payment page of our payment processor, which handles your card details. We never see or store your full card number; we keep the processor’s reference for the payment, whether it succeeded and, if it failed, the reason it gave, so we can answer questions and make refunds. When you buy through our one-page offer, the processor also keeps your card on file, so that a one-time offer you accept after paying can be charged with one click; we keep only the processor’s reference to it, never the card itself, and it is charged only when you click “Yes, add it”.',
        'The quiz: your quiz answers, the award they led to, the name you type for the certificate (if you type one), and whether you asked for your result to appear in the public Hall of Fame. We keep no e-mail address, account or IP address with a result, even when you are signed in. Your browser keeps your answers while you take the quiz, and afterwards a random key that lets it take the result out of the Hall of Fame; nothing of this is sent to us before you ask for your verdict. Each result has its own page that anyone with its link can open, with the name on it. Only if you tick the Hall of Fame box are the award and the name listed publicly.',
        'Bug reports: when you use Report Bug, what you write (a title and, if you add them, a description, the steps that led there and your e-mail address), the screenshot or screen recording you attach, and what your browser adds by itself so we can reproduce the problem: the page address, the last 50 lines of the page’s console log (technical messages the page wrote, which can include what was on the page), your screen size and pixel density, your browser’s user-agent string and the time. We also note your IP address, to limit floods of reports, and your account if you are signed in. Only our administrators can see reports and their attachments.',
        'Analytics, only if you allow it: when you turn on Analytics in Cookie Preferences (or select Accept All), your browser sends us the pages you open (the address without anything after “?”, and with secret links such as claim and order links masked), the site that sent you to us (its name only), your browser’s user-agent string, the kind of device (phone, tablet or computer), a random identifier your browser makes up afresh each day, the time, and events such as “started the quiz”, “finished the quiz” (with the award it gave), “made a nomination”, “shared a certificate”, “claimed an award”, “added to cart”, “started checkout”, “completed an order” and the steps of our one-page offer (paid, saw or took an offer). If you are signed in, these are linked to your account, and every 30 seconds at most while you use the site we note that you are active. We store no IP address with them. We run this ourselves: no other company’s analytics tool is involved and nothing is sent to anyone else. Without your consent, nothing is sent.',
        'Messages: what you write to us by e-mail.',
        'Security and server records: like every website, our server logs each request (IP address, time and page). For security we also record sign-in attempts (the e-mail address tried, your IP address, the time and whether it succeeded, to enforce our limit of five failed attempts per 15 minutes) and security events such as failed sign-ins, failed sign-ups and blocked attempts, with the e-mail address, IP address and browser details involved (repeats within 15 minutes are counted in one record). To stop floods of sign-ups, e-mails, nominations, quiz results, previews and reactions, we also note the IP address, or for e-mails the recipient’s address, behind each one for as long as its limit needs it.',
        'Cookies and browser storage: see the section on cookies below and our Cookie Policy.',
      ],
    },
    {
      heading: 'What we do not collect',
      paragraphs: [
        'Some things a shop usually collects are not here, because the features that would need them do not exist yet: there is no marketing e-mail list. We run no advertising and no third-party analytics or tracking tools. When any of these arrive, they are described here first.',
      ],
    },
    {
      heading: 'If someone nominated you',
      paragraphs: [
        'Nominations are, by design, made by someone else, so we may hold your name, and perhaps your e-mail address, without you having given them to us. The person who nominated you gave them to us. We use your e-mail address only to send you the claim link and messages about that nomination. We never use it for marketing and never sell it.',
        'Each certificate has its own page that anyone with its link can open. It appears on our public community wall only if the nominator made it public and you accepted it. Until you accept, it is listed nowhere, and search engines are asked not to index it. You are in charge of what happens next: accept the award, or decline it with one click on the claim page. Declining is final. It removes the certificate from public view, including its page and the community wall, and erases your e-mail address from our records of it at once.',
        'If you do not have the claim link, or you would like us to delete your details altogether, write to {email} with the certificate link or number. We will take the certificate down straight away and delete your name and e-mail address from it.',
        'If you are a nominator, please nominate only people you know and who would take the joke in good humour, and only give us their e-mail address if you are happy for us to send them one message about it.',
      ],
    },
    {
      heading: 'Why we use your data and our lawful bases',
      paragraphs: [
        'Data protection law (the GDPR in the EU and the UK GDPR in the United Kingdom) requires a lawful basis for each use of personal data. Ours are:',
      ],
      list: [
        'Providing your account, nominations, certificates and the e-mails that go with them, and taking, delivering and refunding your orders: necessary to perform our contract with you.',
        'Keeping records of orders and payments: required by tax and accounting law.',
        'Scoring the quiz and showing you, and whoever you send the link to, your result: necessary to provide the quiz you asked for. Listing a result in the public Hall of Fame: your consent, given by ticking the box, which you withdraw by taking it out again from the browser that made it.',
        'Sending a nominee the claim link and honouring their claim or decline: our legitimate interest in delivering the service a nominator asked for, balanced by the nominee’s ability to decline or have their details deleted at any time.',
        'Keeping the site and accounts secure, limiting sign-in attempts, preventing fraud and abuse, and moderating public content: our legitimate interest in protecting our users and ourselves.',
        'Answering messages and complaints: our legitimate interest in running a working, helpful service.',
        'Analytics (the pages you open and the events listed above): your consent, which you give or withdraw in Cookie Preferences. Marketing and preference cookies, if we ever use any: your consent too.',
        'Bug reports: our legitimate interest in finding and fixing what breaks on the site, which is also what you ask for when you send one.',
        'Defending or bringing legal claims: our legitimate interest in doing so.',
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'We do not sell your personal data, and we do not let anyone else use it for their own advertising. We share it only with service providers who help us run {brand}, each bound by a contract to use it only on our instructions and to keep it safe, and only as much as each one needs:',
      ],
      list: [
        'Hosting, database and e-mail delivery providers, which store our data and send our e-mails.',
        'Our payment processor (Stripe), which takes card payments and refunds: it receives your card details directly from you on its payment page, and from us the order number, amount and your e-mail address.',
        'Google, when you choose to sign in with Google. Google tells us who you are; we tell Google nothing else.',
        'Professional advisers, such as accountants and lawyers, under a duty of confidentiality.',
        'Public authorities, courts or the police, where the law requires it, or to protect someone’s safety or our legal rights.',
        'A buyer or successor, if {brand} or {company} is reorganised or sold, who would have to keep treating your data as this policy says.',
      ],
    },
    {
      heading: 'International transfers',
      paragraphs: [
        'Some of our providers, such as Google for sign-in and our payment processor, work outside the United Kingdom and the European Economic Area, for example in the United States. When your data leaves the UK or the EEA, we make sure it stays protected: either the destination has been recognised as giving adequate protection (such as under the UK–US data bridge or the EU–US Data Privacy Framework for certified companies), or we use the standard contractual clauses approved by the European Commission together with the UK’s International Data Transfer Addendum, plus any extra safeguards needed.',
        'You can ask {email} for more information about these safeguards.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We keep personal data only as long as we need it. Some deletions below happen at once, others every night on a schedule. Whatever the period, write to {email} and we delete what you ask us to, unless the law makes us keep it.',
      ],
      list: [
        'Account details: while your account is open. Deleting your account on /account deletes them at once, together with your sessions, your sign-in attempt records and the copies of e-mails we sent to your address. Security events stay as evidence, without your e-mail address.',
        'Nominations and certificates: until our moderators delete them, which they do when the nominee or the nominator asks. If you delete your account, the nominations you made stay, because they belong to their nominees too, but they are no longer linked to you and the e-mail address you gave as nominator is erased.',
        'Orders: kept as long as tax and accounting law requires us to keep sales records (in most countries about ten years), with the e-mail address, delivery address, what was bought and the amounts. If you delete your account, your orders stay for that reason, but are no longer linked to you. Your cart on the account is deleted with it.',
        'A nominee’s e-mail address: erased the moment they decline. Otherwise it stays with the certificate, so that a new claim link can reach them, until the certificate is deleted or they ask us to erase it.',
        'Declined certificates: out of public view at once, for good. The record of the nomination (names and wording) stays, so it cannot quietly come back; ask us and we delete it.',
        'Quiz results: kept so that their links go on working. A result leaves the Hall of Fame as soon as you take it out from the browser that made it; to have a result deleted altogether, write to {email} with its link and we delete it.',
        'Reactions: until they are taken back, or the certificate is declined or deleted.',
        'Copies of e-mails we sent: deleted 180 days after they were sent, or sooner when the account for that address is deleted or you ask us.',
        'Sign-in attempt records: deleted 90 days after the attempt, or with the account. Security events: deleted 365 days after they happened; if the account is deleted sooner, they lose the e-mail address.',
        'Addresses noted to limit sign-ups, e-mails, nominations, quiz results, previews and reactions: deleted automatically once their limit has run out, which takes at most a day.',
        'Server request logs: written by the server to our hosting’s log service, outside our database, and kept for the period that service is set to; we keep no copy in our database.',
        'Bug reports and their attachments: deleted 365 days after they were sent, or sooner when you ask us. If you delete your account, your reports stay for our developers, but are no longer linked to you and lose your e-mail address.',
        'Analytics events: deleted 400 days after they happened. Before that, we add them up into daily totals per page, referring site, kind of device and event, which we keep; the totals contain no identifiers. If you delete your account, your events stay but are no longer linked to you.',
        'Messages to us: in our mailbox until the matter is settled.',
      ],
    },
    {
      heading: 'Your rights and how to use them',
      paragraphs: [
        'Wherever you live, you can ask us what we hold about you and ask us to correct or delete it. If the GDPR or UK GDPR applies to you, you have these rights in law:',
      ],
      list: [
        'Access: get a copy of your personal data. Signed-in users can download it at any time as a JSON file from their account page (/account), including their orders, cart, bug reports and analytics events. Quiz results are linked to no account, so they are not in it: send us a result’s link and we send you what we hold.',
        'Portability: receive the data you gave us in a machine-readable format; the JSON download is that format.',
        'Rectification: correct inaccurate data. You can change your name on /account; for anything else, write to us.',
        'Erasure: have your data deleted. You can delete your account on /account; we then delete your account data as described above, except the order records the law makes us keep. Nominees can decline a nomination or write to us.',
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
        'In the past 12 months we collected the categories described in “What we collect”: identifiers (name, e-mail, IP address), commercial information (your orders and delivery addresses), internet activity (server logs, security records, bug reports and, if you allow it, analytics) and account log-in details. We collect them from you, from nominators, from Google when you sign in with it, and from your device, for the purposes described in this policy, and disclose them only to the service providers listed above.',
        'We do not sell personal information, and we do not share it for cross-context behavioural advertising. If your browser sends a Global Privacy Control signal, we treat it as a request to opt out, and Marketing stays off whatever the switch says. We use account log-in details only to let you sign in, so there is nothing to limit. We do not knowingly sell or share the personal information of anyone under 16.',
        'To make a request, use /account or write to {email}. We will confirm your identity (for example, by e-mail to the address we hold) and answer within 45 days. An authorised agent may act for you with your signed permission.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        '{brand} is not directed at children under 16, and they may not create an account or make a nomination. We do not knowingly collect their personal data. If you believe a child has given us personal data, write to {email} and we will delete it.',
        'Parents and guardians sometimes nominate their own children for an award. Please keep such certificates private and do not include a child’s e-mail address.',
      ],
    },
    {
      heading: 'Cookies and security',
      paragraphs: [
        'We use a small number of cookies and browser storage items that the site needs to work, such as your sign-in session, protection against forged requests and a record of your cookie choice. If you allow Analytics, we also keep a random daily identifier in your browser for our own analytics. We use no marketing or preference cookies today. Cookie Preferences, which you can open from the footer or your account page at any time, records your choice, and turning Analytics off deletes that identifier and stops sending at once. Our Cookie Policy lists every item, what it does and how long it lasts.',
        'We protect your data with encrypted connections (HTTPS), hashed passwords, secure session cookies that scripts cannot read, limits on sign-in attempts, administrator access only for the staff who need it, and a log of the changes administrators make to accounts and nominations. No system is perfectly secure; if a breach puts your rights at risk, we will tell you and the relevant authority as the law requires.',
        'We do not make decisions about you based solely on automated processing that have legal or similarly significant effects.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We update this policy when our service or the law changes, and change the date at the top. A new feature that uses personal data is described here before it goes live. If a change matters to you, for example a new use of your data, we will tell you by e-mail or on the site before it takes effect.',
        'Questions, requests or complaints: write to {email}. We answer within one month, or tell you within that month if we need up to two more months for a complex request.',
      ],
    },
  ],
};
