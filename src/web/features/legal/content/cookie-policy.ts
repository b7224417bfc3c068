import type { PolicyDocument } from './types';

export const cookiePolicy: PolicyDocument = {
  slug: 'cookie-policy',
  title: 'Cookie Policy',
  summary:
    'The cookies and browser storage {brand} uses, what each does and how long it lasts, and how to change your choices at any time.',
  updated: '2026-11-25',
  intro:
    'Regrettably, none of these cookies are edible. This policy lists every cookie and browser storage item {brand} uses, grouped by the categories you see in Cookie Preferences, with what each one does and how long it lasts. Besides the strictly necessary ones, we use one item of our own for Analytics, and only if you allow it; Marketing and Preferences are empty, whatever you choose.',
  sections: [
    {
      heading: 'Cookies and local storage in brief',
      paragraphs: [
        'A cookie is a small text file a website stores in your browser. Local storage is a similar space in your browser that a site can use to remember things on your device; unlike cookies, it is not sent to our servers with every request. The law treats both the same way, and so do we: this policy covers both.',
        '“First party” items are set by {brand} itself. “Third party” items would be set by another company’s service. Everything we use today is first party.',
        'Each item below is listed as: name, type, what it does, how long it lasts.',
      ],
    },
    {
      heading: 'Strictly necessary',
      paragraphs: [
        'These make the site work and keep it secure. They are always on, because without them you could not sign in, keep your reaction or even record a “no” to the other categories. They are not used to track you.',
      ],
      list: [
        'certifiable_session, first-party cookie: keeps you signed in. It cannot be read by scripts on the page. Lasts up to 30 days from your last visit, and is deleted when you sign out.',
        'certifiable_csrf, first-party cookie: protects forms against cross-site request forgery. Deleted when you close your browser.',
        'certifiable_oauth, first-party cookie: set only while you sign in with Google, to check that the answer really comes from the sign-in you started. Lasts 10 minutes.',
        'certifiable_visitor, first-party cookie: set only when you react to a certificate without signing in, so you keep exactly one reaction and can change or remove it. A random value with nothing about you in it; we store only a scrambled (hashed) copy. Lasts one year.',
        'cookie-consent, local storage: records that you have made a cookie choice, so the banner does not keep asking. Kept until you change your choice or clear your browser storage.',
        'cookie-preferences, local storage: records which optional categories (Analytics, Marketing, Preferences) you allowed. Kept until you change your choice or clear your browser storage.',
        'cart, local storage: the certificates in your cart (what is printed, the product, the quantity), so a reload or a new tab keeps them. When you are signed in, the cart is also kept with your account so it follows you to another device, and this browser’s copy is emptied when you sign out. Kept until you empty the cart or clear your browser storage.',
        'certifiable_funnel, local storage: when you buy through our one-page offer, which order you are in and its private link, so coming back from the payment page, a reload or a second tab finds your order and its offers again. Kept until you start another order there or clear your browser storage.',
        'quiz-progress, local storage: the quiz you are taking (your answers so far and the question on screen), so that a reload or coming back later loses nothing. Never sent to us until you ask for your verdict. Deleted when you finish the quiz, or after 30 days without use; clearing your browser storage deletes it too.',
        'quiz-results, local storage: for each quiz result made in this browser, a random key that lets this browser, and only this one, take the result out of the public Hall of Fame. Kept for your last 50 results, until you clear your browser storage.',
        'nomination-result, session storage: keeps the nomination you just filed, with its claim link, so that reloading the page that shows them loses nothing. Only in that browser tab, and gone when you close it.',
        'Service worker cache, browser cache storage (on secure connections): keeps copies of the site’s own files (code, fonts, images) and of the latest public answers the pages you visited used, such as the award gallery and the certificate designs, so pages load quickly and still open without a connection. Never your account, sign-in or admin data. Replaced whenever we release a new version.',
      ],
    },
    {
      heading: 'Analytics',
      paragraphs: [
        'Off unless you turn it on. Our analytics is our own: no third-party analytics tool is loaded, no analytics cookies are set, and nothing goes to anyone else. Until you turn Analytics on (or select Accept All), your browser stores nothing for it and sends us no page views or events. With it on, your browser sends us, in small batches, the pages you open and events such as making a nomination or completing an order, as our Privacy Policy describes. Turning it off stops the sending at once and deletes the item below.',
      ],
      list: [
        'analytics-id, local storage: a random identifier your browser makes up afresh each day, so we can count visitors per day without knowing who they are. Set only when Analytics is on; replaced every day; deleted when you turn Analytics off.',
      ],
    },
    {
      heading: 'Marketing',
      paragraphs: [
        'Off unless you turn it on, and today there is nothing to turn on either. We run no advertising tags and set no marketing cookies. If we add any, we will list them here first, and they will only ever run if you have turned Marketing on.',
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
        'Your choice is also written down in the standard form Google’s tags read, called consent mode. Before you choose, and whenever a category is off, the matching signals say “denied”. No Google tag is loaded today, so these signals go nowhere; they are there so that anything we add later obeys your choice from its first moment. Our own analytics reads the same choice.',
        'Turning on Analytics sets analytics_storage to “granted”. Turning on Marketing sets ad_storage, ad_user_data and ad_personalization to “granted”, unless your browser sends a Global Privacy Control signal, in which case they stay “denied”.',
      ],
    },
    {
      heading: 'Changing your choices',
      paragraphs: [
        'On your first visit a banner lets you choose Accept All, Necessary Only or Customize. Closing the banner with the X records nothing, and no optional cookies are set; we will simply ask again on your next visit.',
        'You can change your mind at any time: open Cookie Preferences from the link in the footer of every page, or from your account page (/account), switch categories on or off and select Save Preferences. Your new choice applies straight away.',
        'Your choice is stored in your browser, so it applies to that browser and device only. If you use several devices, or clear your browser storage, you will be asked again.',
      ],
    },
    {
      heading: 'Browser controls',
      paragraphs: [
        'You can also view, block and delete cookies and site data in your browser’s settings, usually under Privacy or Site data, and most browsers offer private windows that forget everything when closed. Blocking strictly necessary cookies will stop sign-in from working.',
        'If your browser sends a Global Privacy Control signal, we treat it as a refusal of Marketing cookies.',
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
