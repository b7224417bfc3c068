import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { ALLOWED_IMAGE_MIME_TYPES, ALLOWED_VIDEO_MIME_TYPES, sniffUpload } from './content-type';

/** A real PNG, drawn by the renderer the certificates use. */
function realPng(): Buffer {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"><rect width="8" height="6" fill="#c0ffee"/></svg>';
  return Buffer.from(new Resvg(svg).render().asPng());
}

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

/** The first bytes of real files of each type (what file-type reads), padded as a file would go on. */
const HEADERS = {
  jpeg: hex('ffd8ffe0 00104a46 49460001 01000001 00010000'),
  gif: Buffer.concat([Buffer.from('GIF89a'), hex('0100 0100 8000 00 ffffff 000000 2c00000000010001000002024401003b')]),
  webp: Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WEBPVP8 '), hex('18000000 30010000 9d012a01 00010002 0034259f 00')]),
  // ISO base media (ftyp isom): an .mp4 from a phone or a browser's MediaRecorder.
  mp4: hex('00000018 66747970 69736f6d 00000200 69736f6d 69736f32 00000008 66726565'),
  // ftyp 'qt  ': a QuickTime .mov, as an iPhone records.
  mov: hex('00000014 66747970 71742020 00000200 71742020 00000008 77696465'),
  // EBML header with DocType "webm", then a Segment.
  webm: hex('1a45dfa3 9f 4286 8101 42f7 8101 42f2 8104 42f3 8108 4282 84 7765626d 4287 8104 4285 8102 18538067 01ffffffffffffff'),
};

describe('sniffUpload: the type by the bytes', () => {
  it('accepts a real PNG as an image', async () => {
    expect(await sniffUpload(realPng(), 'image')).toEqual({ mime: 'image/png', ext: 'png' });
  });

  it.each([
    ['jpeg', { mime: 'image/jpeg', ext: 'jpg' }],
    ['gif', { mime: 'image/gif', ext: 'gif' }],
    ['webp', { mime: 'image/webp', ext: 'webp' }],
  ] as const)('accepts %s as an image', async (type, expected) => {
    expect(await sniffUpload(HEADERS[type], 'image')).toEqual(expected);
  });

  it.each([
    ['mp4', { mime: 'video/mp4', ext: 'mp4' }],
    ['webm', { mime: 'video/webm', ext: 'webm' }],
    ['mov', { mime: 'video/quicktime', ext: 'mov' }],
  ] as const)('accepts %s as a video, and refuses it as an image', async (type, expected) => {
    expect(await sniffUpload(HEADERS[type], 'video')).toEqual(expected);
    expect(await sniffUpload(HEADERS[type], 'image')).toBeNull();
  });

  it('refuses an image as a video', async () => {
    expect(await sniffUpload(realPng(), 'video')).toBeNull();
    expect(await sniffUpload(HEADERS.gif, 'video')).toBeNull();
  });

  it('refuses text whatever it is called (a .png that is not one)', async () => {
    // The bytes of "notes.png": sniffUpload is never told a name or a declared type, and this is text.
    const notAPng = Buffer.from('This is not a PNG, whatever its name says.\n');
    expect(await sniffUpload(notAPng, 'image')).toBeNull();
    expect(await sniffUpload(notAPng, 'video')).toBeNull();
  });

  it('refuses SVG (a document that can carry script), HTML, PDF and nothing', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await sniffUpload(svg, 'image')).toBeNull();
    expect(await sniffUpload(Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'image')).toBeNull();
    expect(await sniffUpload(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'image')).toBeNull();
    expect(await sniffUpload(Buffer.alloc(0), 'image')).toBeNull();
  });

  it('goes by the signature: PNG bytes followed by HTML are a PNG (served as image/png with nosniff, never as a page)', async () => {
    const polyglot = Buffer.concat([realPng().subarray(0, 16), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect((await sniffUpload(polyglot, 'image'))?.mime).toBe('image/png');
  });

  it('exports the allow-lists', () => {
    expect([...ALLOWED_IMAGE_MIME_TYPES].sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
    expect([...ALLOWED_VIDEO_MIME_TYPES].sort()).toEqual(['video/mp4', 'video/quicktime', 'video/webm']);
  });
});
