import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  /** the text/plain body, transfer encoding undone */
  text: string;
  /** The parts sent as attachments (Content-Disposition: attachment), their content decoded. */
  attachments: CapturedAttachment[];
  raw: string;
}

export interface CapturedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** The text/plain part of a raw MIME message (enough for the mails this shop sends). */
export function textOf(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  // Every part at any depth (a mail with attachments nests its text and HTML in a multipart/alternative).
  const parts = boundary ? splitParts(raw) : [`${head}\n\n${body}`];
  for (const part of parts) {
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const content = boundary ? partBody.join('\n\n') : body;
    const headers = boundary ? partHead : unfolded;
    if (boundary && !/content-type:\s*text\/plain/i.test(headers)) continue;
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    const text =
      encoding === 'base64'
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(content)
          : content;
    return { subject, text: text.trim() };
  }
  return { subject, text: body.trim() };
}

/** The parts of a multipart MIME message at any depth, split on every boundary it declares. */
function splitParts(raw: string): string[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return boundaries.length ? raw.split(new RegExp(`\\r?\\n--(?:${boundaries.join('|')})(?:--)?`)).slice(1) : [];
}

/**
 * The attachments of a raw MIME message: every part, at any depth of multipart, whose Content-Disposition is
 * attachment (enough for what nodemailer writes: base64 or plain bodies, the file name as a plain or quoted parameter).
 */
export function attachmentsOf(raw: string): CapturedAttachment[] {
  const found: CapturedAttachment[] = [];
  for (const part of splitParts(raw)) {
    const [head = '', ...body] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, ' ');
    if (!/^content-disposition:\s*attachment/im.test(headers)) continue;
    const filename = decodeHeader(/filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '');
    const contentType = /^content-type:\s*([^;\s]+)/im.exec(headers)?.[1]?.toLowerCase() ?? '';
    const content = body.join('\n\n');
    const base64 = /^content-transfer-encoding:\s*base64/im.test(headers);
    found.push({ filename, contentType, content: base64 ? Buffer.from(content.replace(/\s+/g, ''), 'base64') : Buffer.from(content, 'latin1') });
  }
  return found;
}

/** A loopback SMTP server that keeps every message it accepts (tests and the e2e run). */
export async function startSmtpSink(port = 0) {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Loopback: no DNS lookup of the client's name on every connection.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...textOf(raw),
          attachments: attachmentsOf(raw),
          raw,
        });
        callback();
      });
    },
  });
  // A client that dies mid-session (a server process killed by the fault tests) resets its connection: not our error.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    mails,
    mailsTo: (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
