import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', 'web/src/routeTree.gen.ts', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // One cache owns Intl formatters (src/domain/shared/intl-format.ts): building one loads locale
    // data, so a formatter built per call on a hot path costs a millisecond each time.
    files: ['src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['src/domain/shared/intl-format.ts', 'src/config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat)$/]", message: 'Use dateTimeFormat/numberFormat from src/domain/shared/intl-format.ts (the one formatter cache).' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'test/unit/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Scripts, benches and test helpers print to the terminal on purpose.
    files: ['scripts/**', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
