/**
 * The outside world for the e2e run, on loopback: an OpenID Connect provider standing in for
 * Google, an SMTP server catching every mail, and a small HTTP API to read the caught mails.
 * Started by playwright.config.ts before the app; the app is configured to use them.
 */
import http from 'node:http';
import { startOidcIssuer } from '../../src/server/test/loopback/oidc-issuer';
import { startSmtpSink } from '../../src/server/test/loopback/smtp-sink';
import { LOOPBACK } from './loopback-config';

const smtp = await startSmtpSink(LOOPBACK.smtpPort);
const oidc = await startOidcIssuer({
  port: LOOPBACK.oidcPort,
  clientId: LOOPBACK.googleClientId,
  clientSecret: LOOPBACK.googleClientSecret,
  redirectUris: [`${LOOPBACK.appUrl}/api/auth/callback/google`],
});

const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/health') return void res.end('{"ok":true}');
  if (url.pathname === '/mails') {
    const to = url.searchParams.get('to');
    const list = to ? smtp.mailsTo(to) : smtp.mails;
    return void res.end(JSON.stringify(list.map(({ raw: _raw, ...m }) => m)));
  }
  res.statusCode = 404;
  res.end('{"error":"not found"}');
});
api.listen(LOOPBACK.mailApiPort, '127.0.0.1');

const stop = async () => {
  api.close();
  await Promise.allSettled([smtp.close(), oidc.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
console.log(`loopback services: OIDC ${oidc.issuer}, SMTP ${smtp.url}, mails http://127.0.0.1:${LOOPBACK.mailApiPort}/mails`);
