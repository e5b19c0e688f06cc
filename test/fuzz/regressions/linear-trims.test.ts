import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { importWordPress } from '../../../importers/wordpress/index.js'
import { menuId } from '../../../importers/wordpress/menus.js'
import { samePath } from '../../../importers/wordpress/old-urls.js'
import { decodeWpSlug } from '../../../importers/wordpress/slugs.js'
import { trimBoth, trimLeading, trimTrailing } from '../../../src/trim.js'
import { growth, growthAsync } from './_growth.js'

// `value.replace(/\/+$/, '')` tries a match at every position of a run that is not at the end, each reading the rest
// of the run: a config value, link or menu name with a long run inside (`a//////…//b`) took time in the square of the
// run (a Jekyll `baseurl` of 40,000 slashes: 13 s; a WordPress `<link>` of 40,000: 10.6 s). Every such strip of
// slashes (and of `-`/`_` in WordPress menu ids) now cuts the run from the end with src/trim.ts. Eight times the input
// may take at most 32 times as long (64 when quadratic; about 8 when linear).

const run = (n: number) => `a${'/'.repeat(n)}b`

describe('stripping runs from the ends takes time linear in a value with a long run inside', () => {
  test.each([
    ['trimTrailing', (n: number) => trimTrailing(run(n), '/')],
    ['trimBoth', (n: number) => trimBoth(run(n), '/')],
    ['WordPress: two links compared as paths', (n: number) => samePath(`/x${run(n)}`, `/y${run(n)}/`)],
    ["WordPress: a menu id from a slug of '_-' repeated", (n: number) => menuId(`a${'_-'.repeat(n / 2)}b`, 1, new Set())],
  ])('%s', (_name, fn) => {
    expect(growth(fn, 2_000)).toBeLessThan(32)
  })
})

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pd-trims-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A Jekyll site whose `_config.yml` gives `baseurl`, `url` and `collections_dir` each a run of `n` slashes inside. */
async function jekyllSite(n: number): Promise<string> {
  const at = await mkdtemp(path.join(dir, 'jekyll-'))
  await mkdir(path.join(at, '_posts'))
  await writeFile(path.join(at, '_config.yml'), `title: T\nbaseurl: "/${run(n)}"\nurl: "https://x.test/${run(n)}"\ncollections_dir: "${run(n)}"\n`)
  await writeFile(path.join(at, '_posts', '2020-01-01-a.md'), '---\ntitle: A\n---\nx\n')
  return at
}

/**
 * A Chirpy post whose `media_subpath` has a run of `n` slashes inside and which shows four images: each image was
 * looked for under it after `/\/+$/` cut it (found by s8-hunt: 160,000 slashes, 65 s; 20,000 and 20 images, 18 s).
 */
async function chirpyPost(n: number): Promise<string> {
  const at = await mkdtemp(path.join(dir, 'chirpy-'))
  await mkdir(path.join(at, '_posts'))
  await writeFile(path.join(at, '_config.yml'), 'title: T\ntheme: jekyll-theme-chirpy\n')
  await writeFile(path.join(at, '_posts', '2020-01-01-a.md'), `---\ntitle: A\nmedia_subpath: "/${run(n)}"\n---\n${'![x](a.png)\n'.repeat(4)}`)
  return at
}

/** A site of one document whose configuration file holds a run of `n` slashes inside one folder or URL setting. */
async function configSite(n: number, files: Record<string, string>): Promise<string> {
  const at = await mkdtemp(path.join(dir, 'config-'))
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(at, rel)), { recursive: true })
    await writeFile(path.join(at, rel), text.replaceAll('RUN', run(n)))
  }
  return at
}

// Settings whose slashes were cut with /^\/+|\/+$/g or /\/+$/ (found by s8-hunt; 40,000 slashes: 5–6 s each, the
// Jekyll `include` once per file of the site).
const CONFIG_SITES: Array<[string, Record<string, string>]> = [
  ['Jekyll include', { '_config.yml': 'title: T\ninclude: ["/RUN/"]\n', '_posts/2020-01-01-a.md': '---\ntitle: A\n---\nx\n', 'b.md': '---\ntitle: B\n---\nx\n', 'c.md': '---\ntitle: C\n---\nx\n' }],
  ['Starlight autogenerate directory', { 'package.json': '{"dependencies":{"@astrojs/starlight":"1","astro":"4"}}', 'astro.config.mjs': "import starlight from '@astrojs/starlight'\nexport default { integrations: [starlight({ title: 'T', sidebar: [{ label: 'G', autogenerate: { directory: 'RUN' } }] })] }\n", 'src/content/docs/a.md': '---\ntitle: A\n---\nx\n' }],
  ['VuePress blog directory', { 'package.json': '{"devDependencies":{"vuepress":"1","@vuepress/theme-blog":"2"}}', 'docs/.vuepress/config.js': "module.exports = { title: 'T', theme: '@vuepress/blog', themeConfig: { directories: [{ id: 'post', dirname: '_postsRUN', path: '/' }] } }\n", 'docs/_posts/a.md': '---\ntitle: A\ndate: 2020-01-01\n---\nx\n' }],
  // MkDocs (found by the s9 hunt): site_url's path, exclude_docs lines, pymdownx.snippets' base_path and the blog
  // plugin's blog_dir, post_dir and categories_url_format (32,000 slashes: 3.5 s each).
  ['MkDocs mkdocs.yml', { 'mkdocs.yml': 'site_name: T\nsite_url: "https://x.test/aRUN"\nexclude_docs: |\n  aRUN\nmarkdown_extensions:\n  - pymdownx.snippets:\n      base_path: ["RUN"]\nplugins:\n  - blog:\n      blog_dir: "RUN"\n      post_dir: "RUN"\n      categories_url_format: "RUN"\n', 'docs/index.md': '# A\n\nx\n' }],
  ['Docusaurus url', { 'package.json': '{"dependencies":{"@docusaurus/core":"3"}}', 'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://x.test/aRUN', baseUrl: '/' }\n", 'docs/a.md': '---\ntitle: A\n---\nx\n' }],
]

/** An export whose one page's `<link>` has a run of `n` slashes inside its path. */
async function wordpressLink(n: number): Promise<string> {
  const file = path.join(await mkdtemp(path.join(dir, 'wxr-')), 'export.xml')
  const item = `<item><title>P</title><link>https://ex.test/${run(n)}</link><dc:creator>a</dc:creator><content:encoded><![CDATA[<p>x</p>]]></content:encoded><wp:post_id>1</wp:post_id><wp:post_date>2020-01-01 00:00:00</wp:post_date><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:post_name>p</wp:post_name><wp:status>publish</wp:status><wp:post_parent>0</wp:post_parent><wp:post_type>page</wp:post_type></item>`
  await writeFile(file, `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>T</title><link>https://ex.test</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://ex.test</wp:base_site_url><wp:base_blog_url>https://ex.test</wp:base_blog_url><wp:author><wp:author_login>a</wp:author_login><wp:author_display_name>A</wp:author_display_name></wp:author>\n${item}\n</channel></rss>\n`)
  return file
}

describe('an import whose values hold a long run of slashes takes time linear in it', () => {
  test('a Jekyll _config.yml', async () => {
    expect(await growthAsync(async (n) => importMarkdown(await jekyllSite(n)), 2_000)).toBeLessThan(32)
  }, 60_000)

  test.each(CONFIG_SITES)('%s', async (_name, files) => {
    expect(await growthAsync(async (n) => importMarkdown(await configSite(n, files)), 4_000)).toBeLessThan(32)
  }, 60_000)

  test("a Chirpy post's media_subpath", async () => {
    expect(await growthAsync(async (n) => importMarkdown(await chirpyPost(n)), 2_000)).toBeLessThan(32)
  }, 60_000)

  test('a WordPress page link', async () => {
    expect(await growthAsync(async (n) => importWordPress(await wordpressLink(n), { generatedAt: '2026-01-01T00:00:00Z' }), 4_000)).toBeLessThan(32)
  }, 60_000)
})

describe('each strip cuts what its expression cut', () => {
  const piece = fc.constantFrom('/', '//', '.', './', '-', '_', '_-', 'a', 'é', ' ', '\n', '\u2028', '$', '{', '}', '`', '"', "'", '${__dirname}', '${__dirname}/')
  const text = fc.array(piece, { maxLength: 16 }).map((parts) => parts.join(''))

  test.each([
    ['/', /\/+$/, /^\/+/, /^\/+|\/+$/g],
    ['-_', /[-_]+$/, /^[-_]+/, /^[-_]+|[-_]+$/g],
    ['.-', /[.-]+$/, /^[.-]+/, /^[.-]+|[.-]+$/g],
  ])('trimTrailing, trimLeading and trimBoth of %j', (chars, trailing, leading, both) => {
    fc.assert(
      fc.property(text, (s) => {
        expect(trimTrailing(s, chars)).toBe(s.replace(trailing, ''))
        expect(trimLeading(s, chars)).toBe(s.replace(leading, ''))
        expect(trimBoth(s, chars)).toBe(s.replace(both, ''))
      }),
      { numRuns: 3000 },
    )
  })

  // The call sites that strip something else at the start first, written as they are now beside the expression they
  // replaced (Docusaurus/Jekyll/Hugo/Docusaurus 1 folders, Eleventy's dir.input, Astro's glob base, VitePress srcDir,
  // the Eleventy passthrough globs and Gatsby's source paths).
  test.each<[string, (s: string) => string, (s: string) => string]>([
    ['a folder: /^\\.?\\/+|\\/+$/g', (s) => s.replace(/^\.?\/+|\/+$/g, ''), (s) => trimTrailing(s.replace(/^\.?\/+/, ''), '/')],
    ['Eleventy dir.input', (s) => s.replace(/^(?:\.\/)+|\/+$/g, '').replace(/^\/+/, ''), (s) => trimBoth(s.replace(/^(?:\.\/)+/, ''), '/')],
    ['Astro glob base', (s) => s.replace(/^\.\/|\/+$/g, '').replace(/^\//, ''), (s) => trimTrailing(s.replace(/^\.\//, ''), '/').replace(/^\//, '')],
    ['MkDocs snippets base_path', (s) => s.replace(/^\.\/?|\/+$/g, ''), (s) => trimTrailing(s.replace(/^\.\/?/, ''), '/')],
    ['MkDocs blog_dir and post_dir', (s) => s.replace(/^\.?\/*|\/+$/g, ''), (s) => trimTrailing(s.replace(/^\.?\/*/, ''), '/')],
    ['VitePress srcDir', (s) => s.replace(/^\.\/?/, '').replace(/\/+$/, ''), (s) => trimTrailing(s.replace(/^\.\/?/, ''), '/')],
    ['Gatsby source path', (s) => s.replace(/^[`'"]|[`'"]$/g, '').replace(/^\$\{__dirname\}\/?|^\.\//, '').replace(/\/+$/, ''), (s) => trimTrailing(s.replace(/^[`'"]|[`'"]$/g, '').replace(/^\$\{__dirname\}\/?|^\.\//, ''), '/')],
    ['a base path made absolute', (s) => s.replace(/\/+$/, '').replace(/^(?=[^/])/, '/'), (s) => trimTrailing(s, '/').replace(/^(?=[^/])/, '/')],
  ])('%s', (_name, old, now) => {
    fc.assert(
      fc.property(text, (s) => {
        expect(now(s)).toBe(old(s))
      }),
      { numRuns: 3000 },
    )
  })

  test('a WordPress menu id is the one the expression gave', () => {
    const slug = fc.array(fc.constantFrom('-', '_', 'a', 'B', ' ', '--', '__', 'é', '%c3%a9', '1'), { maxLength: 12 }).map((parts) => parts.join(''))
    const old = (s: string, n: number) => {
      let base = decodeWpSlug(s).normalize('NFKD').toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/-{2,}/g, '-').replace(/^[-_]+|[-_]+$/g, '')
      if (!/^[a-z]/.test(base)) base = base ? `menu-${base}` : `menu-${n}`
      return base.slice(0, 64).replace(/[-_]+$/, '')
    }
    fc.assert(
      fc.property(slug, (s) => {
        expect(menuId(s, 7, new Set())).toBe(old(s, 7))
      }),
      { numRuns: 3000 },
    )
  })
})
