import type { PolicyDocument } from './types';

export const cookiePolicy: PolicyDocument = {
  slug: 'cookie-policy',
  title: 'Cookie Policy',
  summary:
    'The cookies and browser storage {brand} uses, what each does and how long it lasts, and how to change your choices at any time.',
  updated: '2026-11-22',
  intro:
    'Regrettably, none of these cookies are edible. This policy lists every cookie and browser storage item {brand} uses, grouped by the categories you see in Cookie Preferences, with what each one does and how long it lasts. Only the strictly necessary ones are used without your permission.',
  sections: [
    {
      heading: 'Cookies and local storage in brief',
      paragraphs: [
        'A cookie is a small text file a website stores in your browser. Local storage is a similar space in your browser that a site can use to remember things on your device; unlike cookies, it is not sent to our servers with every request. The law treats both the same way, and so do we: this policy covers both.',
        '“First party” items are set by {brand} itself. “Third party” items are set by another company’s service that we use, in our case Google, and only if you allow them.',
        'Each item below is listed as: name, type, what it does, how long it lasts.',
      ],
    },
    {
      heading: 'Strictly necessary',
      paragraphs: [
        'These make the site work and keep it secure. They are always on, because without them you could not sign in, check out or even record a “no” to the other categories. They are not used to track you.',
      ],
      list: [
        'certifiable_session, first-party cookie: keeps you signed in. It cannot be read by scripts on the page. Lasts up to 30 days from your last visit, and is deleted when you sign out.',
        'certifiable_csrf, first-party cookie: protects forms and purchases against cross-site request forgery. Deleted when you close your browser.',
        'certifiable_oauth, first-party cookie: set only while you sign in with Google, to check that the answer really comes from the sign-in you started. Lasts 10 minutes.',
        'certifiable_visitor, first-party cookie: set only when you react to a certificate without signing in, so you keep exactly one reaction and can change or remove it. A random value with nothing about you in it; we store only a scrambled (hashed) copy. Lasts one year.',
        'cookie-consent, local storage: records that you have made a cookie choice, so the banner does not keep asking. Kept until you change your choice or clear your browser storage.',
        'cookie-preferences, local storage: records which optional categories (Analytics, Marketing, Preferences) you allowed. Kept until you change your choice or clear your browser storage.',
        'Keys ending in _funnel (one per product), local storage: remember the certificate or order you are putting together, so it survives a page reload. Removed when the order is complete, or when you clear your browser storage.',
        'Service worker cache, browser cache storage: keeps copies of the site’s own files (code, fonts, images; no personal data) so pages load quickly. Replaced whenever we release a new version.',
      ],
    },
    {
      heading: 'Analytics',
      paragraphs: [
        'Off unless you turn it on. With your permission, analytics tell us which pages are visited and where people get stuck, so we can improve the site. We do not use them to build advertising profiles.',
      ],
      list: [
        '_ga, third-party cookie set by Google Analytics on our domain: distinguishes visitors, using a random identifier. Lasts 2 years.',
        '_ga_ followed by our measurement ID, third-party cookie set by Google Analytics on our domain: keeps track of the current visit. Lasts 2 years.',
        'Our own analytics events, stored on our servers, not in your browser: page views and, if you are signed in, session start and a periodic activity signal. Recorded only while Analytics is on, and kept for 14 months.',
      ],
    },
    {
      heading: 'Marketing',
      paragraphs: [
        'Off unless you turn it on. With your permission, marketing cookies let us find out whether our advertisements lead to visits and orders, and let Google use your data for advertising and personalised ads.',
      ],
      list: [
        '_gcl_au, third-party cookie set by Google on our domain: links a visit or purchase to an ad you clicked earlier. Lasts 90 days.',
        'Cookies set by Google on its own advertising domains, when Marketing is on: used by Google for ad measurement and personalisation as described in Google’s own policies. Google sets their names and durations, and describes them in its own policies.',
      ],
    },
    {
      heading: 'Preferences',
      paragraphs: [
        'Preference storage would remember optional choices that make the site more convenient, without being needed for it to work. We do not use any preference cookies or storage at the moment. If we add some, we will list them here first, and they will only ever be set if you have turned Preferences on.',
      ],
    },
    {
      heading: 'Google consent mode',
      paragraphs: [
        'We use Google consent mode to pass your choices on to Google’s tags. Before you choose, and whenever a category is off, the matching signals are set to “denied”. We load Google’s tags only after you allow Analytics or Marketing, so nothing is sent to Google before you decide.',
        'Turning on Analytics sets analytics_storage to “granted”. Turning on Marketing sets ad_storage, ad_user_data and ad_personalization to “granted”. When a signal is “denied”, Google’s tags do not read or write cookies for that purpose and do not use your data for advertising.',
      ],
    },
    {
      heading: 'Changing your choices',
      paragraphs: [
        'On your first visit a banner lets you choose Accept All, Necessary Only or Customize. Closing the banner with the X records nothing, and no optional cookies are set; we will simply ask again on your next visit.',
        'You can change your mind at any time: open Cookie Preferences from the link in the footer of every page, or from your account page (/account), switch categories on or off and select Save Preferences. Your new choice applies straight away. When you turn a category off, we stop using it, delete the cookies in that category that we can reach, and tell Google’s tags the matching signals are now “denied”.',
        'Your choice is stored in your browser, so it applies to that browser and device only. If you use several devices, or clear your browser storage, you will be asked again.',
      ],
    },
    {
      heading: 'Browser controls',
      paragraphs: [
        'You can also view, block and delete cookies and site data in your browser’s settings, usually under Privacy or Site data, and most browsers offer private windows that forget everything when closed. Blocking strictly necessary cookies will stop sign-in and checkout from working.',
        'If your browser sends a Global Privacy Control signal, we treat it as a refusal of Marketing cookies.',
        'For Google’s own controls, including opting out of personalised ads, visit your Google account settings or adssettings.google.com.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We update this policy whenever we add, remove or change a cookie or storage item, and change the date at the top. If we add an optional item, we will not use it until you allow its category.',
        'Questions about cookies: {email}. Our Privacy Policy explains how we handle personal data in general.',
      ],
    },
  ],
};
