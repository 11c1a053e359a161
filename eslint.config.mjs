import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import layers from './eslint-rules/layers.mjs'

// Each of these makes an object in V8's old generation that points at the function's own objects, and a young
// collection then keeps everything those reach until the next full collection (ADR 083, bench/young-pinning.mjs).
// Made per request, they promote every request's garbage. An object made once per process may have them: say so
// where it is made, with an eslint-disable comment.
const keptUntilFullCollection = (what) => `${what} keeps what this function's objects reach until V8's next full collection (ADR 083): per request, use a method, a closure or a module-level class.`
const REQUEST_PINNING = [
  { selector: ':function Property[kind="get"], :function Property[kind="set"]', message: keptUntilFullCollection('An accessor made inside a function') },
  { selector: 'CallExpression[callee.property.name=/^define(Property|Properties)$/] Property[key.name=/^(get|set)$/]', message: keptUntilFullCollection('A property accessor') },
  { selector: ':function ClassDeclaration, :function ClassExpression', message: keptUntilFullCollection('A class declared inside a function') },
  { selector: ':function :function[generator=true]', message: keptUntilFullCollection('A generator function declared inside a function') },
  { selector: 'CallExpression[callee.property.name="setPrototypeOf"]', message: keptUntilFullCollection('A prototype set at run time') },
  { selector: 'MemberExpression[object.name="AbortSignal"][property.name="any"]', message: keptUntilFullCollection('AbortSignal.any') },
]

// A tab's first Intl number formatter loads ICU's data on the main thread, 18–32 ms inside hydration (ADR 089).
const NUMBERS_BY_HAND = [
  { selector: 'NewExpression[callee.object.name="Intl"][callee.property.name="NumberFormat"]', message: 'Write money with formatPence and other numbers with numberText (src/lib/text/number-text.ts), not Intl.NumberFormat (ADR 089).' },
  { selector: 'CallExpression[callee.property.name="toLocaleString"]', message: 'Write numbers with numberText (src/lib/text/number-text.ts) and dates with Intl.DateTimeFormat, not toLocaleString (ADR 089).' },
  // Without a time zone these write the server's or the browser's day: just after midnight in London, UTC's day before.
  { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]', message: "Write a date with ukLongDate (src/lib/text/uk-date.ts) or an Intl.DateTimeFormat with timeZone 'Europe/London', not toLocaleDateString or toLocaleTimeString." },
]

// zod comes configured from src/lib/zod.ts (no eval: the CSP forbids it, and zod's probe for it is reported).
const zodPath = { name: 'zod', message: 'Import z from src/lib/zod, which configures zod for this shop.' }

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      'data/**',
      'src/app/(payload)/**',
      'src/payload-types.ts',
      'src/migrations/**',
      'next-env.d.ts',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, wheelhouse: layers },
    rules: {
      'wheelhouse/layers': 'error',
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'no-restricted-imports': ['error', { paths: [zodPath] }],
    },
  },
  {
    // The domain is pure TypeScript: no framework, no database, no outside service.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodPath],
          patterns: [
            { group: ['next', 'next/*', 'react', 'react-dom', 'payload', '@payloadcms/*', '**/cms/**', '**/adapters/**', '**/app/**', '**/features/**'], message: 'src/domain stays framework-free.' },
          ],
        },
      ],
    },
  },
  {
    // what runs for a request: the app, its server and their libraries (not tests, scripts or benches)
    files: ['src/**/*.{ts,tsx,mjs}', 'server-lib/**/*.mjs', 'server.mjs'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...REQUEST_PINNING, ...NUMBERS_BY_HAND] },
  },
  {
    files: ['src/lib/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**', 'tests/**', 'bench/**', 'server.mjs'],
    rules: { 'no-console': 'off' },
  },
)
