import { expect, test } from 'vitest'
import { cascadeRules, cleanTags, dataSource } from '../../../importers/markdown/presets/eleventy-cascade.js'
import type { DataSource } from '../../../importers/markdown/presets/eleventy-cascade.js'
import { SiteCascade } from '../../../importers/markdown/presets/eleventy-data.js'
import { growth } from './_growth.js'

// Eleventy's data cascade of directory data files (found by the s11 review): each folder's values were spread over a
// copy of all those above it, so a page under 240 nested folders, each with a 300-key `x.11tydata.json`, took 39 s
// to import (60 folders: 2 s). Eight times the folders may take at most 32 times as long (about 8 when linear).

const rules = cascadeRules(undefined, undefined, '')
const source = (values: Record<string, unknown>): DataSource => dataSource(cleanTags(values, rules.splitTags), rules.deep)
const cascadeOf = (directories: Map<string, DataSource[]>, templates = new Map<string, DataSource[]>()) => new SiteCascade(rules, {}, undefined, directories, templates)

const keys = 50
function cascade(depth: number) {
  const directories = new Map<string, DataSource[]>()
  const dirs = Array.from({ length: depth }, (_, i) => `d${i}`)
  let dir = ''
  for (const name of dirs) {
    dir = dir === '' ? name : `${dir}/${name}`
    // Keys of the page's data, and keys of one object and items of one list that every level adds to: merged deeply,
    // those are copied once, not once per level (which took time in the square of the depth).
    const own = Array.from({ length: keys }, (_, k) => [`${name}k${k}`, k])
    directories.set(dir, [source({ ...Object.fromEntries(own), nav: Object.fromEntries(own), tags: own.map(([k]) => k) })])
  }
  return { directories, dirs }
}

test('directory data takes time linear in the folders above a page', () => {
  expect(
    growth((n) => {
      const { directories, dirs } = cascade(n)
      cascadeOf(directories).page(dirs, 'p', {})
    }, 100),
  ).toBeLessThan(32)
})

test.each([
  // what each level holds, from the input root down, then the template's own; what the page gets
  [[{ a: 1, tags: 'x' }, { a: 2, b: 1 }], { b: 3, tags: ['y'] }, { a: 2, tags: ['x', 'y'], b: 3 }],
  [[{ a: 1 }, { b: 2 }], undefined, { a: 1, b: 2 }],
  [[], { a: 1 }, { a: 1 }],
])('levels %j and own %j give %j', (levels, own, want) => {
  const directories = new Map<string, DataSource[]>()
  levels.forEach((values, i) => directories.set(['src', 'a'].slice(0, i + 1).join('/'), [source(values)]))
  const templates = new Map<string, DataSource[]>(own ? [['src/a/p', [source(own)]]] : [])
  expect(Object.entries(cascadeOf(directories, templates).local(['src', 'a'], 'p'))).toEqual(Object.entries(want))
})
