import { normaliseLine } from '@/contract/text';
import { mailLayout } from './mail-layout';
import type { OutgoingMail } from './mail.service';

// Names are cleaned when they are stored; the greeting cleans them again, because a name is text a
// stranger chose and it lands in someone else's inbox.
export function verificationMail(opts: { to: string; name: string; url: string; brand: string }): OutgoingMail {
  return {
    to: opts.to,
    kind: 'verify_email',
    subject: `Confirm your email address for ${opts.brand}`,
    ...mailLayout({
      brand: opts.brand,
      greeting: `Hello ${normaliseLine(opts.name)},`,
      lines: [
        { text: 'The Committee has received your application for an account and found it in good order.' },
        { text: 'One formality remains: confirm that this email address is yours.' },
      ],
      action: { label: 'Confirm my email address', url: opts.url },
      after: [
        'The link works for 24 hours. If you did not ask for an account, ignore this message and nothing happens.',
      ],
    }),
  };
}

export function resetPasswordMail(opts: { to: string; name: string; url: string; brand: string }): OutgoingMail {
  return {
    to: opts.to,
    kind: 'reset_password',
    subject: `Choose a new password for ${opts.brand}`,
    ...mailLayout({
      brand: opts.brand,
      greeting: `Hello ${normaliseLine(opts.name)},`,
      lines: [
        { text: 'Someone, hopefully you, asked to choose a new password for your account.' },
        { text: 'Open the link below to choose one. Every device signed in to your account will be signed out.' },
      ],
      action: { label: 'Choose a new password', url: opts.url },
      after: [
        'The link works for 1 hour and only once. If you did not ask for this, ignore this message: your password stays as it is.',
      ],
    }),
  };
}
