import fs from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { withoutServerOnlyExports } from './server-only-exports';

const routes = path.resolve(import.meta.dirname, '../src/web/app/routes');
const routeModules = fs
  .readdirSync(routes, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
  .map((f) => path.join(routes, f));

const exportsOf = (code: string, file: string) =>
  parseAst(code, { lang: 'tsx', sourceType: 'module' }, file).body.flatMap((s) =>
    s.type === 'ExportNamedDeclaration' && s.declaration?.type === 'VariableDeclaration'
      ? s.declaration.declarations.map((d) => (d.id.type === 'Identifier' ? d.id.name : '?'))
      : s.type === 'ExportDefaultDeclaration'
        ? ['default']
        : [],
  );

describe("the browser's build of a route module (decision 145)", () => {
  const withServerRender = routeModules.filter((f) => fs.readFileSync(f, 'utf8').includes('export const serverRender'));

  it('finds the server-rendered pages', () => {
    // The home page, the gallery, the store, the certificate page… (app/ssr-routes.ts builds the server's table from them.)
    expect(withServerRender.map((f) => path.relative(routes, f))).toEqual(expect.arrayContaining(['home.tsx', 'store.tsx', 'certificate.tsx']));
  });

  it.each(withServerRender.map((f) => [path.relative(routes, f), f]))('%s loses serverRender and keeps the rest, line for line', (_, file) => {
    const code = fs.readFileSync(file, 'utf8');
    const stripped = withoutServerOnlyExports(code, file);
    expect(stripped).not.toBeNull();
    expect(exportsOf(stripped!, file)).toEqual(exportsOf(code, file).filter((name) => name !== 'serverRender'));
    expect(exportsOf(stripped!, file)).toContain('default');
    // Same length and line breaks: every other position, and so the source map, is unchanged.
    expect(stripped!.length).toBe(code.length);
    expect(stripped!.split('\n').length).toBe(code.split('\n').length);
  });

  it('leaves a module without server-only exports alone, and one that mentions the name without exporting it', () => {
    const file = path.join(routes, 'example.tsx');
    expect(withoutServerOnlyExports('export default function Page() { return <p>Hi</p>; }\n', file)).toBeNull();
    expect(withoutServerOnlyExports("// no serverRender here\nexport const head = { title: 'x' };\n", file)).toBeNull();
  });

  it('refuses a statement that declares a server-only export beside another', () => {
    const file = path.join(routes, 'example.tsx');
    expect(() => withoutServerOnlyExports('export const head = 1, serverRender = 2;\n', file)).toThrow(/one per statement/);
  });
});
