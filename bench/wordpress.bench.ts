/**
 * WordPress importer benchmark: imports generated exports and writes the payload, printing wall time and peak RSS
 * against the targets (10,000 posts in 2.5 s and 300 MB; 100,000 posts in 25 s and 1 GB).
 *
 * Usage: npx tsx bench/wordpress.bench.ts [--posts 10000] [--all]
 * Exports are generated once under bench/.data/ (git-ignored) and reused. Each import runs in its own process so
 * its peak RSS is its own, from a bundle built with esbuild the way tsup builds the shipped CLI: running it under tsx
 * would add tsx's own ~70 MB to every figure.
 */
import { spawnSync } from 'node:child_process'
import { build } from 'esbuild'
import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generateWxr } from './generate-wxr.js'

const TARGETS: Record<number, { seconds: number; mb: number }> = {
  10_000: { seconds: 2.5, mb: 300 },
  100_000: { seconds: 25, mb: 1024 },
}
const here = fileURLToPath(import.meta.url)
const dataDir = fileURLToPath(new URL('./.data/', import.meta.url))

const { values } = parseArgs({
  options: { posts: { type: 'string' }, all: { type: 'boolean' }, child: { type: 'string' }, out: { type: 'string' } },
})

if (values.child) {
  // Child: one import, measured from the first line of work to the closed output file.
  const { importWordPress } = await import('../importers/wordpress/index.js')
  const { jsonChunks } = await import('../importers/wordpress/json-chunks.js')
  const started = performance.now()
  const { payload, report } = await importWordPress(values.child, { generatedAt: '2026-06-01T00:00:00Z' })
  const imported = performance.now()
  const out = createWriteStream(values.out as string)
  let batch = ''
  for (const piece of jsonChunks(payload)) {
    batch += piece
    if (batch.length >= 1 << 20) {
      if (!out.write(batch)) await once(out, 'drain')
      batch = ''
    }
  }
  out.end(batch + '\n')
  await once(out, 'close')
  const done = performance.now()
  console.log(JSON.stringify({
    importMs: Math.round(imported - started),
    totalMs: Math.round(done - started),
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
    posts: report.counts.posts,
    pages: report.counts.pages,
    media: report.counts.media,
  }))
} else {
  const sizes = values.all ? [10_000, 100_000] : [Number(values.posts ?? 10_000)]
  mkdirSync(dataDir, { recursive: true })
  const bundle = `${dataDir}wordpress-bench.mjs`
  await build({ entryPoints: [here], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: bundle, packages: 'external', logLevel: 'error' })
  for (const posts of sizes) {
    const file = `${dataDir}wxr-${posts}.xml`
    if (!existsSync(file)) {
      console.log(`generating ${file} …`)
      await generateWxr(posts, file)
    }
    const mb = statSync(file).size / 1048576
    const child = spawnSync(process.execPath, [bundle, '--child', file, '--out', `${dataDir}payload-${posts}.json`], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    })
    if (child.status !== 0) {
      console.error(child.stderr)
      process.exitCode = 1
      continue
    }
    const r = JSON.parse(child.stdout.trim().split('\n').pop() as string)
    const target = TARGETS[posts]
    const verdict = target ? ` (target ${target.seconds} s, ${target.mb} MB: ${r.totalMs / 1000 <= target.seconds && r.peakMb <= target.mb ? 'met' : 'MISSED'})` : ''
    console.log(
      `wordpress import: ${posts} posts, ${mb.toFixed(0)} MB export -> ${r.posts} posts, ${r.pages} pages, ${r.media} media: ` +
        `${(r.totalMs / 1000).toFixed(2)} s (import ${(r.importMs / 1000).toFixed(2)} s), peak RSS ${r.peakMb} MB${verdict}`,
    )
  }
}
