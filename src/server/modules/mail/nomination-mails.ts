import { mailLayout, oneLine, type Paragraph } from './mail-layout';
import type { OutgoingMail } from './mail.service';

/** Mails about nominations: the claim link to the nominee and the receipt to the nominator. */

export interface NominationMailFacts {
  brand: string;
  nomineeName: string;
  /** '' when anonymous */
  nominatorName: string;
  awardTitle: string;
  reason: string;
  isPublic: boolean;
  certificateNumber: string;
}

/** To the nominee: the claim link, as a guest of honour. */
/** The closing line of a mail to a list someone can leave (its one-click link is also in the List-Unsubscribe header). */
const unsubscribeLine = (url: string) => `Rather not receive nominations by mail? One click and we stop: ${url}`;

export function claimMail(to: string, f: NominationMailFacts, claimUrl: string, opts: { resent?: boolean; unsubscribeUrl?: string } = {}): OutgoingMail {
  const nominator = oneLine(f.nominatorName, 80);
  const who = nominator || 'Someone who prefers to remain anonymous';
  const award = oneLine(f.awardTitle, 120);
  const lines: Paragraph[] = [];
  if (opts.resent) lines.push({ text: 'Here is a fresh link to your certificate. Any earlier link we sent you no longer works.' });
  lines.push({ text: `${who} has nominated you for the ${award} award${f.reason ? ', with this citation:' : '.'}` });
  if (f.reason) lines.push({ text: f.reason, quote: true });
  lines.push({ text: `The Committee has reviewed the evidence and found it beyond reasonable doubt. Certificate ${f.certificateNumber} has been issued in your name.` });
  lines.push({
    text: f.isPublic
      ? 'Your nominator would like it on our public community wall. It goes up there only if you accept it; until then only people with its link can see it. If you would rather it were not shown at all, declining takes one click and is final.'
      : 'It is private: only people with the link can see it.',
  });
  return {
    to,
    kind: 'nomination_claim',
    subject: `${oneLine(nominator || 'Someone', 60)} has nominated you for ${oneLine(award, 80)}`,
    ...mailLayout({
      brand: f.brand,
      greeting: `Hello ${oneLine(f.nomineeName, 80)},`,
      lines,
      action: { label: 'See your certificate', url: claimUrl },
      after: [
        'From there you can accept it (and keep it on your account, if you have one), download it, or decline it. You do not need an account for any of this.',
        'If you do not know who this is from, you can safely ignore this message. We will not write to you about it again unless a new link is requested.',
        ...(opts.unsubscribeUrl ? [unsubscribeLine(opts.unsubscribeUrl)] : []),
      ],
    }),
  };
}

/** To the nominator, when they gave an email: where the certificate lives. No claim link (that is the nominee's). */
export function receiptMail(to: string, f: NominationMailFacts, pageUrl: string, claimMailSent: boolean, unsubscribeUrl?: string): OutgoingMail {
  const nominee = oneLine(f.nomineeName, 80);
  return {
    to,
    kind: 'nomination_receipt',
    subject: `Your nomination of ${oneLine(nominee, 60)} has been filed`,
    ...mailLayout({
      brand: f.brand,
      greeting: nominatorGreeting(f.nominatorName),
      lines: [
        { text: `Your nomination of ${nominee} for the ${oneLine(f.awardTitle, 120)} award has been filed as certificate ${f.certificateNumber}.` },
        {
          text: claimMailSent
            ? `We have sent ${nominee} a link to accept or decline it.`
            : `Pass on the claim link you were shown, so ${nominee} can accept or decline it.`,
        },
        {
          text: f.isPublic
            ? `It is public: once ${nominee} accepts it, it appears on the community wall (until they decline it). Until then only people with the link can see it.`
            : 'It is private: only people with the link can see it.',
        },
      ],
      action: { label: 'See the certificate', url: pageUrl },
      after: ['If you did not file this nomination, ignore this message.', ...(unsubscribeUrl ? [unsubscribeLine(unsubscribeUrl)] : [])],
    }),
  };
}

function nominatorGreeting(name: string) {
  const n = oneLine(name, 80);
  return n ? `Hello ${n},` : 'Hello,';
}
