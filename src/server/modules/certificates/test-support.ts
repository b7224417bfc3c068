/**
 * Shared by the certificate tests: sample data and a strict XML
 * well-formedness check (happy-dom's parser is forgiving about bare `&` and
 * duplicate attributes, so it cannot be the judge).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CertificateData } from './certificate-data';

const AWARDS_DIR = join(import.meta.dirname, '../../../web/public/awards');

export function awardEmblem(slug: string): string {
  return readFileSync(join(AWARDS_DIR, `${slug}.svg`), 'utf8');
}

export function sampleCertificate(overrides: Partial<CertificateData> = {}): CertificateData {
  return {
    certificateNumber: 'CF-7Q2K9',
    awardTitle: 'Distinguished Service in Reply-All',
    awardTagline: 'Everyone needed to know. Everyone now knows.',
    awardDescription: "Awarded in recognition of sustained excellence in replying 'sounds good' to all 214 recipients of a message not read.",
    awardEmblemSvg: awardEmblem('distinguished-service-in-reply-all'),
    nomineeName: 'Dana Whitfield',
    reason: 'For replying "Thanks!" to the all-company holiday schedule, twice, and then apologising to everyone for the noise.',
    issuedAt: new Date('2026-11-22T10:00:00Z'),
    nominatorName: 'Sam from Accounts',
    verifyUrl: 'https://certifiable.example/c/CF-7Q2K9',
    brandName: 'Certifiable',
    ...overrides,
  };
}

export const HOSTILE_NAME = `</text><script>alert(1)</script> & "Zoë" <svg onload=alert(2)> ]]>`;
export const HOSTILE_REASON = `<foreignObject><iframe src="javascript:alert(3)"></iframe></foreignObject> 'quoted' & <![CDATA[ x ]]> <text onclick="alert(4)">`;

const NAME = /[A-Za-z_:][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const REFERENCE = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;

function checkCharacterData(text: string, where: number): void {
  if (text.includes(']]>')) throw new Error(`"]]>" in character data at ${where}`);
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    REFERENCE.lastIndex = i;
    if (!REFERENCE.test(text)) throw new Error(`bare "&" at ${where + i}: ${text.slice(i, i + 12)}`);
  }
}

/** Throws unless `xml` is one well-formed element (tags balanced, attributes quoted and unique, references valid). */
export function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (stack.length === 0 && text.trim()) throw new Error(`text outside the root element at ${i}`);
    checkCharacterData(text, i);
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0) throw new Error(`unclosed comment at ${lt}`);
      i = end + 3;
      continue;
    }
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) throw new Error(`unclosed processing instruction at ${lt}`);
      i = end + 2;
      continue;
    }
    if (xml.startsWith('<!', lt)) throw new Error(`unexpected markup declaration or CDATA at ${lt}`);
    if (xml[lt + 1] === '/') {
      NAME.lastIndex = lt + 2;
      const m = NAME.exec(xml);
      if (!m) throw new Error(`bad end tag at ${lt}`);
      const close = xml.indexOf('>', NAME.lastIndex);
      if (close < 0 || xml.slice(NAME.lastIndex, close).trim()) throw new Error(`bad end tag at ${lt}`);
      const open = stack.pop();
      if (open !== m[0]) throw new Error(`</${m[0]}> closes <${open ?? 'nothing'}> at ${lt}`);
      i = close + 1;
      continue;
    }
    NAME.lastIndex = lt + 1;
    const m = NAME.exec(xml);
    if (!m) throw new Error(`bad start tag at ${lt}: ${xml.slice(lt, lt + 20)}`);
    let p = NAME.lastIndex;
    const seen = new Set<string>();
    for (;;) {
      ATTRIBUTE.lastIndex = p;
      const a = ATTRIBUTE.exec(xml);
      if (!a) break;
      const attr = a[1] as string;
      if (seen.has(attr)) throw new Error(`duplicate attribute ${attr} at ${p}`);
      seen.add(attr);
      checkCharacterData(a[2] ?? a[3] ?? '', p);
      p = ATTRIBUTE.lastIndex;
    }
    const rest = /\s*(\/?)>/y;
    rest.lastIndex = p;
    const end = rest.exec(xml);
    if (!end) throw new Error(`malformed tag <${m[0]}> at ${p}: ${xml.slice(p, p + 30)}`);
    if (stack.length === 0) roots++;
    if (roots > 1) throw new Error(`second root element at ${lt}`);
    if (!end[1]) stack.push(m[0]);
    i = rest.lastIndex;
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('> <')}>`);
  if (roots !== 1) throw new Error('no root element');
}
