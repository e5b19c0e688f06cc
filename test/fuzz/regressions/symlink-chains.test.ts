import { symlinkSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { discover } from '../../../importers/markdown/discover.js'
import { Diagnostics } from '../../../importers/markdown/diagnostics.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'

// A folder from a stranger may link to each level of a nested chain (`l1 -> a`, `l2 -> a/a`, …). Each link walked its
// level's subtree again, so the files found grew with the square of the chain (400 levels: 80,600 files, 14 s and
// 888 MB; found by the session 6 hunt). A folder an earlier link's walk went through is not walked again, and the
// links are taken in path order so that the files found are the same on every run.

const site = tempSites('symlink-chains-')

async function chain(name: string, depth: number): Promise<string> {
  const files: Record<string, string> = {}
  for (let level = 1; level <= depth; level++) files[`${'a/'.repeat(level)}f${level}.md`] = `# Level ${level}\n`
  const root = await site(name, files)
  for (let level = 1; level <= depth; level++) symlinkSync(path.join(root, ...Array(level).fill('a')), path.join(root, `l${level}`))
  return root
}

describe('links to every level of a nested chain', () => {
  test('each file is found at its own path and through the first link only: linear in the chain', async () => {
    const depth = 120
    const root = await chain('deep', depth)
    const found = await discover(root, new Diagnostics())
    // Its own path, and once through l1 (which reaches every level); l2 … l120 lead where l1's walk went.
    expect(found.files).toHaveLength(2 * depth)
    expect(found.files.filter((f) => f.rel.startsWith('l1/')).length).toBe(depth)
    expect(found.files.filter((f) => /^l(?!1\/)\d+\//.test(f.rel))).toEqual([])
  })

  test('the same files whatever the number of folder reads in flight', async () => {
    const root = await chain('order', 30)
    const one = await discover(root, new Diagnostics(), 1)
    const many = await discover(root, new Diagnostics(), 16)
    expect(many.files).toEqual(one.files)
  })
})
