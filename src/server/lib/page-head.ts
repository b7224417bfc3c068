import type { HeadContext } from '@/contract/seo';

/**
 * What a module gives the server-rendered page's head (src/server/modules/seo/html-shell.ts adds it): the modules
 * whose pages show stored data (a certificate, a landing page, a quiz result, the store) resolve it, the shell
 * renders it. Here so that those modules need not import the shell's module.
 */

/** Extra head data for pages whose title or image depend on stored data (e.g. a certificate). */
export type HeadOverrides = Partial<Pick<HeadContext, 'title' | 'description' | 'image' | 'noindex' | 'canonicalPath' | 'product'>>;
/** `query`: the page address's query, for a page whose query names what it shows (the store of one award). */
export type HeadResolver = (match: RegExpExecArray, query: URLSearchParams) => Promise<HeadOverrides | null>;
