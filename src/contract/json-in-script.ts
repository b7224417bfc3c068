/**
 * JSON to write inside a <script> element (JSON-LD, the settings, the rendered page's state): every "<" escaped,
 * so no text, "</script>" in a nominee's name included, can close the element early.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
