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

  it('keeps forms to the kit: no errors object in state, no server field put under a field by hand (docs/decisions/060)', async () => {
    const path = 'src/web/features/admin-products/components/products-admin.tsx';
    const state =
      "import { useState } from 'react';\n" +
      "export function useErrors() {\n  const [errors, setErrors] = useState<Record<string, string>>({});\n  return { errors, fail: () => setErrors({ price: 'Enter a price' }) };\n}\n";
    expect(await errors(path, state)).toEqual([
      'no-restricted-syntax: Validate with useZodForm and a schema from src/contract (src/web/components/ui/form.tsx), not an errors object in state.',
    ]);
    const byHand =
      "import type { FieldPath, UseFormReturn } from 'react-hook-form';\nimport { ApiRequestError } from '@/web/lib/api-client';\n" +
      "export function place(form: UseFormReturn<{ price: string }>, err: unknown, failure: { field: string; message: string }) {\n" +
      "  if (err instanceof ApiRequestError && err.field) form.setError(err.field as FieldPath<{ price: string }>, { message: err.message });\n" +
      "  form.setError(failure.field as 'price', { message: failure.message });\n}\n";
    const field = "no-restricted-syntax: Put a server's field error under its field with showFieldError (src/web/components/ui/form.tsx); apiErrorField reads the field for anything else.";
    const cast = "no-restricted-syntax: Put a server's field error under its field with showFieldError (src/web/components/ui/form.tsx), mapping its names with `fields`.";
    expect(await errors(path, byHand)).toEqual([field, cast, field, cast]);
    expect(await errors('src/web/components/shop/address-fields.tsx', byHand)).toHaveLength(4);
    // The kit is where it is done, once; the API client reads the field off the answer.
    expect(await errors('src/web/components/ui/form.tsx', byHand)).toEqual([]);
    expect(await errors('src/web/lib/api-client.ts', "export const fieldOf = (err: { field?: string }) => err.field;\n")).toEqual([]);
    const kit =
      "import type { UseFormReturn } from 'react-hook-form';\nimport { apiErrorField, showFieldError } from '@/web/components/ui/form';\n" +
      "export function place(form: UseFormReturn<{ visibility: string }>, err: unknown) {\n" +
      "  return showFieldError(form, err, { fields: { is_public: 'visibility' } }) || apiErrorField(err)?.startsWith('answers');\n}\n";
    expect(await errors(path, kit)).toEqual([]);
  });
});
