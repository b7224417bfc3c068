import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server that speaks the parts of the Amazon S3 REST API the storage adapter uses
 * (src/server/adapters/storage/s3.ts), path-style (`/{bucket}/{key}`):
 *  - PUT    /{bucket}/{key}  PutObject: Content-Type, Cache-Control kept; `If-None-Match: *` → 412 PreconditionFailed
 *                            when the key exists; answers the ETag (MD5 of the bytes, quoted)
 *  - HEAD   /{bucket}/{key}  HeadObject: 200 with Content-Type, Content-Length, ETag, Last-Modified; 404 without a body
 *  - GET    /{bucket}/{key}  GetObject: 200, or 206 + Content-Range for `Range: bytes=a-b | a- | -n`; 416 InvalidRange
 *  - DELETE /{bucket}/{key}  DeleteObject: 204, also for a key that is not there
 * Every request must carry an AWS Signature Version 4 `Authorization` header: the server recomputes the canonical
 * request and the signature with node:crypto from the secret it knows, checks the credential scope, the clock
 * (15 minutes) and `x-amz-content-sha256` against the body, and answers S3's XML errors (SignatureDoesNotMatch,
 * InvalidAccessKeyId, AccessDenied, RequestTimeTooSkewed, XAmzContentSHA256Mismatch — 403/400) otherwise.
 * Injected faults (`dropNextAnswers`, `hangNextRequests`) prove retries and timeouts. Every request is kept in
 * `requests`.
 */

export interface S3Request {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The error code answered, or null when the request succeeded. */
  error: string | null;
}

export interface LoopbackObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  etag: string;
  lastModified: Date;
}

export interface S3ServerOptions {
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Buckets that exist; others answer NoSuchBucket. */
  buckets: string[];
}

class S3Error extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const MAX_SKEW_MS = 15 * 60 * 1000;
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

export async function startS3Server(opts: S3ServerOptions) {
  const region = opts.region ?? 'us-east-1';
  const buckets = new Map<string, Map<string, LoopbackObject>>(opts.buckets.map((b) => [b, new Map()]));
  const requests: S3Request[] = [];
  let dropAnswers = 0;
  let hangRequests = 0;
  const hanging = new Set<http.ServerResponse>();
  let requestCounter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?', 1)[0]!;
      const log: S3Request = { method: req.method ?? 'GET', path, headers: req.headers, error: null };
      requests.push(log);
      const requestId = `LOOPBACK${(++requestCounter).toString(16).padStart(8, '0').toUpperCase()}`;
      res.setHeader('x-amz-request-id', requestId);
      if (hangRequests > 0) {
        hangRequests -= 1;
        hanging.add(res);
        return; // never answered: the client's timeout must end it
      }
      try {
        verifySignature(req, body);
        if (dropAnswers > 0 && (req.method === 'PUT' || req.method === 'DELETE')) {
          // The work is done, the answer is lost: written to a response on no socket, and the connection closes.
          dropAnswers -= 1;
          handle(req, new http.ServerResponse(req), path, body);
          req.socket.destroy();
          return;
        }
        handle(req, res, path, body);
      } catch (err) {
        if (!(err instanceof S3Error)) throw err;
        log.error = err.code;
        sendError(res, req.method === 'HEAD', err, path, requestId);
      }
    });
  });

  function verifySignature(req: http.IncomingMessage, body: Buffer): void {
    const auth = req.headers.authorization;
    if (!auth) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    const [, accessKeyId, scopeDate, scopeRegion, service, signedHeaderList, signature] = m as unknown as [string, string, string, string, string, string, string];
    if (accessKeyId !== opts.accessKeyId) {
      throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    if (scopeRegion !== region || service !== 's3') {
      throw new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`);
    }
    const amzDate = header(req, 'x-amz-date');
    const dm = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate ?? '');
    if (!amzDate || !dm) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    if (amzDate.slice(0, 8) !== scopeDate) throw new S3Error(403, 'SignatureDoesNotMatch', 'The credential date does not match x-amz-date.');
    const at = Date.UTC(Number(dm[1]), Number(dm[2]) - 1, Number(dm[3]), Number(dm[4]), Number(dm[5]), Number(dm[6]));
    if (Math.abs(Date.now() - at) > MAX_SKEW_MS) {
      throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    }
    const signedHeaders = signedHeaderList.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!signedHeaders.includes(required)) throw new S3Error(403, 'AccessDenied', `${required} must be signed`);
    }
    const payloadHash = header(req, 'x-amz-content-sha256');
    if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    if (payloadHash.startsWith('STREAMING-')) throw new S3Error(501, 'NotImplemented', 'Chunked uploads are not supported here.');
    if (payloadHash !== 'UNSIGNED-PAYLOAD') {
      const actual = body.length ? createHash('sha256').update(body).digest('hex') : EMPTY_SHA256;
      if (actual !== payloadHash) {
        throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
      }
    }

    const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?', 2) as [string, string?];
    const canonicalRequest = [
      req.method ?? 'GET',
      canonicalUri(rawPath),
      canonicalQuery(rawQuery),
      signedHeaders.map((h) => `${h}:${canonicalHeaderValue(req, h)}\n`).join(''),
      signedHeaderList,
      payloadHash,
    ].join('\n');
    const scope = `${scopeDate}/${scopeRegion}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    const expected = createHmac('sha256', signingKey(opts.secretAccessKey, scopeDate, scopeRegion)).update(stringToSign).digest();
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        { AWSAccessKeyId: accessKeyId, StringToSign: stringToSign, CanonicalRequest: canonicalRequest },
      );
    }
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: Buffer): void {
    const match = /^\/([^/]+)\/(.+)$/.exec(path);
    if (!match) throw new S3Error(400, 'InvalidRequest', 'Only object operations are spoken here (path-style /bucket/key).');
    const bucketName = decodeURIComponent(match[1]!);
    const key = decodeURIComponent(match[2]!);
    const bucket = buckets.get(bucketName);
    if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucketName });
    const noSuchKey = () => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });

    switch (req.method) {
      case 'PUT': {
        if (header(req, 'x-amz-copy-source')) throw new S3Error(501, 'NotImplemented', 'CopyObject is not spoken here.');
        const ifNoneMatch = header(req, 'if-none-match');
        if (ifNoneMatch !== undefined && ifNoneMatch !== '*') {
          throw new S3Error(501, 'NotImplemented', 'If-None-Match on PUT supports only *.', { Header: 'If-None-Match' });
        }
        if (ifNoneMatch === '*' && bucket.has(key)) {
          throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: 'If-None-Match' });
        }
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        bucket.set(key, {
          body,
          contentType: header(req, 'content-type') ?? 'binary/octet-stream',
          cacheControl: header(req, 'cache-control'),
          etag,
          lastModified: new Date(),
        });
        res.writeHead(200, { etag, 'content-length': 0 }).end();
        return;
      }
      case 'HEAD':
      case 'GET': {
        const object = bucket.get(key);
        if (!object) throw noSuchKey();
        const headers: http.OutgoingHttpHeaders = {
          'content-type': object.contentType,
          etag: object.etag,
          'last-modified': object.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
          ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
        };
        const size = object.body.length;
        const range = req.method === 'GET' ? parseRange(header(req, 'range'), size) : null;
        if (range === 'unsatisfiable') {
          throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', { RangeRequested: header(req, 'range') ?? '', ActualObjectSize: String(size) });
        }
        if (range) {
          res
            .writeHead(206, { ...headers, 'content-length': range.end - range.start + 1, 'content-range': `bytes ${range.start}-${range.end}/${size}` })
            .end(object.body.subarray(range.start, range.end + 1));
          return;
        }
        res.writeHead(200, { ...headers, 'content-length': size });
        res.end(req.method === 'GET' ? object.body : undefined);
        return;
      }
      case 'DELETE':
        bucket.delete(key);
        res.writeHead(204).end();
        return;
      default:
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    region,
    requests,
    /** The stored objects of a bucket, by key. */
    objects(bucket: string): Map<string, LoopbackObject> {
      const b = buckets.get(bucket);
      if (!b) throw new Error(`no bucket ${bucket}`);
      return b;
    },
    /** The next `n` PUT/DELETE requests are carried out, but the connection closes before the answer. */
    dropNextAnswers(n = 1) {
      dropAnswers += n;
    },
    /** The next `n` requests are never answered. */
    hangNextRequests(n = 1) {
      hangRequests += n;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** A signed header's value: its values joined by commas, each trimmed, inner runs of spaces made one. */
function canonicalHeaderValue(req: http.IncomingMessage, name: string): string {
  const values = req.headersDistinct[name] ?? [];
  return values.map((v) => v.trim().replace(/\s+/g, ' ')).join(',');
}

/** RFC 3986 encoding as SigV4 asks: everything but A-Z a-z 0-9 - _ . ~ is %XX (upper-case). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3 encodes each path segment once (no double encoding, unlike the other services). */
function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const k = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, '%20'));
      const v = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, '%20'));
      return [uriEncode(k), uriEncode(v)] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function signingKey(secret: string, date: string, region: string): Buffer {
  const kDate = createHmac('sha256', `AWS4${secret}`).update(date).digest();
  const kRegion = createHmac('sha256', kDate).update(region).digest();
  const kService = createHmac('sha256', kRegion).update('s3').digest();
  return createHmac('sha256', kService).update('aws4_request').digest();
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null (the whole object) for no or an unreadable header. */
function parseRange(value: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!value) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function sendError(res: http.ServerResponse, isHead: boolean, err: S3Error, path: string, requestId: string): void {
  if (res.headersSent) return;
  // HEAD answers carry no body: the client knows the error by its status alone.
  if (isHead) {
    res.writeHead(err.status).end();
    return;
  }
  const fields = Object.entries(err.extra)
    .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
    .join('');
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${err.code}</Code><Message>${xmlEscape(err.message)}</Message>${fields}<Resource>${xmlEscape(path)}</Resource><RequestId>${requestId}</RequestId></Error>`;
  res.writeHead(err.status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) }).end(xml);
}
