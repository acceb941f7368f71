import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Import boundaries (style.md): a wrong import fails CI.
//   machines/            pure: no React, no components/, no services/server/, no services/client/
//   components/, app/    never services/server/
//   services/domain/     pure rules shared by server and client: no server, client, React or machines
//   services/client/, services/store/: never services/server/
const serverOnly = { message: 'services/server is server-only: reach it through the API.' };

const config = [
  { ignores: ['.next/**', '.next-analyze/**', 'dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'reports/**', '.stryker-tmp/**', 'next-env.d.ts', 'services/server/db/migrations/**'] },
  ...nextVitals,
  ...nextTs,
  {
    // Only our own modules are parsed for cycles; PGlite's bundled chunks overflow the parser.
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      'import/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './app', from: './services/server', message: serverOnly.message },
            { target: './components', from: './services/server', message: serverOnly.message },
            { target: './services/client', from: './services/server', message: serverOnly.message },
            { target: './services/store', from: './services/server', message: serverOnly.message },
            { target: './machines', from: './services/server', message: 'machines are pure: no server code.' },
            { target: './machines', from: './services/client', message: 'machines are pure: effects are provided actors.' },
            { target: './machines', from: './components', message: 'machines are pure: no views.' },
            { target: './machines', from: './app', message: 'machines are pure: no pages.' },
            { target: './services/domain', from: './services/server', message: 'domain rules are shared: no server code.' },
            { target: './services/domain', from: './services/client', message: 'domain rules are shared: no client code.' },
            { target: './services/domain', from: './components', message: 'domain rules are pure: no views.' },
            { target: './services/server', from: './components', message: 'the server does not render views.' },
            { target: './services/server', from: './app', message: 'the server does not import pages.' },
            { target: './services/server', from: './services/client', message: 'the server does not use the browser client.' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', '@xstate/react'],
              message: 'machines and domain rules are pure: no React.',
            },
          ],
        },
      ],
    },
  },
  {
    // React is allowed everywhere except machines/ and services/domain/.
    files: ['app/**', 'components/**', 'services/client/**', 'services/store/**', 'tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', '*.config.js', 'next.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default config;
