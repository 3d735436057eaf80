// Lint rules, including the layer and determinism rules of DESIGN.md (as errors, not intentions).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// kubernetes-types/storage/v1 is the storage.k8s.io API group, not the page's storage layer.
// kubernetes-types/node/v1 is the node.k8s.io API group (RuntimeClass), not the engine's node/ component.
const KUBERNETES_TYPES = '!kubernetes-types/**';
const upperLayers = ['**/ui/**', '**/worker/**', '**/storage/**', '**/share/**', KUBERNETES_TYPES];
const browserLibraries = ['react', 'react-dom', 'react-dom/*', 'dexie', 'monaco-editor', 'monaco-editor/*', 'monaco-yaml', 'comlink', '@xyflow/react', 'i18next', 'react-i18next'];

const determinism = {
  'no-restricted-globals': ['error',
    { name: 'setTimeout', message: 'The engine uses the simulated clock (sim/clock), never timers.' },
    { name: 'setInterval', message: 'The engine uses the simulated clock (sim/clock), never timers.' },
    { name: 'setImmediate', message: 'The engine uses the simulated clock (sim/clock), never timers.' },
    { name: 'queueMicrotask', message: 'The engine uses the simulated clock (sim/clock), never timers.' },
    { name: 'requestAnimationFrame', message: 'The engine uses the simulated clock (sim/clock).' },
    { name: 'performance', message: 'The engine never reads the wall clock.' },
    { name: 'window', message: 'The engine has no DOM.' },
    { name: 'document', message: 'The engine has no DOM.' },
    { name: 'localStorage', message: 'The engine has no browser storage.' },
    { name: 'indexedDB', message: 'The engine has no browser storage.' },
    { name: 'fetch', message: 'The engine makes no network requests.' },
  ],
  'no-restricted-properties': ['error',
    { object: 'Date', property: 'now', message: 'Use the simulated clock (sim/clock).' },
    { object: 'Math', property: 'random', message: 'Use the seeded RNG (sim/rng).' },
    { object: 'performance', property: 'now', message: 'The engine never reads the wall clock.' },
    { object: 'globalThis', property: 'setTimeout', message: 'Use the simulated clock.' },
  ],
  'no-restricted-syntax': ['error',
    { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'new Date() reads the wall clock: use the simulated clock.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'src/ui/editor/k8s-schema.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Node scripts: the test runner, schema generation, benchmarks, the command line.
    files: ['scripts/**/*.mjs', 'bench/**/*.ts', 'src/cli/**/*.ts', '*.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      ...determinism,
      'no-restricted-imports': ['error', {
        patterns: [
          { group: upperLayers, message: 'engine/ never imports from ui/, worker/, storage/ or share/.' },
          { group: browserLibraries, message: 'engine/ is pure TypeScript: no browser or UI libraries.' },
        ],
      }],
    },
  },
  {
    // Inside the engine imports only point down: api <- apiserver <- client <- {controllers, scheduler, node, network}.
    files: ['src/engine/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/apiserver/**', '**/client/**', '**/controllers/**', '**/scheduler/**', '**/node/**', '**/network/**', '**/kubectl/**', '**/scenario/**', '**/cluster', '**/cluster.ts', KUBERNETES_TYPES], message: 'api/ is the bottom layer of the engine.' },
        { group: upperLayers, message: 'engine/ never imports from ui/, worker/, storage/ or share/.' },
        { group: browserLibraries, message: 'engine/ is pure TypeScript.' },
      ] }],
    },
  },
  {
    files: ['src/engine/apiserver/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/client/**', '**/controllers/**', '**/scheduler/**', '**/node/**', '**/network/**', '**/kubectl/**', '**/scenario/**', '**/cluster', '**/cluster.ts', KUBERNETES_TYPES], message: 'apiserver/ sits on api/ and sim/ only.' },
        { group: upperLayers, message: 'engine/ never imports from ui/, worker/, storage/ or share/.' },
        { group: browserLibraries, message: 'engine/ is pure TypeScript.' },
      ] }],
    },
  },
  {
    files: ['src/engine/client/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/controllers/**', '**/scheduler/**', '**/node/**', '**/network/**', '**/kubectl/**', '**/scenario/**', '**/cluster', '**/cluster.ts', KUBERNETES_TYPES], message: 'client/ sits on apiserver/, api/ and sim/ only.' },
        { group: upperLayers, message: 'engine/ never imports from ui/, worker/, storage/ or share/.' },
        { group: browserLibraries, message: 'engine/ is pure TypeScript.' },
      ] }],
    },
  },
 ...['controllers', 'scheduler', 'node', 'network', 'operators'].map((component) => ({
    // Controllers, the scheduler, nodes, the network and operators never import each other; they talk through objects.
    files: [`src/engine/${component}/**/*.ts`],
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['controllers', 'scheduler', 'node', 'network', 'operators'].filter((c) => c !== component).map((c) => `**/${c}/**`).concat(KUBERNETES_TYPES), message: `${component}/ never imports another component: they talk through API objects.` },
        { group: ['**/kubectl/**', '**/simctl/**', '**/scenario/**', '**/cluster', '**/cluster.ts'], message: 'Only cluster.ts knows every component.' },
        { group: upperLayers, message: 'engine/ never imports from ui/, worker/, storage/ or share/.' },
        { group: browserLibraries, message: 'engine/ is pure TypeScript.' },
      ] }],
    },
  })),
  {
    // The page talks to the engine through the worker only: types may be imported, runtime code may not.
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx', 'src/storage/**/*.ts', 'src/share/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
        { group: ['**/engine/**'], allowTypeImports: true, message: 'The page reaches the engine only through the worker (import types only).' },
      ] }],
    },
  },
);
