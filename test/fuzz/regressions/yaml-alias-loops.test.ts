import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { Diagnostics } from '../../../importers/markdown/diagnostics.js'
import { parseData } from '../../../importers/markdown/front-matter.js'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { cpuMs } from './_growth.js'

// A YAML alias inside the value it names (`nav: &n [index.md, {A: *n}, {B: *n}]`) is a loop, which the YAML library's
// alias count lets through. Copied into plain data down to 64 levels, its two branches doubled at every level: an
// mkdocs.yml with such a nav (or any front matter or data file with `a: &a [*a, *a]`) ran out of memory after
// minutes (found by the s9 hunt). The file is now refused with a line and a way out, in milliseconds.

test.each([
  ['a list holding itself twice', 'a: &a [*a, *a]\n'],
  ['a map holding itself under two keys', 'a: &a\n  x: *a\n  y: *a\n'],
  ['a loop below a plain key', 'title: T\nnested:\n  deeper: &d\n    - one\n    - { left: *d, right: *d }\n'],
])('%s is refused quickly, with its file and what to do', (_name, yaml) => {
  const diagnostics = new Diagnostics()
  const start = process.cpuUsage()
  expect(parseData(yaml, 'yaml', 'data.yml', 0, diagnostics)).toBeNull()
  expect(cpuMs(start)).toBeLessThan(1_000)
  const [d] = diagnostics.sorted()
  expect(d).toMatchObject({ file: 'data.yml', severity: 'error', code: 'front_matter_syntax' })
  expect(d.message).toMatch(/holds it, a loop.*alias inside the value it names/)
})

test('aliases that do not loop are read as before', () => {
  const diagnostics = new Diagnostics()
  const read = parseData('base: &b { a: 1 }\none: *b\ntwo: *b\nlist: &l [x, y]\nagain: *l\n', 'yaml', 'data.yml', 0, diagnostics)
  expect(diagnostics.count).toBe(0)
  expect(JSON.parse(JSON.stringify(read?.value))).toEqual({ base: { a: 1 }, one: { a: 1 }, two: { a: 1 }, list: ['x', 'y'], again: ['x', 'y'] })
})

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pd-yaml-loops-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('an MkDocs site whose nav holds itself twice imports its pages and reports mkdocs.yml', async () => {
  await mkdir(path.join(dir, 'docs'))
  await writeFile(path.join(dir, 'mkdocs.yml'), 'site_name: T\nnav: &n\n  - Home: index.md\n  - A: *n\n  - B: *n\n')
  await writeFile(path.join(dir, 'docs', 'index.md'), '# Home\n\nText.\n')
  const start = process.cpuUsage()
  const { payload, diagnostics } = await importMarkdown(dir)
  expect(cpuMs(start)).toBeLessThan(5_000)
  expect(payload?.content.pages?.map((p) => p.title)).toEqual(['Home'])
  expect(diagnostics.some((d) => d.file === 'mkdocs.yml' && d.severity === 'error' && /a loop/.test(d.message))).toBe(true)
}, 30_000)
