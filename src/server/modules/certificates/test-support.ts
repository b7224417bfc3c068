/**
 * Shared by the certificate tests: sample data and a strict XML
 * well-formedness check (happy-dom's parser is forgiving about bare `&` and
 * duplicate attributes, so it cannot be the judge).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import type * as UpngModule from '@pdf-lib/upng';
import type { CertificateData } from './certificate-data';

const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof UpngModule }).default;

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

/** What a PDF reader finds in a one-page PDF: its text runs (one per text object), fonts and pictures. */
export interface PdfContents {
  /** The text of each BT…ET object, decoded through its font's ToUnicode map. */
  texts: string[];
  /** BaseFont of every font, and whether its program is embedded (FontFile2/FontFile3). */
  fonts: { name: string; embedded: boolean }[];
  images: { width: number; height: number }[];
}

function hexToUtf16(hex: string): string {
  const h = hex.replace(/\s+/g, '');
  let out = '';
  for (let i = 0; i + 4 <= h.length; i += 4) out += String.fromCharCode(Number.parseInt(h.slice(i, i + 4), 16));
  return out;
}

/** A ToUnicode CMap (bfchar and bfrange, with array or incrementing destinations) as code → text. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(Number.parseInt(m[1]!, 16), hexToUtf16(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const lo = Number.parseInt(m[1]!, 16);
      const hi = Number.parseInt(m[2]!, 16);
      if (m[3]!.startsWith('[')) {
        [...m[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((d, i) => map.set(lo + i, hexToUtf16(d[1]!)));
      } else {
        const start = hexToUtf16(m[3]!.slice(1, -1));
        for (let code = lo; code <= hi; code++) map.set(code, start.slice(0, -1) + String.fromCharCode(start.charCodeAt(start.length - 1) + code - lo));
      }
    }
  }
  return map;
}

/**
 * Reads a one-page PDF as a text extractor would: the page's content stream, its fonts' ToUnicode maps (two-byte
 * codes, Identity-H, as PDFKit writes them) and every image XObject. Enough to prove that text is text.
 */
export async function readPdf(pdf: Buffer): Promise<PdfContents> {
  const { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream } = await import('pdf-lib');
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const ctx = doc.context;
  const deref = (obj: unknown) => (obj instanceof PDFRef ? ctx.lookup(obj) : obj);
  const decode = (stream: unknown) => Buffer.from(decodePDFRawStream(stream as Parameters<typeof decodePDFRawStream>[0]).decode()).toString('latin1');
  const page = doc.getPage(0).node;
  const fontDict = deref(page.Resources()?.get(PDFName.of('Font')));
  const maps = new Map<string, Map<number, string>>();
  if (fontDict instanceof PDFDict) {
    for (const [name, ref] of fontDict.entries()) {
      const font = deref(ref);
      const toUnicode = font instanceof PDFDict ? deref(font.get(PDFName.of('ToUnicode'))) : null;
      maps.set(name.asString().slice(1), toUnicode instanceof PDFRawStream ? parseToUnicode(decode(toUnicode)) : new Map());
    }
  }
  const contents = deref(page.get(PDFName.of('Contents')));
  const streams = contents instanceof PDFArray ? contents.asArray().map(deref) : [contents];
  const content = streams.map(decode).join('\n');
  const texts: string[] = [];
  let current = '';
  let font = new Map<number, string>();
  const show = (hex: string) => {
    const h = hex.replace(/\s+/g, '');
    for (let i = 0; i + 4 <= h.length; i += 4) current += font.get(Number.parseInt(h.slice(i, i + 4), 16)) ?? '\uFFFD';
  };
  for (const m of content.matchAll(/\/([^\s/[\]<>()]+)\s+[-\d.]+\s+Tf|<([0-9a-fA-F\s]*)>\s*Tj|\[([^\]]*)\]\s*TJ|\bBT\b|\bET\b/g)) {
    if (m[1] !== undefined) font = maps.get(m[1]) ?? new Map();
    else if (m[2] !== undefined) show(m[2]);
    else if (m[3] !== undefined) for (const part of m[3].matchAll(/<([0-9a-fA-F\s]*)>/g)) show(part[1]!);
    else if (m[0] === 'BT') current = '';
    else if (m[0] === 'ET') texts.push(current);
  }
  const fonts: PdfContents['fonts'] = [];
  const images: PdfContents['images'] = [];
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFRawStream ? obj.dict : obj instanceof PDFDict ? obj : null;
    if (!dict) continue;
    if (dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
      images.push({ width: Number(dict.get(PDFName.of('Width'))?.toString()), height: Number(dict.get(PDFName.of('Height'))?.toString()) });
    }
    if (dict.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
      fonts.push({
        name: String(dict.get(PDFName.of('FontName'))?.toString()).replace(/^\//, ''),
        embedded: Boolean(dict.get(PDFName.of('FontFile2')) ?? dict.get(PDFName.of('FontFile3')) ?? dict.get(PDFName.of('FontFile'))),
      });
    }
  }
  return { texts, fonts, images };
}

/**
 * A PNG's chunks, checked the strict way: every chunk's CRC, and the IDAT data inflated by Node's zlib (which checks
 * the stream's Adler-32). Throws on any mismatch.
 */
export function readPngChunks(png: Buffer): { types: string[]; ihdr: Buffer; plte: Buffer | null; data: Buffer } {
  const types: string[] = [];
  const idat: Buffer[] = [];
  let ihdr: Buffer = Buffer.alloc(0);
  let plte: Buffer | null = null;
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (png.readUInt32BE(offset + 8 + length) !== crc32(png.subarray(offset + 4, offset + 8 + length))) throw new Error(`Bad CRC in ${type}`);
    types.push(type);
    if (type === 'IHDR') ihdr = body;
    if (type === 'PLTE') plte = body;
    if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  return { types, ihdr, plte, data: inflateSync(Buffer.concat(idat)) };
}

/** A PNG's pixels as RGBA (UPNG's decoder: any colour type and filter). */
export function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  const image = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
  return { width: image.width, height: image.height, rgba: new Uint8Array(UPNG.toRGBA8(image)[0]!) };
}

/** How far two RGBA pictures of one size are apart, colour channels only (alpha is not compared). */
export function pixelDifference(a: Uint8Array, b: Uint8Array): { max: number; mean: number; rmse: number; over: (levels: number) => number } {
  if (a.length !== b.length) throw new Error(`Pictures of different sizes: ${a.length} and ${b.length} bytes`);
  const histogram = new Float64Array(256);
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < a.length; i++) {
    if ((i & 3) === 3) continue;
    const d = Math.abs(a[i]! - b[i]!);
    histogram[d]!++;
    sum += d;
    squares += d * d;
  }
  const channels = (a.length / 4) * 3;
  let max = 255;
  while (max > 0 && histogram[max] === 0) max--;
  return {
    max,
    mean: sum / channels,
    rmse: Math.sqrt(squares / channels),
    /** The share of channels more than `levels` apart. */
    over: (levels) => histogram.slice(levels + 1).reduce((n, count) => n + count, 0) / channels,
  };
}
