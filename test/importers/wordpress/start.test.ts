// What `preview-data import wordpress` loads before it reads a byte: the modules its command reaches through static
// imports. Loading is the whole of the command's start (0.27 s of CPU before these cuts, 0.15 s after, measured as
// `import()` of the built command chunk), so a module only some imports use (the YAML site file, a zip export, local
// image files, the check of a small payload) is loaded where it is used, with import().
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Metafile } from 'esbuild'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/** The packages and source files the entry reaches by static imports alone (what loading it loads). */
async function staticallyLoaded(entry: string): Promise<{ packages: Set<string>; sources: Set<string> }> {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outdir: join(root, 'out-not-written'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const outputs: Metafile['outputs'] = result.metafile.outputs
  const start = Object.keys(outputs).find((name) => outputs[name].entryPoint !== undefined)
  const packages = new Set<string>()
  const sources = new Set<string>()
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    for (const input of Object.keys(outputs[name].inputs)) sources.add(input)
    for (const imported of outputs[name].imports) {
      if (imported.kind !== 'import-statement') continue
      if (imported.external === true) packages.add(imported.path.replace(/^node:/, ''))
      else visit(imported.path)
    }
  }
  visit(start!)
  return { packages, sources }
}

describe('the WordPress command loads at start only what every import needs', () => {
  test('no YAML parser, zip reader, image reader or check until an import asks for one', async () => {
    const { packages, sources } = await staticallyLoaded('cli/commands/import-wordpress.ts')
    // What it does need, so that the test sees the graph at all.
    expect(packages).toContain('htmlparser2')
    expect([...sources].some((s) => s.endsWith('importers/wordpress/import.ts'))).toBe(true)
    for (const lazy of ['yaml', 'yauzl', 'image-size']) expect(packages, lazy).not.toContain(lazy)
    expect([...sources].filter((s) => s.includes('src/check/'))).toEqual([])
    // Nor the Markdown importer.
    expect([...sources].filter((s) => s.includes('importers/markdown/'))).toEqual([])
  })
})
