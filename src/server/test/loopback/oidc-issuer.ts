import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, standing in for
 * Google in tests: discovery, authorization with PKCE and nonce, code exchange, signed ID tokens
 * and JWKS all go over HTTP exactly as with Google. Its sign-in page is a one-field form: type
 * any email and you are that Google user. An email starting with "unverified" comes back with
 * email_verified false.
 */
export async function startOidcIssuer(opts: {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'loopback-1', use: 'sig', alg: 'RS256' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['loopback-oidc-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token itself carries email and name.
    conformIdTokenClaims: false,
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // First-party test client: consent is implied.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          const local = sub.split('@')[0] ?? sub;
          return {
            sub,
            email: sub,
            email_verified: !sub.startsWith('unverified'),
            name: local.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
          };
        },
      };
    },
  });
  provider.on('server_error', (_ctx, err) => console.warn('loopback OIDC server_error', err));

  const callback = provider.callback();
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    if (!m) return void callback(req, res);
    void (async () => {
      try {
        if (req.method === 'GET') {
          await provider.interactionDetails(req, res);
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loopback Google</title></head>
<body><main><h1>Sign in to Loopback Google</h1>
<form method="post" action="/interaction/${m[1]}">
<label for="email">Email</label> <input id="email" name="email" type="email" required autofocus>
<button type="submit">Continue</button></form></main></body></html>`);
          return;
        }
        const body = await new Promise<string>((resolve) => {
          let data = '';
          req.on('data', (c: Buffer) => (data += c.toString()));
          req.on('end', () => resolve(data));
        });
        const email = new URLSearchParams(body).get('email')?.trim().toLowerCase();
        const result = email
          ? { login: { accountId: email } }
          : { error: 'access_denied', error_description: 'The user cancelled the sign-in.' };
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      } catch (err) {
        res.statusCode = 400;
        res.end(String(err));
      }
    })();
  });

  return {
    issuer,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Plays the browser at the issuer: follows its redirects with its cookies, submits the sign-in
 * form as `email` (or cancels when email is null), and returns the URL the issuer finally sends
 * the browser to (our callback, with code and state).
 */
export async function signInAtIssuer(authorizationUrl: string, email: string | null): Promise<URL> {
  const jar = new Map<string, string>();
  const issuerOrigin = new URL(authorizationUrl).origin;
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  let submitted = false;
  for (let hop = 0; hop < 10; hop++) {
    const res = await send(url);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.origin !== issuerOrigin) return next;
      url = next.href;
      continue;
    }
    const m = /action="(\/interaction\/[\w-]+)"/.exec(await res.text());
    if (!m || submitted) throw new Error(`unexpected page at ${url} (${res.status})`);
    submitted = true;
    const posted = await send(`${issuerOrigin}${m[1]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(email ? { email } : {}).toString(),
    });
    url = new URL(posted.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects at the issuer');
}
