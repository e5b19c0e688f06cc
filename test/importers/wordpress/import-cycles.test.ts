import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// A module of the importer that imports, directly or not, a module importing it works only while neither uses the
// other as it loads (render.ts and excerpt.ts did, until session 10). Type-only imports are erased and left out.
const root = fileURLToPath(new URL('../../../importers/wordpress/', import.meta.url))

function valueImports(file: string): string[] {
  const imports: string[] = []
  for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*?from\s+'(\.[^']+)'/gm)) {
    const target = resolve(dirname(file), m[2].replace(/\.js$/, '.ts'))
    if (!m[1] && target.startsWith(root)) imports.push(target)
  }
  return imports
}

/** Every cycle a depth-first walk of the imports closes, as the modules it passes through. */
function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, valueImports(f)]))
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const cycles: string[][] = []
  const visit = (file: string): void => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].map((f) => relative(root, f)))
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of files) if (!state.has(file)) visit(file)
  return cycles
}

test('no module of the WordPress importer imports itself through others', () => {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(root, f))
  expect(files.length).toBeGreaterThan(50)
  expect(importCycles(files)).toEqual([])
})
