import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { importMarkdown } from '../../../importers/markdown/index.js'
import type { ImportMarkdownOptions } from '../../../importers/markdown/index.js'
import { deriveRoutes } from '../../../src/routes/index.js'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/**
 * Small sites written for one test file into a temporary folder removed after it: `site(name, files)` writes each
 * file (relative path → text) under `<tmp>/<name>/` and returns that folder.
 */
export function tempSites(prefix: string): (name: string, files: Record<string, string>) => Promise<string> {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  return async (name, files) => {
    const root = path.join(dir, name)
    for (const [rel, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, rel)), { recursive: true })
      await writeFile(path.join(root, rel), body)
    }
    return root
  }
}

/**
 * A site imported as a user would (defaults, a fixed `generatedAt`): its preset, each document's URL, kind and
 * skip reason by source (from the report), the published bodies, and whether a static host serves an old URL from
 * the payload's output files or its redirects (`/x/` needs `x/index.html`, `/x.html` needs `x.html`, `/x` either).
 */
export async function importedSite(root: string, options: Omit<ImportMarkdownOptions, 'generatedAt'> = {}) {
  const result = await importMarkdown(root, { ...options, generatedAt: '2026-11-01T00:00:00Z' })
  const payload = result.payload
  if (!payload) throw new Error(`no payload: ${result.diagnostics.map((d) => d.message).join('; ')}`)
  const outputs = new Set(deriveRoutes(payload).map((r) => r.output_path))
  const redirected = new Set(result.redirects.map((r) => r.from))
  const served = (url: string) => {
    const p = url.replace(/^\//, '')
    if (redirected.has(url)) return true
    if (p === '' || p.endsWith('/')) return outputs.has(`${p}index.html`)
    if (p.endsWith('.html')) return outputs.has(p)
    return outputs.has(`${p}.html`) || outputs.has(`${p}/index.html`)
  }
  const by = <T>(pick: (i: (typeof result.report.items)[number]) => T | undefined) => Object.fromEntries(result.report.items.flatMap((i) => (pick(i) !== undefined ? [[i.source, pick(i) as T]] : [])))
  const urls = by((i) => ('url' in i ? i.url : undefined))
  const kinds = by((i) => ('kind' in i && (i.kind === 'post' || i.kind === 'page') ? i.kind : undefined))
  const skipped = by((i) => ('skipped' in i ? i.skipped : undefined))
  const bodies = [...payload.content.posts, ...payload.content.pages].map((d) => d.content ?? '')
  return { preset: result.report.convention.name, urls, kinds, skipped, served, bodies, payload, result }
}
