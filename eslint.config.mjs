import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import layers from './eslint-rules/layers.mjs'

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
    files: ['src/lib/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**', 'tests/**', 'bench/**', 'server.mjs'],
    rules: { 'no-console': 'off' },
  },
)
