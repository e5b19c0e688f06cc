import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { withoutTags } from '../../../importers/markdown/presets/mkdocs.js'
import { growth, growthAsync } from './_growth.js'

// MkDocs' `copyright` is HTML; its text was taken with /<[^>]*>/g, which read the rest of the text again from every
// `<` that has no `>` after it: 64,000 `<` took 15 s (found by the s9 hunt).
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pd-mkdocs-copyright-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function site(copyright: string): Promise<string> {
  const at = await mkdtemp(path.join(dir, 'site-'))
  await mkdir(path.join(at, 'docs'))
  await writeFile(path.join(at, 'mkdocs.yml'), `site_name: T\ncopyright: ${JSON.stringify(copyright)}\n`)
  await writeFile(path.join(at, 'docs', 'index.md'), '# Home\n')
  return at
}

test('a site whose copyright holds many < without a >: time linear in it', async () => {
  expect(await growthAsync(async (n) => importMarkdown(await site('<'.repeat(n * 8))), 1_000)).toBeLessThan(32)
}, 60_000)

test('a copyright of a tag, then many <: time linear in the text', () => {
  expect(growth((n) => withoutTags('<b>x</b>' + '<a'.repeat(n * 4)), 2_000)).toBeLessThan(32)
})

test('the copyright line keeps its text', async () => {
  const { payload } = await importMarkdown(await site('Copyright &copy; 2024 <a href="https://x.test">Jane</a>'))
  expect(payload?.site.footer?.copyright_text).toBe('Copyright © 2024 Jane')
})

test('tags go as the expression took them', () => {
  const piece = fc.constantFrom('<', '>', '<a href="x">', '</a>', 'text', ' ', '&copy;', '<<', '>>', '\n')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), (html) => {
      expect(withoutTags(html)).toBe(html.replace(/<[^>]*>/g, ''))
    }),
    { numRuns: 3_000 },
  )
})
