import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    markdown: 'importers/markdown/index.ts',
    wordpress: 'importers/wordpress/index.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm'],
  target: 'node20',
  dts: { entry: { index: 'src/index.ts', markdown: 'importers/markdown/index.ts', wordpress: 'importers/wordpress/index.ts' } },
  clean: true,
  sourcemap: false,
  splitting: true,
  // The schema ships as its own file so editors can point `$schema` at `preview-data-sdk/schema.json`.
  publicDir: 'src/contract/public',
})
