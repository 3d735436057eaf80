import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  base: './', // relative asset URLs: dist/ works from any path and offline
  resolve: {
    alias: [
      // monaco-editor >= 0.56 has an exports map, so monaco-yaml's deep import of the editor worker no
      // longer resolves; point it at the real file.
      { find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: `${monacoEsm}$1` },
    ],
  },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 5000 },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./scripts/vitest-setup.ts'],
  },
});
