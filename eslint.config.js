// ESLint flat config: type-checked TypeScript everywhere, React rules in web/, and the layer rules
// (which folder may import which) written down as boundaries/dependencies policies.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'dist/**', 'cdk.out/**', 'coverage/**', '.data/**', '.ci/out/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A leading underscore marks a parameter a signature needs but the body does not (interface
      // implementations, fetch stubs) and a key dropped by destructuring ({ pk: _pk, ...rest }).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Plain JS (this file, .ci scripts) runs in Node and is not part of the TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The layers. Every file of ours belongs to one element; an import is allowed only when a policy
    // below allows it (default: disallow). Imports inside one element (a feature's own files, domain
    // importing domain...) are not checked. npm packages are not checked (checkAllOrigins: false).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      // Resolves `@/` and `@domain/` through tsconfig.json's paths, and .ts imports written without extension.
      'import/resolver': { typescript: { project: './tsconfig.json', alwaysTryTypes: true }, node: true },
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': [
        // Most specific first: a file takes the first element whose pattern matches from the root.
        // Root config files (vite, vitest, playwright) and .ci/ belong to none, so their imports are free.
        { type: 'feature', pattern: 'web/features/*', capture: ['feature'], partialMatch: false },
        { type: 'web-app', pattern: 'web/app', partialMatch: false },
        { type: 'web', pattern: 'web', partialMatch: false },
        { type: 'domain', pattern: 'domain', partialMatch: false },
        { type: 'functions', pattern: 'functions', partialMatch: false },
        { type: 'infra', pattern: 'infra', partialMatch: false },
        { type: 'bench', pattern: 'bench', partialMatch: false },
        { type: 'test', pattern: 'test', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{from.type}} may not import {{to.type}} ({{to.path}}): see the layers in docs/architecture.md',
          policies: [
            // Pure rules and the API contract: nothing of ours outside domain/ (npm packages are fine).
            { from: { element: { type: 'domain' } }, allow: { to: { element: { type: 'domain' } } } },
            // Lambda code: itself and domain/; never web/, infra/, bench/ or test/.
            { from: { element: { type: 'functions' } }, allow: { to: { element: { types: ['functions', 'domain'] } } } },
            // CDK and the local front read the route table and the handlers.
            { from: { element: { type: 'infra' } }, allow: { to: { element: { types: ['infra', 'functions', 'domain'] } } } },
            // Shared web code (components, hooks, lib, api-client) knows no feature and not the app shell.
            { from: { element: { type: 'web' } }, allow: { to: { element: { types: ['web', 'domain'] } } } },
            // The entry point mounts the app shell.
            { from: { file: { path: 'web/{main,landing}.tsx' } }, allow: { to: { element: { type: 'web-app' } } } },
            // The app shell composes features: the router lazy-loads page modules directly (an index
            // imported by the router would pull each feature's schemas into the entry chunk).
            { from: { element: { type: 'web-app' } }, allow: { to: { element: { types: ['web-app', 'web', 'domain', 'feature'] } } } },
            // A feature uses shared web code, domain/, and another feature only through its public index.
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: ['web', 'domain'] } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } } },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature', fileInternalPath: '!index.ts' } } },
              message:
                'a feature may import another feature only through its public index (web/features/<name>/index.ts), not {{to.path}}/{{to.fileInternalPath}}',
            },
            // Benchmarks and tests may reach anything.
            { from: { element: { types: ['bench', 'test'] } }, allow: { to: { element: { type: '*' } } } },
          ],
        },
      ],
    },
  },
  {
    // Rules that fight test idioms, off in test/ only:
    // - no-unsafe-*: tests read answers with JSON.parse and mock.calls (typed any) and check them with
    //   expect(...), which is the type check; typing every parsed answer would restate the contract.
    // - unbound-method: expect(client.send).toHaveBeenCalled() and vi.mocked(obj.method) pass methods
    //   unbound on purpose.
    // - require-await: async stubs (vi.fn(async () => x), fake providers) have no await but must return
    //   a promise like the real thing.
    // - no-base-to-string: fetch stubs receive `RequestInfo | URL` and String() it; the code under test
    //   always passes a string.
    // no-floating-promises stays on: an un-awaited expect(...).rejects or user.click() is a test that
    // cannot fail or races the next line.
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // `role` on our own components (<RequireSession role="admin" />) is an account role, not ARIA.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // The resolver comes with zod's jitless setting from web/lib/zod-form.ts (CSP, no eval probe).
      'no-restricted-imports': ['error', { paths: [{ name: '@hookform/resolvers/zod', message: "Import zodResolver from '@/lib/zod-form'." }] }],
    },
  },
  {
    files: ['web/lib/zod-form.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
