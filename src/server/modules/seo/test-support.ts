/** Test helpers for server-rendered pages: the parts of a rendered page the browser takes over. */

/** The markup inside `<div id="root">` (what hydrates). */
export const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="app-state">/.exec(html)?.[1] ?? '';

/** The page's data for the browser (the `app-state` script's JSON text), or '' when there is none. */
export const stateTextOf = (html: string) => /<script type="application\/json" id="app-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
