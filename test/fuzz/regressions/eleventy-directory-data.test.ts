import { expect, test } from 'vitest'
import { dataFor } from '../../../importers/markdown/presets/eleventy.js'
import { growth } from './_growth.js'

// Eleventy's data cascade of directory data files (found by the s11 review): each folder's values were spread over a
// copy of all those above it, so a page under 240 nested folders, each with a 300-key `x.11tydata.json`, took 39 s
// to import (60 folders: 2 s). Eight times the folders may take at most 32 times as long (about 8 when linear).

const keys = 50
function cascade(depth: number) {
  const files = new Map<string, Record<string, unknown>>()
  const dirs = Array.from({ length: depth }, (_, i) => `d${i}`)
  let dir = ''
  for (const name of dirs) {
    dir = dir === '' ? name : `${dir}/${name}`
    files.set(`dir:${dir}`, Object.fromEntries(Array.from({ length: keys }, (_, k) => [`${name}k${k}`, k])))
  }
  return { files, dirs }
}

test('directory data takes time linear in the folders above a page', () => {
  expect(
    growth((n) => {
      const { files, dirs } = cascade(n)
      dataFor(files, '', dirs, 'p.md')
    }, 100),
  ).toBeLessThan(32)
})

test.each([
  // what each level holds, from the input root down, then the template's own; what the page gets
  [[{ a: 1, tags: 'x' }, { a: 2, b: 1 }], { b: 3, tags: ['y'] }, { a: 2, tags: ['x', 'y'], b: 3 }],
  [[{ a: 1 }, { b: 2 }], undefined, { a: 1, b: 2 }],
  [[], { a: 1 }, { a: 1 }],
])('levels %j and own %j give %j', (levels, own, want) => {
  const files = new Map<string, Record<string, unknown>>()
  levels.forEach((values, i) => files.set(`dir:${['src', 'a'].slice(0, i + 1).join('/')}`, values))
  if (own) files.set('file:src/a/p.md', own)
  expect(Object.entries(dataFor(files, 'src', ['a'], 'p.md'))).toEqual(Object.entries(want))
})
