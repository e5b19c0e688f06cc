import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import type { CliIo } from '../../../cli/io.js'
import { readSiteFile } from '../../../cli/site-file.js'
import { growthAsync } from './_growth.js'

// A YAML site file (`--site site.yml`) was parsed with the `yaml` library's own duplicate-key check, which compares
// each key with every key before it in its map: a map of n keys took the square of n (s10 review2). It is now read
// by the importers' parseYaml, which finds duplicates through a set. Eight times the keys may take at most 32 times
// as long (64 when quadratic).

const dir = mkdtempSync(join(tmpdir(), 'pd-site-yaml-'))
const io: CliIo = { stdout: () => {}, stderr: () => {}, isTTY: false, cwd: dir }
const siteFile = (name: string, text: string) => {
  writeFileSync(join(dir, name), text)
  return name
}

test('a site file of many keys is read in time linear in them', async () => {
  let i = 0
  const keys = (n: number) => `title: S\nextra:\n${Array.from({ length: n }, (_, k) => `  k${k}: ${k}\n`).join('')}`
  expect(await growthAsync(async (n) => readSiteFile(siteFile(`s-${i++}.yml`, keys(n)), io), 4_000)).toBeLessThan(32)
}, 120_000)

test.each([
  ['title: S\ntitle: T\n', 2, 'Map keys must be unique'],
  ['title: S\nx: a: b\n', 2, 'Nested mappings'],
])('a YAML site file that is not valid says where: %j', async (text, line, message) => {
  const read = await readSiteFile(siteFile(`bad-${line}-${message.length}.yml`, text), io)
  expect(read).toMatchObject([{ code: 'invalid_site_file', line, message: expect.stringContaining(message) }])
})

test('a YAML site file gives its settings', async () => {
  expect(await readSiteFile(siteFile('ok.yml', 'title: Field Notes\ntimezone: Europe/Lisbon\n'), io)).toMatchObject({ title: 'Field Notes', timezone: 'Europe/Lisbon' })
})
