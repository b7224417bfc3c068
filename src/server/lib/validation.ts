import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { badRequest } from './http-errors';

/** A NUL, or half of a UTF-16 surrogate pair without its other half. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path of the first string (or object key) in `value` that no text column can hold: PostgreSQL refuses NUL
 * in text, and a lone surrogate has no UTF-8 form (the driver would silently store U+FFFD instead).
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string[] | null {
  // Each entry links to its parent, so a path is only built for the one bad value (depth × depth otherwise).
  interface Step {
    item: unknown;
    key: string | null;
    parent: Step | null;
  }
  const pathOf = (step: Step, key?: string) => {
    const reversed = key === undefined ? [] : [key];
    for (let s: Step | null = step; s?.key != null; s = s.parent) reversed.push(s.key);
    return reversed.reverse();
  };
  const stack: Step[] = [{ item: value, key: null, parent: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const { item } = step;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return pathOf(step);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ item: item[i], key: String(i), parent: step });
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (UNSTORABLE.test(key)) return pathOf(step, key);
        stack.push({ item: child, key, parent: step });
      }
    }
  }
  return null;
}

const PART: Record<string, string> = { body: 'field', querystring: 'query parameter', params: 'path parameter', headers: 'header' };

/** A wildcard's parameter (`/files/award-images/*`) by the name callers read in the OpenAPI document (decision 122). */
export const WILDCARD_PARAM = 'path';

/**
 * The app's validator compiler: every route's zod schema, after one check shared by every text field of every
 * route (body, query, path, headers) — so a route added later cannot forget it (docs/decisions/051).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (routeSchema) => {
  const validate = zodValidatorCompiler(routeSchema);
  const label = PART[routeSchema.httpPart ?? 'body'] ?? 'field';
  return (data) => {
    const found = findUnstorableText(data);
    if (found) {
      const path = routeSchema.httpPart === 'params' && found[0] === '*' ? [WILDCARD_PARAM, ...found.slice(1)] : found;
      const field = path.join('.') || undefined;
      return {
        error: badRequest(
          `${field ? `${field}: ` : ''}this ${label} contains a character we cannot store (a NUL or a broken emoji). Remove it and try again.`,
          field,
          'INVALID_TEXT',
        ),
      };
    }
    return validate(data);
  };
};
