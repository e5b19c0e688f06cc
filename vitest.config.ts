import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^preview-data-sdk$/, replacement: here('./src/index.ts') },
      { find: /^preview-data-sdk\/markdown$/, replacement: here('./importers/markdown/index.ts') },
      { find: /^preview-data-sdk\/wordpress$/, replacement: here('./importers/wordpress/index.ts') },
      { find: /^preview-data-sdk\/check$/, replacement: here('./src/check/index.ts') },
      { find: /^preview-data-sdk\/media-dir$/, replacement: here('./src/check/media-dir.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    typecheck: { include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 60_000,
    pool: 'forks',
  },
})
