// 2,000 posts under a folder whose data file holds 1 MB import in about the memory and time of the same site without
// that file. Two ways they did not: the deep merge of s12-mdmends copied the whole cascade for each page, so memory
// grew with pages × data-file size (out of memory at 4.3 GB; review of s12-mdmends), and each post's data was checked
// for the contract's limits by listing the file's 8,000-key catalog again (2.2 times the CPU time of the small site).
// Measured on the command (peak resident memory and CPU time of the process, the lower of two runs), in a process
// capped at 1 GB of heap so that a regression fails fast. Two more did not where a second level also writes the
// catalog (the posts' layout's front matter, or each post's own): the merge copied the 8,000 keys for each post (931
// and 933 MB, main 143 MB; review of s13-eleventy). What lies below front matter is now merged once for each layout
// and folder, and a value past the data limits where two levels meet is dropped there, never copied.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const run = promisify(execFile)
const cli = join(fileURLToPath(new URL('../../..', import.meta.url)), 'dist/cli.js')
// Prints the process's peak resident memory (kilobytes) and CPU time (microseconds) as it exits.
const USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('usage '+u.maxRSS+' '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`

/**
 * A blog of 2,000 posts whose folder's data file tags them `posts`, with, when `big`, a 1 MB catalog besides, which
 * the posts' layout (`overlap: 'layout'`) or each post (`'front matter'`) also writes.
 */
function writeSite(root: string, big: boolean, overlap?: 'layout' | 'front matter'): void {
  mkdirSync(join(root, 'posts'), { recursive: true })
  mkdirSync(join(root, '_includes'), { recursive: true })
  writeFileSync(join(root, '_includes/post.njk'), `---\n${overlap === 'layout' ? 'catalog:\n  fromLayout: 1\n' : 'x: 1\n'}---\n{{ content }}\n`)
  writeFileSync(join(root, 'package.json'), JSON.stringify({ devDependencies: { '@11ty/eleventy': '^3.1.8' } }))
  writeFileSync(join(root, 'eleventy.config.js'), 'export default function () {}\n')
  writeFileSync(join(root, 'index.md'), '---\ntitle: Home\n---\nHome.\n')
  const catalog = Object.fromEntries(Array.from({ length: 8000 }, (_, i) => [`item${i}`, { name: `Item ${i}`, price: i * 3, notes: ['a', 'b'], text: 'x'.repeat(60) }]))
  writeFileSync(join(root, 'posts/posts.json'), JSON.stringify({ tags: ['posts'], layout: 'post.njk', ...(big ? { catalog } : {}) }))
  for (let i = 0; i < 2000; i++) writeFileSync(join(root, `posts/p${i}.md`), `---\ntitle: Post ${i}\ndate: 2024-01-02\ntags: [t${i % 7}]\n${overlap === 'front matter' ? 'catalog:\n  mine: 1\n' : ''}---\nText ${i}.\n`)
}

async function usage(site: string, dir: string): Promise<{ kb: number; cpu: number; stderr: string }> {
  let best = { kb: Infinity, cpu: Infinity, stderr: '' }
  for (let i = 0; i < 2; i++) {
    const { stderr } = await run(process.execPath, ['--max-old-space-size=1024', '--import', USAGE, cli, 'import', 'markdown', site, '-o', join(dir, 'out.json')], { cwd: dir, maxBuffer: 1 << 24 })
    const [, kb, cpu] = /usage (\d+) (\d+)/.exec(stderr)!.map(Number)
    best = { kb: Math.min(best.kb, kb), cpu: Math.min(best.cpu, cpu), stderr }
  }
  return best
}

/** The usage of a site written by `write` without (`small`) and with (`big`) its load, each imported; logged as `label`. */
async function compared(label: string, write: (root: string, big: boolean) => void): Promise<{ small: { kb: number; cpu: number }; big: { kb: number; cpu: number; stderr: string } }> {
  const dir = mkdtempSync(join(tmpdir(), 'pd-eleventy-cascade-'))
  try {
    write(join(dir, 'small'), false)
    write(join(dir, 'big'), true)
    const small = await usage(join(dir, 'small'), dir)
    const big = await usage(join(dir, 'big'), dir)
    console.log(`eleventy cascade, ${label}: peak ${(small.kb / 1024).toFixed(0)} MB → ${(big.kb / 1024).toFixed(0)} MB, CPU ${(small.cpu / 1e6).toFixed(2)} s → ${(big.cpu / 1e6).toFixed(2)} s`)
    return { small, big }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test.skipIf(!existsSync(cli)).each([undefined, 'layout', 'front matter'] as const)('2,000 posts under a 1 MB directory data file whose catalog their %s also writes: memory and time as without it (needs a built dist/)', async (overlap) => {
  const { small, big } = await compared(`catalog also in the ${overlap ?? 'nothing'}`, (root, withCatalog) => writeSite(root, withCatalog, overlap))
  expect(big.kb).toBeLessThan(2 * small.kb)
  expect(big.kb).toBeLessThan(500 * 1024)
  expect(big.cpu).toBeLessThan(2 * small.cpu)
  // Where two levels write it, the catalog is dropped once for the site, not copied for each post.
  if (overlap !== undefined) expect(big.stderr.match(/\[dropped_data\] "catalog"/g)).toHaveLength(1)
}, 240_000)

// Each page merged all of global data and took the site's keys out again: 8,000 `_data` files took 2,000 posts from
// 1.1 to 13.3 s of CPU time (review of s13-eleventy). Global data is split once into the keys Eleventy reads as a
// template's (merged for each page) and the site's (merged only where a page's levels write them, and looked up by
// the permalinks that name them).
test.skipIf(!existsSync(cli))('2,000 posts and 8,000 global data files: the time of the same site without them (needs a built dist/)', async () => {
  const { small, big } = await compared('8,000 global data files', (root, withFiles) => {
    writeSite(root, false)
    mkdirSync(join(root, '_data'), { recursive: true })
    for (let i = 0; i < (withFiles ? 8000 : 0); i++) writeFileSync(join(root, `_data/item${i}.json`), JSON.stringify({ name: `Item ${i}` }))
  })
  expect(big.cpu).toBeLessThan(2 * small.cpu)
  expect(big.kb).toBeLessThan(2 * small.kb)
}, 240_000)

// Each folder's cached data held its own copy of an object every level above writes into: 100 → 200 levels of
// folders, each with a page and a data file writing 300 keys into one object, took 1.40 → 5.46 s and 291 → 876 MB
// (review of s13-eleventy). Past the data limits where two levels meet, the object is now dropped there.
test.skipIf(!existsSync(cli))('folders 200 deep, a page and a data file at each level: about the time and memory of 100 deep (needs a built dist/)', async () => {
  const deep = (root: string, depth: number) => {
    mkdirSync(root, { recursive: true })
    writeFileSync(join(root, 'package.json'), JSON.stringify({ devDependencies: { '@11ty/eleventy': '^3.1.8' } }))
    let at = root
    for (let d = 0; d < depth; d++) {
      at = join(at, `d${d}`)
      mkdirSync(at)
      writeFileSync(join(at, `d${d}.json`), JSON.stringify({ nav: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${d}_${i}`, i])), tags: [`t${d}`] }))
      writeFileSync(join(at, 'index.md'), `---\ntitle: P${d}\nnav:\n  mine: 1\n---\nx\n`)
    }
  }
  const { small, big } = await compared('100 → 200 levels', (root, deeper) => deep(root, deeper ? 200 : 100))
  expect(big.cpu).toBeLessThan(2.5 * small.cpu)
  expect(big.kb).toBeLessThan(2 * small.kb)
}, 240_000)
