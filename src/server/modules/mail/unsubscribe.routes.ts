import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { badRequest } from '@/server/lib/http-errors';
import { isSuppressed, readUnsubscribeToken, suppress, UNSUBSCRIBE_PATH } from './unsubscribe';

/**
 * /api/mail/unsubscribe?token=… (docs/decisions/123): the address of a mail's List-Unsubscribe header.
 *  - POST with `List-Unsubscribe=One-Click` (RFC 8058, form-urlencoded or multipart, as mail clients send it) takes
 *    the address off the nomination mails at once, without sign-in: the signed token is the authority. The page's own
 *    button posts the same body.
 *  - GET only shows a page that asks (link scanners open every link in a mail: opening one must change nothing).
 */

const querystring = z.object({ token: z.string().max(600).optional() });

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A page of its own, light and without script: it must work from any mail client's browser, on any phone. With nothing
 * to hydrate it answers as soon as it is painted: `data-ready`, as the app's pages say once they answer.
 */
function page(o: { brand: string; title: string; paragraphs: string[]; form?: { action: string; button: string }; back: string }): string {
  const brand = escapeHtml(o.brand);
  return `<!doctype html>
<html lang="en" data-ready="true">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(o.title)} · ${brand}</title>
<style>
body{margin:0;background:#fff8ef;color:#1f1a17;font-family:Inter,"Segoe UI",Arial,sans-serif;line-height:1.5}
main{max-width:34rem;margin:0 auto;padding:3rem 1.25rem}
.brand{font-family:Georgia,"Times New Roman",serif;font-weight:bold;font-size:1.25rem;margin:0 0 2rem}
h1{font-family:Georgia,"Times New Roman",serif;font-size:1.75rem;line-height:1.2;margin:0 0 1rem}
p{margin:0 0 1rem}
strong{overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:.75rem 1.25rem;align-items:center;margin-top:1.5rem}
button{font:inherit;font-weight:600;background:#c8102e;color:#fff;border:0;border-radius:999px;padding:.75rem 1.4rem;min-height:44px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1f1a17;outline-offset:3px}
a{color:#9e0c24;font-weight:600;text-underline-offset:4px}
</style>
</head>
<body>
<main>
<p class="brand">${brand}</p>
<h1>${escapeHtml(o.title)}</h1>
${o.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<div class="actions">
${o.form ? `<form method="post" action="${escapeHtml(o.form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(o.form.button)}</button></form>` : ''}
<a href="/">${escapeHtml(o.back)}</a>
</div>
</main>
</body>
</html>`;
}

/** RFC 8058's body: `List-Unsubscribe=One-Click`, form-urlencoded or as a multipart/form-data field. */
function isOneClick(body: unknown): boolean {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '';
  if (new URLSearchParams(text.trim()).get('List-Unsubscribe') === 'One-Click') return true;
  return /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(text);
}

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const brand = async () => (await app.settings.getPublic()).brand_name;
  const wantsHtml = (accept: string | undefined) => (accept ?? '').includes('text/html');
  const brokenLink = async () => {
    const support = (await app.settings.getPublic()).support_email;
    return page({
      brand: await brand(),
      title: 'This unsubscribe link does not work',
      paragraphs: [
        'It may have been cut short on its way here. Use the unsubscribe link in the mail itself, or write to ' +
          `<a href="mailto:${escapeHtml(support)}">${escapeHtml(support)}</a> and we will take you off the list by hand.`,
      ],
      back: `Go to ${await brand()}`,
    });
  };

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['mail'],
        summary: 'The page of a mail’s unsubscribe link: asks before it unsubscribes (opening it changes nothing)',
        produces: ['text/html'],
        querystring,
        description: 'Answers an HTML page; a bad token is answered with a page to a browser (Accept: text/html) and the JSON error to any other client.',
        response: { 200: z.string(), 400: z.union([apiErrorSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const email = readUnsubscribeToken(app.authSecret, 'nominations', request.query.token);
      if (!email && !wantsHtml(request.headers.accept)) throw badRequest('This unsubscribe link is not valid.', 'token', 'BAD_UNSUBSCRIBE_TOKEN');
      reply.type('text/html; charset=utf-8').header('x-robots-tag', 'noindex');
      if (!email) return reply.code(400).send(await brokenLink());
      const name = await brand();
      if (await isSuppressed(app.db, email, 'nominations')) {
        return page({
          brand: name,
          title: 'You are already unsubscribed',
          paragraphs: [`We send no nominations to <strong>${escapeHtml(email)}</strong>. The Committee has taken it with dignity.`],
          back: `Go to ${name}`,
        });
      }
      return page({
        brand: name,
        title: 'Unsubscribe from nominations?',
        paragraphs: [
          `We will stop mailing nominations to <strong>${escapeHtml(email)}</strong>: no more claim links, however distinguished the achievement.`,
          'Certificates already issued in your name keep working from the links you have.',
        ],
        form: { action: `${UNSUBSCRIBE_PATH}?token=${request.query.token}`, button: 'Unsubscribe me' },
        back: 'Keep them coming',
      });
    },
  );

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
    raw.post(
      UNSUBSCRIBE_PATH,
      {
        // The signed token is the authority: a mail client posts without cookies, from no page of ours.
        config: { csrf: 'exempt' },
        schema: {
          tags: ['mail'],
          summary: 'One-click unsubscribe (RFC 8058) from nomination mails',
          description:
            'Body `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded or multipart/form-data). No sign-in: the token of the mail’s ' +
            'List-Unsubscribe link names the address. Idempotent. Answers an HTML page when the request accepts text/html (the page’s button).',
          querystring,
          response: { 200: z.union([z.object({ unsubscribed: z.literal(true), list: z.literal('nominations') }), z.string()]), 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const html = wantsHtml(request.headers.accept);
        const email = readUnsubscribeToken(app.authSecret, 'nominations', (request.query as z.infer<typeof querystring>).token);
        if (!email) {
          if (html) return reply.code(400).type('text/html; charset=utf-8').send(await brokenLink());
          throw badRequest('This unsubscribe link is not valid.', 'token', 'BAD_UNSUBSCRIBE_TOKEN');
        }
        if (!isOneClick(request.body)) throw badRequest('Send List-Unsubscribe=One-Click to unsubscribe.', 'body', 'NOT_ONE_CLICK');
        await suppress(app.db, email, 'nominations', html ? 'page' : 'one_click');
        request.log.info({ list: 'nominations' }, 'an address unsubscribed');
        if (!html) return { unsubscribed: true as const, list: 'nominations' as const };
        const name = await brand();
        reply.type('text/html; charset=utf-8').header('x-robots-tag', 'noindex');
        return page({
          brand: name,
          title: 'You are unsubscribed',
          paragraphs: [`We will send no more nominations to <strong>${escapeHtml(email)}</strong>. The Committee has noted your wishes in triplicate.`],
          back: `Go to ${name}`,
        });
      },
    );
  });
};
