import fs from 'node:fs';
import path from 'node:path';
import { matchPage, notFoundPage, type PageDef } from '@/contract/pages';
import { buildHeadTags, renderHeadTags, type HeadContext } from '@/contract/seo';
import type { PublicSettings } from '@/contract/settings';

/** Extra head data for pages whose title or image depend on stored data (e.g. a certificate). */
export type HeadOverrides = Partial<Pick<HeadContext, 'title' | 'description' | 'image' | 'noindex'>>;
export type HeadResolver = (match: RegExpExecArray) => Promise<HeadOverrides | null>;

const HEAD_MARK = '<!--app-head-->';
const SETTINGS_MARK = '<!--app-settings-->';

/** Used when the web app has not been built (API tests); the real index.html has the same marks. */
const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    ${HEAD_MARK}
    ${SETTINGS_MARK}
  </head>
  <body><div id="root"></div></body>
</html>`;

export class HtmlShell {
  /** The template cut at its two marks: [before head, between, after settings]. */
  private readonly parts: [string, string, string];
  readonly built: boolean;
  private readonly resolvers: { pattern: RegExp; resolve: HeadResolver }[] = [];

  constructor(webDistDir: string) {
    const file = path.join(webDistDir, 'index.html');
    this.built = fs.existsSync(file);
    const template = this.built ? fs.readFileSync(file, 'utf8') : FALLBACK_TEMPLATE;
    const [before, rest, ...extraHead] = template.split(HEAD_MARK);
    const [between, after, ...extraSettings] = (rest ?? '').split(SETTINGS_MARK);
    if (rest === undefined || after === undefined || extraHead.length || extraSettings.length) {
      throw new Error(`${file} needs exactly one ${HEAD_MARK} followed by one ${SETTINGS_MARK}: the server writes page metadata there`);
    }
    this.parts = [before!, between!, after];
  }

  addHeadResolver(pattern: RegExp, resolve: HeadResolver) {
    this.resolvers.push({ pattern, resolve });
  }

  /** The served HTML for a pathname: its own title, meta tags and JSON-LD; status 404 for unknown paths. */
  async render(pathname: string, origin: string, settings: PublicSettings): Promise<{ status: number; html: string }> {
    const matched = matchPage(pathname);
    const page: PageDef = matched ?? notFoundPage;
    let overrides: HeadOverrides = {};
    for (const { pattern, resolve } of this.resolvers) {
      const m = pattern.exec(pathname);
      if (m) {
        overrides = (await resolve(m)) ?? {};
        break;
      }
    }
    const tags = buildHeadTags(page, {
      origin,
      pathname,
      brand: settings.brand_name,
      company: settings.company_name,
      social: Object.values(settings.social),
      ...overrides,
    });
    const settingsJson = JSON.stringify(settings).replace(/</g, '\\u003c');
    // Concatenation, not String.replace: text from users (a nominee's name in a title) may hold "$'" or "$&",
    // which a replacement string would expand into pieces of the template.
    const [before, between, after] = this.parts;
    const html = `${before}${renderHeadTags(tags)}${between}<script id="app-settings" type="application/json">${settingsJson}</script>${after}`;
    return { status: matched ? 200 : 404, html };
  }
}
