import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleBoundaries from './eslint-rules/module-boundaries.js';

/** What keeps the web app to one way of doing things (no-restricted-syntax); see src/web/lint-rules.test.ts. */
const webSyntax = [
  {
    selector: "Property[key.name='queryKey'] > ArrayExpression.value",
    message: 'Use a key from queryKeys (src/web/lib/query-keys.ts), not a literal array.',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState|getQueriesData|setQueriesData|invalidateQueries|removeQueries|cancelQueries|refetchQueries|resetQueries|fetchQuery|prefetchQuery|ensureQueryData)$/] > ArrayExpression.arguments:first-child",
    message: 'Use a key from queryKeys (src/web/lib/query-keys.ts), not a literal array.',
  },
  {
    // One labelled textarea (docs/decisions/106).
    selector: "JSXOpeningElement[name.name='textarea']",
    message: 'Use TextAreaField (src/web/components/ui/text-area-field.tsx), or FormTextArea in a useZodForm form.',
  },
  {
    // One bound select: a SelectField rendered by a react-hook-form Controller is FormSelectField's job.
    selector: "JSXElement[openingElement.name.name='Controller'] JSXOpeningElement[name.name='SelectField']",
    message: 'Use FormSelectField (src/web/components/ui/form.tsx) for a select in a useZodForm form.',
  },
];

/**
 * One way to validate a form and to show a server's field error (docs/decisions/060): useZodForm with the contract's
 * schema, and showFieldError — never an errors object in state, never `err.field` mapped onto a field by hand.
 */
const formSyntax = [
  {
    selector: "CallExpression[callee.name='setErrors']",
    message: 'Validate with useZodForm and a schema from src/contract (src/web/components/ui/form.tsx), not an errors object in state.',
  },
  {
    selector: "MemberExpression[property.name='field'][object.name=/^err(or)?$/]",
    message: "Put a server's field error under its field with showFieldError (src/web/components/ui/form.tsx); apiErrorField reads the field for anything else.",
  },
  {
    selector: "CallExpression[callee.property.name='setError'] > TSAsExpression.arguments:first-child",
    message: "Put a server's field error under its field with showFieldError (src/web/components/ui/form.tsx), mapping its names with `fields`.",
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'src/web/public/**', 'scratch/**', '.ci/**', '.e2e-data*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Features never import other features (STYLE.md): a feature reaches its own files relatively, and what
    // two features share lives in components/, hooks/ or lib/ (docs/decisions/063).
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*/**', '!../../../**'], message: 'A feature must not import another feature.' },
            { group: ['@/web/features/**', '@/web/app/**'], message: 'A feature must not import another feature or the app; import your own files relatively.' },
          ],
        },
      ],
    },
  },
  {
    // Shared code flows one way: components/, hooks/, lib/ → features → app.
    files: ['src/web/{components,hooks,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/web/features/**', '@/web/app/**', '**/features/**', '**/app/**'], message: 'Shared code must not import a feature or the app.' }] },
      ],
    },
  },
  {
    // Every query key comes from the key factory (src/web/lib/query-keys.ts, docs/decisions/061), and one labelled
    // textarea and one bound select (docs/decisions/106).
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/query-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', ...webSyntax] },
  },
  {
    // Features and shared components also keep to the form kit; the kit itself is where these are allowed.
    files: ['src/web/{features,components}/**/*.{ts,tsx}'],
    ignores: ['src/web/components/ui/form.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...webSyntax, ...formSyntax] },
  },
  {
    // One owner per shop table, and every module reached through its index.ts (docs/decisions/108, 125).
    files: ['src/server/**/*.ts'],
    plugins: { local: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'local/module-boundaries': 'error' },
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
