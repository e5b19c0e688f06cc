import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { validatePreviewData } from '../../../src/index.js'
import type { PreviewData } from '../../../src/index.js'
import { importMarkdown } from '../../../importers/markdown/index.js'
import type { ImportMarkdownOptions, ImportMarkdownResult } from '../../../importers/markdown/index.js'

// Real public sites from ../shared/fixtures/markdown (see its README.md). They are not copied into the repository,
// so this suite skips when that folder is absent.
const corpus = fileURLToPath(new URL('../../../../shared/fixtures/markdown/', import.meta.url))
const present = existsSync(`${corpus}README.md`)
const NODEJS = { preset: 'native', postsDir: 'pages/en/blog', pagesDir: 'pages/en' } as const

async function importTwice(folder: string, options: ImportMarkdownOptions = {}): Promise<{ result: ImportMarkdownResult; payload: PreviewData }> {
  const result = await importMarkdown(`${corpus}${folder}`, options)
  const again = await importMarkdown(`${corpus}${folder}`, options)
  expect(result.payload, `${folder} did not build: ${result.diagnostics.find((d) => d.severity === 'error')?.message}`).toBeDefined()
  const payload = result.payload as PreviewData
  expect(validatePreviewData(payload).errors).toEqual([])
  // Two runs must give byte-identical output, whatever order the files were read in.
  expect(JSON.stringify(again.payload)).toBe(JSON.stringify(payload))
  expect(again.diagnostics).toEqual(result.diagnostics)
  return { result, payload }
}

const countBy = <T>(items: T[], key: (t: T) => string) => items.reduce<Record<string, number>>((acc, t) => ({ ...acc, [key(t)]: (acc[key(t)] ?? 0) + 1 }), {})

describe.skipIf(!present)('Markdown corpus in ../shared/fixtures/markdown (skipped when that folder is absent)', () => {
  test('nodejs-blog: 1,064 documents, the README category counts, dotted slugs and free-text authors', async () => {
    const { result, payload } = await importTwice('nodejs-blog', NODEJS)
    expect(result.preset).toBe('native')
    expect(payload.content.posts.length + payload.content.pages.length).toBe(1_064)
    expect(result.skipped).toEqual([])
    const byCategory = countBy(payload.content.posts, (p) => p.category_slugs[0] ?? '')
    expect(byCategory).toMatchObject({ release: 804, vulnerability: 76, weekly: 72, announcements: 40, uncategorized: 21 })
    for (const c of ['community', 'npm', 'migrations', 'events', 'video', 'module']) expect(byCategory[c]).toBeGreaterThan(0)
    // The contract's isolated internal periods: v20.0.0.md keeps its name.
    expect(payload.content.posts.find((p) => p.slug === 'v20.0.0')?.title).toBe('Node.js 20.0.0 (Current)')
    expect(payload.content.posts.filter((p) => p.slug.includes('.')).length).toBeGreaterThanOrEqual(800)
    expect(payload.content.authors.map((a) => a.display_name)).toContain('Michaël Zasso')
    const multi = payload.content.posts.find((p) => p.data?.authors)
    expect((multi?.data?.authors as string[]).length).toBeGreaterThan(1)
    // Quoted ISO strings keep their instant; unquoted YAML timestamps stay in the author's zone-less form, read in UTC.
    const v20 = payload.content.posts.find((p) => p.slug === 'v20.0.0')
    expect(v20?.published_at_iso).toBe('2023-04-18T16:07:46.722Z')
    // Release notes open with lists; the excerpt still finds text instead of staying empty.
    expect(payload.content.posts.filter((p) => p.excerpt === '').length).toBeLessThan(20)
    // One warning line per unregistered author, not one per file.
    const unknown = result.diagnostics.filter((d) => d.code === 'unknown_author')
    expect(new Set(unknown.map((d) => d.message)).size).toBe(unknown.length)
    expect(unknown.length).toBeLessThan(60)
  })

  test('hugo-docs: sections as page paths, cascade build options honoured, bundles and their images', async () => {
    const { result, payload } = await importTwice('hugo-docs')
    expect(result.preset).toBe('hugo')
    expect(payload.site.timezone).toBe('Europe/Oslo')
    expect(payload.site.title).toBe('Hugo')
    // _common cascades build.render: never, so everything under it is left out (and said so).
    const hidden = result.skipped.filter((s) => s.file.startsWith('content/en/_common/'))
    expect(hidden.length).toBeGreaterThan(0)
    expect(hidden.every((s) => s.reason === 'build-render-never')).toBe(true)
    expect(payload.content.pages.some((p) => (p.path ?? '').startsWith('_common'))).toBe(false)
    // Basenames repeat across sections; effective paths stay unique without renaming.
    expect(payload.content.pages.filter((p) => p.slug === 'introduction').length).toBeGreaterThanOrEqual(2)
    expect(result.diagnostics.filter((d) => d.code === 'duplicate_path')).toEqual([])
    // Co-located leaf-bundle images get their real size.
    expect(payload.content.media).toContainEqual(expect.objectContaining({ src: '/host-and-deploy/host-on-netlify/netlify-01.png', width: 295, height: 196 }))
    // 227 files set aliases; each becomes redirects to the page's new URL (the configuration's own redirect, of the
    // list of every category, aside).
    expect(new Set(result.redirects.filter((r) => r.file.startsWith('content/')).map((r) => r.file)).size).toBe(227)
    expect(result.redirects.filter((r) => !r.file.startsWith('content/')).map((r) => [r.from, r.to])).toEqual([['/categories/', '/news/']])
    expect(payload.menus?.global.items.map((i) => i.title)).toEqual(['News', 'Docs', 'Themes', 'Community', 'GitHub'])
  })

  test('hugo-basic-example: TOML and YAML front matter, sections, headless bundle, menus', async () => {
    const { result, payload } = await importTwice('hugo-basic-example')
    expect(result.preset).toBe('hugo')
    expect(payload.content.posts.map((p) => p.slug).sort()).toEqual(['emoji-support', 'markdown-syntax', 'math-typesetting', 'placeholder-text', 'rich-content'])
    // The blank home list gives / to the theme index; the post section's list is where the post index now is, and
    // the blank `layout: archives` page (the theme's list of every post) leads there.
    expect(result.skipped).toEqual([
      { file: 'content/_index.md', reason: 'home-list' },
      { file: 'content/archives.md', reason: 'post-index' },
      { file: 'content/homepage/index.md', reason: 'headless' },
      { file: 'content/post/_index.md', reason: 'post-index' },
    ])
    expect(payload.site.post_index).toEqual({ path: '/post/' })
    expect(payload.menus?.primary.items).toEqual([{ title: 'About', url: '/about/', target: '_self', children: [] }])
    expect(result.redirects.length).toBeGreaterThan(0)
  })

  test('jekyll-docs: 102 posts in _posts, 104 pages from _docs, _tutorials and pages/, the configured permalink', async () => {
    const { result, payload } = await importTwice('jekyll-docs')
    expect(result.preset).toBe('jekyll')
    expect(payload.content.posts).toHaveLength(102)
    expect(payload.content.pages).toHaveLength(91 + 9 + 4)
    expect(payload.site.timezone).toBe('America/Los_Angeles')
    expect(payload.site.permalinks?.posts).toBe('/news/:year/:month/:day/:slug/')
    // `date: 2025-01-29 18:15:32 +0530`: an offset without a colon keeps its instant.
    expect(payload.content.posts.find((p) => p.slug === 'jekyll-4-4-1-released')?.published_at_iso).toBe('2025-01-29T18:15:32+05:30')
    expect(payload.content.categories.map((c) => c.slug)).toContain('release')
  })

  test('jekyll-edge-cases: unpadded dates, drafts, folder categories, encodings and broken YAML reported with its line', async () => {
    const { result, payload } = await importTwice('jekyll-edge-cases')
    // `_broken/` and `_methods/` are folders Jekyll never publishes: their broken YAML is never read.
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(result.report.items).toContainEqual(expect.objectContaining({ source: '_broken/bad_post.md', skipped: 'not-content' }))
    const post = (slug: string) => payload.content.posts.find((p) => p.slug === slug)
    expect(post('i-dont-like-zeroes')?.published_at_iso).toBe('2017-02-05T00:00:00Z')
    // Unpublished posts and drafts stay private by default.
    expect(result.skipped).toEqual(expect.arrayContaining([{ file: '_posts/2008-02-02-not-published.markdown', reason: 'unpublished' }, { file: '_drafts/draft-properties.text', reason: 'draft' }]))
    expect(post('nested')?.category_slugs).toEqual([])
    // Categories come from the folders above _posts only, as in Jekyll's own URL (/foo/2008/12/12/topical-post.html).
    expect(post('topical-post')?.category_slugs).toEqual(['foo'])
    expect(payload.content.posts.some((p) => p.slug === 'dubious' || p.slug === 'wrong-extension')).toBe(false)
    expect(payload.site.permalinks?.output_style).toBe('html-extension')
    // The `.../%2e%2e/...` permalink of exploit.md never becomes a path component.
    expect(payload.content.pages.every((p) => !(p.path ?? '').split('/').some((c) => c === '..' || c.includes('2e')))).toBe(true)
  })

  test('docusaurus-aks-blog: 83 posts, registry authors and tags, truncate excerpts, 61 missing body images', async () => {
    const { result, payload } = await importTwice('docusaurus-aks-blog')
    expect(result.preset).toBe('docusaurus')
    expect(payload.content.posts).toHaveLength(83)
    const registry = readFileSync(`${corpus}docusaurus-aks-blog/blog/authors.yml`, 'utf8')
    for (const a of payload.content.authors) if (registry.includes(`\n${a.id}:`)) expect(a.display_name).not.toBe(a.id)
    expect(payload.content.tags.find((t) => t.slug === 'add-ons')?.name).toBe('Add-ons')
    // Missing images are the ones the fixture dropped; body references (not front matter `image:`) number 61.
    const dropped = readFileSync(`${corpus}docusaurus-aks-blog/DROPPED-IMAGES.txt`, 'utf8')
    const missing = result.diagnostics.filter((d) => d.code === 'missing_image')
    const inBody = missing.filter((d) => !/^image:/.test(readFileSync(`${corpus}docusaurus-aks-blog/${d.file}`, 'utf8').split('\n')[d.line - 1]))
    expect(inBody).toHaveLength(61)
    for (const d of missing) expect(dropped).toContain((/"(?:\.\/)?([^"]+)"/.exec(d.message) as RegExpExecArray)[1].split('/').pop())
    // The other 126 body references resolve to files whose dimensions were read, and one more whose alt text runs
    // over two lines (`![KAITO RAGEngine\nArchitecture](kaito-rag-arch.png)`).
    const rewritten = payload.content.posts.reduce((n, p) => n + (p.content.match(/!\[[^\]]*\]\(\/media\/|<img[^>]*src="\/media\//g) ?? []).length, 0)
    expect(rewritten).toBe(127)
    for (const m of payload.content.media ?? []) expect(m.width).toBeGreaterThan(0)
  })

  test('astro-blog: pubDate strings, heroImage relative to the entry', async () => {
    const { result, payload } = await importTwice('astro-blog')
    expect(result.preset).toBe('astro')
    expect(payload.content.posts).toHaveLength(5)
    const first = payload.content.posts.find((p) => p.slug === 'first-post')
    expect(first?.published_at_iso).toBe('2022-07-08T00:00:00Z')
    expect(first?.featured_image).toBe('/media/src/assets/blog-placeholder-3.jpg')
    expect(payload.content.media?.every((m) => m.width > 0 && m.height > 0)).toBe(true)
  })

  test('gatsby-starter-blog: folder-per-post bundles with a co-located image', async () => {
    const { payload } = await importTwice('gatsby-starter-blog', { preset: 'native', postsDir: 'content/blog' })
    expect(payload.content.posts.map((p) => p.slug).sort()).toEqual(['hello-world', 'my-second-post', 'new-beginnings'])
    expect(payload.content.media).toEqual([expect.objectContaining({ src: '/media/content/blog/hello-world/salty_egg.jpg' })])
    expect(payload.content.posts.find((p) => p.slug === 'my-second-post')?.excerpt).not.toBe('')
  })
})
