import { rmSync } from 'node:fs'
import { copyFile, readFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'
import type { Options } from 'tsup'

const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string }

// Two builds share dist/, so neither may clean it: it is emptied once here, before both start.
rmSync('dist', { recursive: true, force: true })

const common: Options = {
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: false,
  splitting: true,
  clean: false,
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
}

export default defineConfig([
  // The library: its dependencies stay external, so an application shares them and takes their updates.
  {
    ...common,
    entry: { index: 'src/index.ts', markdown: 'importers/markdown/index.ts', wordpress: 'importers/wordpress/index.ts', 'media-dir': 'src/check/media-dir.ts' },
    dts: true,
    // The schema ships as its own file so editors can point `$schema` at `preview-data-sdk/schema.json`.
    onSuccess: async () => {
      await copyFile('src/contract/preview-data.v0.7.schema.json', 'dist/preview-data.v0.7.schema.json')
      await copyFile('cli/output.schema.json', 'dist/cli-output.schema.json')
    },
  },
  // The `preview-data` command: its JavaScript dependencies are bundled into it, so a run parses a few files instead
  // of resolving and loading a few hundred modules (remark alone is over a hundred). Its chunks, the render worker's
  // among them, sit in dist/cli-chunks/. Two stay external, resolved at run time from the package's own dependencies:
  // ajv (the precompiled validator and the error explanations require it by path) and write-file-atomic (which
  // names its temporary files after its own __filename).
  {
    ...common,
    entry: { cli: 'cli/main.ts' },
    noExternal: [/^(?!(ajv|write-file-atomic)(\/|$))/],
    // Bundled CommonJS packages call require() for Node's own modules, which an ES module lacks unless given one.
    banner: { js: "import { createRequire as __cliCreateRequire } from 'node:module'; const require = __cliCreateRequire(import.meta.url);" },
    esbuildOptions(options) {
      options.chunkNames = 'cli-chunks/[name]-[hash]'
    },
  },
])
