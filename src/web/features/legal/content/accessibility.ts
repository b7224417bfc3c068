import type { PolicyDocument } from './types';

export const accessibilityStatement: PolicyDocument = {
  slug: 'accessibility',
  title: 'Accessibility Statement',
  summary:
    'How {brand} works toward WCAG 2.2 AA, what we test, the limitations we know about, and how to tell us about any barrier you meet.',
  updated: '2026-11-22',
  intro:
    'Everyone deserves recognition, including for the achievement of filling in a web form. We want everyone to be able to nominate, claim and share on {brand}, whatever device, browser or assistive technology they use. This statement explains what we do, where we still fall short and how to tell us when something gets in your way.',
  sections: [
    {
      heading: 'Our standard',
      paragraphs: [
        'We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA across the whole site. We believe {brand} is partially conformant: most of it meets the standard, and the exceptions we know about are listed below.',
      ],
    },
    {
      heading: 'What we do',
      paragraphs: ['Accessibility is part of how we build every page, not a later fix. In particular:'],
      list: [
        'Everything can be used with a keyboard alone, in a logical order, with a clearly visible focus indicator. Dialogs, such as Cookie Preferences or the question before a claim link is replaced, keep focus inside while open and close with Escape.',
        'Every form field has a visible label, and error messages say what went wrong and how to fix it, next to the field concerned.',
        'Text and important controls meet WCAG AA colour contrast, and we never use colour alone to convey meaning.',
        'Pages use proper headings, landmarks and link text that makes sense out of context, so screen reader users can find their way.',
        'Images have text alternatives, and decorative ornaments are hidden from assistive technology.',
        'Animations are small, and if your device asks for reduced motion, we turn them off.',
        'The layout adapts to narrow screens, down to 360 pixels wide, without horizontal scrolling, so text can be enlarged too.',
        'Buttons say what they do, for example “Nominate Dana” or “Copy link”.',
      ],
    },
    {
      heading: 'How we test',
      paragraphs: [
        'Our test suite drives the site in a real browser: it checks the main pages with axe-core, an automated accessibility testing tool, walks the main journeys by their labels and roles (the way a screen reader finds them), uses the keyboard in forms and dialogs, and checks that pages fit a 360-pixel phone screen. Problems it finds stop a release. Automated checks find only some issues, so please tell us about the ones they miss.',
      ],
    },
    {
      heading: 'Known limitations',
      paragraphs: [
        'We know about these issues and are working on them:',
      ],
      list: [
        'Certificates are designed as images. Every certificate page also shows the award title, the nominee’s name, the citation and the date as ordinary text, so screen reader users get the same content, but the ornamental design itself cannot be fully described.',
        'The PDF print files of certificates are made for printing and may not be fully tagged for screen readers. If you need an accessible version of a certificate, ask us and we will send the text in another format.',
        'Nomination text is written by our users. We cannot guarantee that it is always clear and easy to read.',
      ],
    },
    {
      heading: 'Compatibility',
      paragraphs: [
        '{brand} is designed to work with the current and previous versions of the major browsers (Chrome, Edge, Firefox and Safari) on desktop and mobile, and with common assistive technologies such as screen readers, screen magnifiers, speech recognition and switch access. The site relies on HTML, CSS, JavaScript and WAI-ARIA to work.',
        'Keyboard shortcut: F8 moves focus to on-screen notifications.',
      ],
    },
    {
      heading: 'Feedback and contact',
      paragraphs: [
        'If you meet a barrier on {brand}, or need any information from the site in a different format, please write to {email} with “Accessibility” in the subject line. Tell us the page address and what happened, and, if you like, the browser and assistive technology you use.',
        'We reply within 5 business days. If we cannot fix the problem straight away, we will tell you when we expect to, and help you get what you needed in the meantime, for example by making the nomination for you.',
      ],
    },
    {
      heading: 'About this statement',
      paragraphs: [
        'We last reviewed this statement, and the site against WCAG 2.2 AA, on 22 November 2026. We review it at least once a year and whenever we make a significant change to the site.',
      ],
    },
  ],
};
