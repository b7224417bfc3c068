import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accessibilityStatement } from './accessibility';
import { cookiePolicy } from './cookie-policy';
import { dmcaPolicy } from './dmca-policy';
import { privacyPolicy } from './privacy-policy';
import { refundPolicy } from './refund-policy';
import { termsOfService } from './terms-of-service';
import type { PolicyDocument } from './types';

/**
 * docs/decisions/039: the policy pages say only what is true today, and stay true as features land.
 * Each feature below says how to tell whether it exists. While it does not, no policy may describe it;
 * once it does, the sentences that say it does not exist yet must go (and the feature's change writes
 * the real description).
 */

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const DOCS: PolicyDocument[] = [privacyPolicy, termsOfService, cookiePolicy, dmcaPolicy, refundPolicy, accessibilityStatement];

const exists = (rel: string) => existsSync(path.join(ROOT, rel));

/** Whether a page is built: its route module's head is not flagged "under construction" (docs/decisions/038). */
const pageBuilt = (routeFile: string) =>
  !readFileSync(path.join(ROOT, 'src/web/app/routes', routeFile), 'utf8').includes('underConstruction: true');

/** Whether any source file under src/ (tests and the policy texts aside) contains `needle`. */
function sourceMentions(needle: string): boolean {
  const walk = (dir: string): boolean =>
    readdirSync(dir).some((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return !file.endsWith(path.join('legal', 'content')) && walk(file);
      return /\.(ts|tsx|html)$/.test(name) && !/\.test\.tsx?$/.test(name) && readFileSync(file, 'utf8').includes(needle);
    });
  return walk(path.join(ROOT, 'src'));
}

function dependsOn(...names: string[]): boolean {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return names.some((n) => pkg.dependencies?.[n] !== undefined);
}

interface Feature {
  name: string;
  built: boolean;
  /** Phrases that describe the feature: none may appear while it does not exist. */
  describedBy: RegExp[];
  /** Phrases that say it does not exist yet: none may remain once it does. */
  absentBy: RegExp[];
}

const FEATURES: Feature[] = [
  {
    name: 'the store (orders, payment, printing, delivery)',
    built: pageBuilt('store.tsx'),
    describedBy: [/checkout/i, /order number/i, /tracking/i, /payment processor/i, /print-on-demand/i, /courier/i, /shipping/i, /\bwe ship\b/i, /delivery address/i, /your order/i, /\d+–\d+ business days/i],
    absentBy: [/store is not open/i, /not open yet/i, /nothing on \{brand\} can be bought/i, /nothing to (cancel|refund)/i],
  },
  {
    name: 'the quiz',
    built: pageBuilt('quiz.tsx'),
    describedBy: [/quiz answers/i],
    absentBy: [/no quiz/i],
  },
  {
    name: 'the one-page offer and its one-click offers',
    built: pageBuilt('funnel-oto1.tsx'),
    describedBy: [/one-time offer/i, /card on file/i, /certifiable_funnel/i],
    absentBy: [],
  },
  {
    name: 'bug reports',
    built: exists('src/server/modules/bug-reports') || exists('src/web/features/bug-reports'),
    describedBy: [/report bug/i, /ctrl\+shift\+b/i, /bug report dialog/i, /screenshot/i, /console/i],
    absentBy: [/no bug-report form/i],
  },
  {
    name: 'analytics events sent to our server',
    built: exists('src/server/modules/analytics'),
    describedBy: [/analytics events/i, /stored on our servers/i, /still active/i, /session start/i],
    absentBy: [/we run no analytics/i, /no page views or events are sent/i],
  },
  {
    name: 'Google tags (analytics or advertising)',
    built: sourceMentions('googletagmanager.com'),
    describedBy: [/_ga\b/, /_gcl_au/, /Google Analytics/i, /personalised ads/i],
    absentBy: [/no Google tag is loaded/i, /not installed any analytics/i, /no advertising tags/i],
  },
  {
    name: 'scheduled deletion of old records',
    built: exists('src/server/jobs') || dependsOn('pg-boss', 'graphile-worker'),
    describedBy: [/backups?/i, /\b\d+ (days|months|years) after\b/i, /:\s*\d+ (days|months|years)\b/i],
    absentBy: [/not yet (delete|erase|clear)/i, /do not yet (delete|erase|clear)/i, /not yet set a fixed period/i],
  },
];

function textOf(doc: PolicyDocument): string {
  return [doc.title, doc.summary, doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])])].join('\n');
}

function sentencesMatching(text: string, re: RegExp): string[] {
  return text.split(/\n|(?<=[.!?])\s+/).filter((sentence) => re.test(sentence));
}

describe('policy pages', () => {
  it('describe no feature that does not exist yet, and keep no "not yet" that a landed feature made untrue', () => {
    const problems: string[] = [];
    for (const doc of DOCS) {
      const text = textOf(doc);
      for (const f of FEATURES) {
        for (const re of f.built ? f.absentBy : f.describedBy) {
          // "The store is not open, so we hold no delivery addresses" names the thing to say it is absent.
          const saysAbsent = (sentence: string) => !f.built && f.absentBy.some((a) => a.test(sentence));
          for (const sentence of sentencesMatching(text, re).filter((x) => !saysAbsent(x))) {
            problems.push(`/${doc.slug} ${f.built ? 'still says' : 'describes'} ${f.name} (${re}): “${sentence}”`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('say the wall shows a public certificate only once its nominee accepts it', () => {
    for (const doc of [privacyPolicy, termsOfService]) {
      expect(sentencesMatching(textOf(doc), /community wall/i).join(' '), doc.slug).toMatch(/accept/i);
    }
  });
});
