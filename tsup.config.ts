import { copyFile, readFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'

const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string }

// One build for the library and the `preview-data` command. Code splitting puts each module shared by several entries
// in one chunk, so the command runs the library's own modules (no second copy of anything), and every dependency
// stays external: an application shares it with the SDK and takes its updates. The render worker of the WordPress
// importer is loaded with a dynamic import(), which gives it a chunk of its own (render-worker-<hash>.js).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    markdown: 'importers/markdown/index.ts',
    wordpress: 'importers/wordpress/index.ts',
    check: 'src/check/index.ts',
    'media-dir': 'src/check/media-dir.ts',
    cli: 'cli/main.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  sourcemap: false,
  clean: true,
  // Types for the library's entries only: the command is not imported.
  dts: { entry: { index: 'src/index.ts', markdown: 'importers/markdown/index.ts', wordpress: 'importers/wordpress/index.ts', check: 'src/check/index.ts', 'media-dir': 'src/check/media-dir.ts' } },
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
  // The schema ships as its own file so editors can point `$schema` at `preview-data-sdk/schema.json`.
  onSuccess: async () => {
    await copyFile('src/contract/preview-data.v0.7.schema.json', 'dist/preview-data.v0.7.schema.json')
    // The JSON Schema of the command's --format json result (cli/output.schema.json).
    await copyFile('cli/output.schema.json', 'dist/cli-output.schema.json')
  },
})
