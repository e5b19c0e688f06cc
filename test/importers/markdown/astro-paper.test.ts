import { describe, expect, test } from 'vitest'
import { headerMenu, pageNumberRoutes, paperSite, servesPageNumbers } from '../../../importers/markdown/presets/astro-paper.js'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// AstroPaper keeps its site's title, description and list size in `src/config.ts` (`export const SITE = { website,
// title, desc, postPerPage }`, which astro.config.mjs imports for `site: SITE.website`), its menu in
// `src/components/Header.astro`, and AstroPaper 2's `src/pages/posts/[slug].astro` writes, beside each post, the
// lists' pages 1 to ⌈posts ÷ postPerPage⌉ at /posts/<n> (getStaticPaths: `params: { slug: String(pageNum) }`).
// The import took only `website`: "Untitled site", 10 posts a page, no menu, /posts/2 answered by nothing.

const site = tempSites('md-astro-paper-')

const post = (n: number, extra = '') => `---\ntitle: Post ${n}\npubDatetime: 2024-01-${String(n).padStart(2, '0')}T00:00:00Z\n${extra}---\nText ${n}.\n`

function paper(posts: number, config = 'postPerPage: 3,') {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ dependencies: { astro: '^2.0.0' } }),
    'astro.config.mjs': 'import { defineConfig } from "astro/config";\nimport { SITE } from "./src/config";\n\nexport default defineConfig({\n  site: SITE.website,\n});\n',
    'src/config.ts': `export const SITE = {\n  website: "https://paper.example.org",\n  author: "A. Writer",\n  desc: "Notes on paper.",\n  title: "Paper Notes",\n  ${config}\n};\n`,
    'src/content/config.ts': 'import { defineCollection, z } from "astro:content";\n\nconst blog = defineCollection({\n  schema: z.object({ title: z.string(), pubDatetime: z.date(), draft: z.boolean().optional() }),\n});\n\nexport const collections = { blog };\n',
    'src/pages/posts/[slug].astro': '---\nimport { getCollection } from "astro:content";\nimport getPageNumbers from "@utils/getPageNumbers";\n\nexport async function getStaticPaths() {\n  const posts = await getCollection("blog", ({ data }) => !data.draft);\n  const postResult = posts.map(post => ({\n    params: { slug: post.slug },\n    props: { post },\n  }));\n  const pagePaths = getPageNumbers(posts.length).map(pageNum => ({\n    params: { slug: String(pageNum) },\n  }));\n  return [...postResult, ...pagePaths];\n}\nconst { post } = Astro.props;\nconst { Content } = await post.render();\n---\n<Content />\n',
    'src/pages/tags/index.astro': '---\nconst tags = [];\n---\n<ul></ul>\n',
    'src/components/Header.astro': '---\nconst { activeNav } = Astro.props;\n---\n<header>\n  <a href="/" class="logo">Paper</a>\n  <nav id="nav-menu">\n    <ul>\n      <li><a href="/posts" class={activeNav === "posts" ? "active" : ""}>\n        Posts\n      </a></li>\n      <li><a href="/tags">Tags</a></li>\n      <li><a href="/about">About</a></li>\n      <li><a href={dynamic}>Code</a></li>\n      <li><a href="https://github.com/">GitHub</a></li>\n    </ul>\n  </nav>\n</header>\n',
    'src/pages/about.md': '---\ntitle: About\n---\nAbout.\n',
  }
  for (let n = 1; n <= posts; n++) files[`src/content/blog/post-${n}.md`] = post(n)
  files['src/content/blog/draft.md'] = post(28, 'draft: true\n')
  return files
}

describe('AstroPaper', () => {
  test('the site object gives the title, the description and the posts a page', async () => {
    const got = await imported(await site('site', paper(7)))
    expect(got.payload.site.title).toBe('Paper Notes')
    expect(got.payload.site.description).toBe('Notes on paper.')
    expect(got.payload.site.posts_per_page).toBe(3)
  })

  // The post index pages by the same size (posts_per_page 3): its page n is at /posts/page/<n>/ (the build stage's
  // pagination routes), which holds the posts /posts/<n> held. It led to /posts/ (page 1) for every n.
  test('the numbered list pages (7 published posts, 3 a page: /posts/1 to /posts/3) lead to the post index\'s pages, the tag list to the post index', async () => {
    const got = await imported(await site('pages', paper(7)))
    expect(got.result.redirects.map((r) => `${r.from} ${r.to}`).sort()).toEqual(['/posts/1/ /posts/', '/posts/2/ /posts/page/2/', '/posts/3/ /posts/page/3/', '/tags/ /posts/'])
    expect(got.served('/posts/page/3/')).toBe(true)
  })

  // build.format 'file' (html-extension): the post index's pages are /posts/page/<n> (posts/page/<n>.html).
  test('under build.format file, the numbered pages lead to the post index\'s pages without the slash', async () => {
    const files = paper(7)
    files['astro.config.mjs'] = files['astro.config.mjs'].replace('site: SITE.website,', "site: SITE.website,\n  build: { format: 'file' },")
    const got = await imported(await site('file-format', files))
    expect(got.result.redirects.map((r) => `${r.from} ${r.to}`).sort()).toEqual(['/posts/1 /posts', '/posts/2 /posts/page/2', '/posts/3 /posts/page/3', '/tags /posts'])
  })

  test('a numbered page the post index does not have (an unlisted post: 6 listed, 2 pages) leads to the post index', async () => {
    const files = paper(7)
    files['src/content/blog/post-7.md'] = post(7, 'unlisted: true\n')
    const got = await imported(await site('fewer-pages', files))
    expect(got.result.redirects.map((r) => `${r.from} ${r.to}`).sort()).toEqual(['/posts/1/ /posts/', '/posts/2/ /posts/page/2/', '/posts/3/ /posts/', '/tags/ /posts/'])
  })

  test('links in bodies to a numbered page lead to the post index\'s page, and links to the post index\'s pages resolve', async () => {
    const files = paper(7)
    files['src/pages/about.md'] = '---\ntitle: About\n---\n[older](/posts/2) [page three](/posts/page/3/) [the list](/posts) [none](/posts/page/4/)\n'
    const got = await imported(await site('body-links', files))
    expect(got.bodies.find((b) => b.includes('older'))).toContain('[older](/posts/page/2/) [page three](/posts/page/3/) [the list](/posts/) [none](/posts/page/4/)')
    expect(got.result.report.unresolved_links.map((l) => l.target)).toEqual(['/posts/page/4/'])
  })

  // The built theme links /posts, /tags and /about (Header.astro), which Astro serves at /posts/, /tags/ and /about/
  // (trailingSlash 'ignore'): each item leads to its new URL, the Posts item to the post index's (it kept /posts).
  test('the header menu: its links to the site at their new URLs, the tag list leading to the post index', async () => {
    const got = await imported(await site('menu', paper(2)))
    expect((got.payload.menus?.primary?.items ?? []).map((i) => [i.title, i.url])).toEqual([['Posts', '/posts/'], ['Tags', '/posts/'], ['About', '/about/']])
  })

  test('without postPerPage the lists are not numbered here (nothing to redirect by)', async () => {
    const got = await imported(await site('no-size', paper(7, '')))
    expect(got.payload.site.posts_per_page).toBe(10)
    expect(got.result.redirects.map((r) => r.from)).toEqual(['/tags/'])
  })
})

describe('astro-paper parts', () => {
  test.each<[string, Record<string, string>, ReturnType<typeof paperSite>]>([
    ['all three', { title: '"T"', desc: "'D'", postPerPage: '4' }, { title: 'T', description: 'D', perPage: 4 }],
    ['a size that is no count', { postPerPage: '0' }, {}],
    ['a size written as code', { postPerPage: 'SIZE' }, {}],
    ['a title written as code', { title: '`${x}`' }, {}],
  ])('paperSite: %s', (_, values, want) => {
    expect(paperSite(new Map(Object.entries(values)))).toEqual(want)
  })

  test.each<[string, boolean]>([
    ['params: { slug: String(pageNum) },', true],
    ['params: { slug: String(pageNum) }', true],
    ['params: { slug: post.slug },', false],
  ])('servesPageNumbers(%j) is %s', (text, want) => {
    expect(servesPageNumbers(text)).toBe(want)
  })

  test('numbered pages are capped', () => {
    const { routes, total } = pageNumberRoutes(30_001, 1, (n) => `/posts/${n}/`)
    expect(routes.length).toBe(10_000)
    expect(total).toBe(30_001)
    expect(routes[9_999]).toEqual({ from: '/posts/10000/', page: 10_000 })
  })

  test('a nav never closed, tags never closed, a page-number parameter never closed: read in linear time', () => {
    const started = performance.now()
    expect(headerMenu('<nav>' + '<a href="/x"'.repeat(50_000))).toEqual([])
    expect(headerMenu('<nav>' + '<'.repeat(200_000) + '</nav>')).toEqual([])
    expect(servesPageNumbers('params: { slug: String(n)' + ' '.repeat(100_000))).toBe(false)
    // A name of letters and dots never closed: each dot was a place to end the name and read on to the end.
    expect(headerMenu('<nav><' + 'a.'.repeat(100_000) + '</nav>')).toEqual([])
    expect(performance.now() - started).toBeLessThan(2000)
  })
})
