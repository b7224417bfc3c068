import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The rules in eslint.config.js that keep the web app's shape (docs/decisions/061, 063), run on
// small pieces of code as if they sat at the given path.
const eslint = new ESLint({ cwd: process.cwd() });

async function errors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint rules of the web app', () => {
  it('refuses a literal query key anywhere but the key factory', async () => {
    const code = `
import { queryOptions, type QueryClient } from '@tanstack/react-query';
export const options = queryOptions({ queryKey: ['awards', {}], queryFn: () => 1 });
export const drop = (client: QueryClient) => client.invalidateQueries({ queryKey: ['community'] });
export const put = (client: QueryClient) => client.setQueryData(['certificates', 'x'], 1);
export const data = (client: QueryClient, key: readonly string[]) => client.setQueryData(key, ['an', 'array', 'of', 'data']);
`;
    const message = 'no-restricted-syntax: Use a key from queryKeys (src/web/lib/query-keys.ts), not a literal array.';
    expect(await errors('src/web/features/awards/api/get-awards.ts', code)).toEqual([message, message, message]);
    expect(await errors('src/web/lib/query-keys.ts', code)).toEqual([]);
  });

  it('accepts keys from the factory', async () => {
    const code = `
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/web/lib/query-keys';
export const drop = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.community.all });
`;
    expect(await errors('src/web/features/community/api/get-community.ts', code)).toEqual([]);
  });

  it('refuses a feature importing another feature, by either spelling', async () => {
    expect(await errors('src/web/features/claims/components/claim-page.tsx', "import { x } from '../../certificates/api/get-certificate';\nexport default x;\n")).toEqual([
      'no-restricted-imports: \'../../certificates/api/get-certificate\' import is restricted from being used by a pattern. A feature must not import another feature.',
    ]);
    expect(await errors('src/web/features/claims/components/claim-page.tsx', "import { x } from '@/web/features/certificates/api/get-certificate';\nexport default x;\n")).toHaveLength(1);
    expect(await errors('src/web/features/claims/components/claim-page.tsx', "import { x } from '../api/get-claim';\nexport default x;\n")).toEqual([]);
  });

  it('refuses shared code importing a feature; routes may', async () => {
    const code = "import { ClaimPage } from '@/web/features/claims/components/claim-page';\nexport default ClaimPage;\n";
    expect(await errors('src/web/components/certificates/live-preview.tsx', code)).toEqual([
      "no-restricted-imports: '@/web/features/claims/components/claim-page' import is restricted from being used by a pattern. Shared code must not import a feature or the app.",
    ]);
    expect(await errors('src/web/lib/api/get-awards.ts', code)).toHaveLength(1);
    expect(await errors('src/web/app/routes/claim.tsx', code)).toEqual([]);
  });

  it('sends every textarea to TextAreaField', async () => {
    const code = "export const Note = () => <textarea aria-label=\"Note\" />;\n";
    expect(await errors('src/web/features/admin-crm/components/contact-notes.tsx', code)).toEqual([
      'no-restricted-syntax: Use TextAreaField (src/web/components/ui/text-area-field.tsx), or FormTextArea in a useZodForm form.',
    ]);
    const field = "import { TextAreaField } from '@/web/components/ui/text-area-field';\nexport const Note = () => <TextAreaField label=\"Note\" />;\n";
    expect(await errors('src/web/features/admin-crm/components/contact-notes.tsx', field)).toEqual([]);
  });

  it('sends a SelectField inside a Controller to FormSelectField', async () => {
    const bound =
      "import { Controller } from 'react-hook-form';\nimport { SelectField } from '@/web/components/ui/select-field';\n" +
      "export const Pick = ({ control }: { control: never }) => <Controller control={control} name=\"x\" render={({ field }) => <SelectField label=\"X\" options={[]} {...field} />} />;\n";
    expect(await errors('src/web/features/admin-settings/components/shop-sections.tsx', bound)).toEqual([
      'no-restricted-syntax: Use FormSelectField (src/web/components/ui/form.tsx) for a select in a useZodForm form.',
    ]);
    const plain = "import { SelectField } from '@/web/components/ui/select-field';\nexport const Pick = () => <SelectField label=\"X\" options={[]} />;\n";
    expect(await errors('src/web/features/admin-settings/components/shop-sections.tsx', plain)).toEqual([]);
  });
});
