import { copyFile, readFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'

const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string }

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
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
  // The schema ships as its own file so editors can point `$schema` at `preview-data-sdk/schema.json`.
  onSuccess: async () => {
    await copyFile('src/contract/preview-data.v0.7.schema.json', 'dist/preview-data.v0.7.schema.json')
  },
})
