// The API reference (`npm run docs`) names each module as a user imports it. Without a `@module` tag TypeDoc named
// them after their folders ("src", "importers/markdown", "src/check"), which no one can import.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const read = (path: string) => readFileSync(root + path, 'utf8')

test('every TypeDoc entry point is named by its import path, and every JavaScript export of package.json has one', () => {
  const { entryPoints } = JSON.parse(read('typedoc.json')) as { entryPoints: string[] }
  const named = entryPoints.map((entry) => /^\/\*\*[\s\S]*?@module (\S+)[\s\S]*?\*\//.exec(read(entry))?.[1])
  const { name, exports } = JSON.parse(read('package.json')) as { name: string; exports: Record<string, unknown> }
  const modules = Object.entries(exports)
    .filter(([, target]) => typeof target === 'object') // the JSON files and package.json are not modules
    .map(([subpath]) => (subpath === '.' ? name : `${name}/${subpath.slice(2)}`))
  expect(named.sort()).toEqual(modules.sort())
})
