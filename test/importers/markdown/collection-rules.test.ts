import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { importedSite, tempSites } from './_tmpsite.js'
import { pageNaming } from '../../../importers/markdown/presets/gatsby.js'

// Rules met on real starters that no fixture had: an Astro blog collection dated by the field its schema declares
// (docs.astro.build "Content collections": the schema validates the front matter; AstroPaper's is `pubDatetime:
// z.date()`), and Next.js dynamic routes (nextjs.org "Dynamic Routes": `[tag].mdx` renders once per value the page's
// code lists), which are templates, not documents at one URL.

const site = tempSites('md-collection-rules-')

const IMPORTED = `import { defineCollection } from "astro:content";
import { blogSchema } from "./_schemas";
const blog = defineCollection({ schema: blogSchema });
export const collections = { blog };
`

describe('Astro: the blog schema names the date field', () => {
  test.each([
    { name: 'imported schema', files: { 'src/content/config.ts': IMPORTED, 'src/content/_schemas.ts': 'export const blogSchema = z.object({ modDatetime: z.date().optional(), pubDatetime: z.date(), title: z.string() })' }, fm: 'pubDatetime: 2022-09-23T15:22:00Z\nmodDatetime: 2023-01-01T00:00:00Z', kind: 'post', date: '2022-09-23T15:22:00Z' },
    { name: 'inline coerced date', files: { 'src/content.config.ts': 'const blog = defineCollection({ schema: z.object({ published: z.coerce.date() }) })\nexport const collections = { blog }' }, fm: 'published: 2024-05-06', kind: 'post', date: '2024-05-06T00:00:00Z' },
    { name: 'only an update date', files: { 'src/content/config.ts': 'const blog = defineCollection({ schema: z.object({ updatedDate: z.date() }) })\nexport const collections = { blog }' }, fm: 'updatedDate: 2024-05-06', kind: 'page', date: undefined },
    { name: 'no schema, the usual pubDate', files: { 'astro.config.mjs': 'export default {}' }, fm: 'pubDate: 2024-07-08', kind: 'post', date: '2024-07-08T00:00:00Z' },
    { name: 'no date at all', files: { 'astro.config.mjs': 'export default {}' }, fm: 'description: Undated', kind: 'page', date: undefined },
  ] as Array<{ name: string; files: Record<string, string>; fm: string; kind: string; date?: string }>)('$name -> $kind', async ({ name, files, fm, kind, date }) => {
    const root = await site(`astro-${name.replace(/\W+/g, '-')}`, { ...files, 'package.json': '{"dependencies":{"astro":"2.0.0"}}', 'src/content/blog/first.md': `---\ntitle: First\n${fm}\n---\n\nBody.\n` })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const item = result.report.items.find((i) => i.source === 'src/content/blog/first.md')
    expect(item && 'kind' in item ? item.kind : undefined).toBe(kind)
    const post = result.payload?.content.posts.find((p) => p.title === 'First')
    expect(post?.published_at_iso).toBe(date)
  })
})

describe('Astro: a route that computes its URLs in code is reported', () => {
  test.each([
    { name: 'the entry slug', params: 'params: { slug: post.slug }', warned: false },
    { name: 'the entry id', params: 'params: { id: entry.id }', warned: false },
    { name: 'a function of the data', params: 'params: { slug: slugify(post.data) }', warned: true },
    { name: 'a front-matter field', params: 'params: { slug: post.data.permalink }', warned: true },
  ])('$name: warned $warned', async ({ name, params, warned }) => {
    const root = await site(`astro-route-${name.replace(/\W+/g, '-')}`, {
      'astro.config.mjs': 'export default {}',
      'src/content/config.ts': "const blog = defineCollection({ schema: z.object({ pubDate: z.date() }) })\nexport const collections = { blog }",
      'src/pages/posts/[slug].astro': `---\nexport async function getStaticPaths() {\n  const posts = await getCollection('blog')\n  return posts.map((post) => ({\n    ${params},\n    props: post,\n  }))\n}\n---\n`,
      'src/content/blog/first.md': '---\ntitle: First\npubDate: 2024-01-02\n---\n\nBody.\n',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const found = result.diagnostics.filter((d) => d.code === 'unsupported_feature' && d.file === 'src/pages/posts/[slug].astro')
    expect(found.map((d) => d.line)).toEqual(warned ? [5] : [])
    expect(result.report.items.find((i) => i.source === 'src/content/blog/first.md')).toMatchObject({ kind: 'post', url: '/posts/first/' })
  })
})

// AstroPaper 2.2.0 keeps its URL in its own module (src/config.ts: `export const SITE: Site = { website: … }`) and its
// astro.config.mjs says `site: SITE.website`; Astro runs the configuration, so `site` is that string (the built
// sitemap and canonical URLs carry it).
describe("Astro: `site` and `base` read through the site's own module", () => {
  test.each([
    { name: 'a named import of a typed object', config: "import { defineConfig } from 'astro/config'\nimport { SITE } from './src/config'\nexport default defineConfig({ site: SITE.website, base: SITE.base })\n", module: "import type { Site } from './types'\nexport const SITE: Site = {\n  website: 'https://paper.example/', // the deployed URL\n  base: '/blog',\n  title: 'AstroPaper',\n}\n", url: 'https://paper.example', redirected: true },
    { name: 'a renamed import', config: "import { SITE as S } from './src/config.ts'\nexport default defineConfig({ site: S.website })\n", module: "export const SITE = { website: 'https://renamed.example' }\n", url: 'https://renamed.example', redirected: false },
    { name: 'a value written as code', config: "import { SITE } from './src/config'\nexport default defineConfig({ site: SITE.website })\n", module: 'export const SITE = { website: process.env.URL }\n', url: '', redirected: false },
    { name: 'a package, never read', config: "import { SITE } from 'some-theme'\nexport default defineConfig({ site: SITE.website })\n", module: "export const SITE = { website: 'https://not.example' }\n", url: '', redirected: false },
  ])('$name', async ({ name, config, module, url, redirected }) => {
    const root = await site(`astro-site-${name.replace(/\W+/g, '-')}`, { 'astro.config.mjs': config, 'src/config.ts': module, 'src/pages/about.md': '---\ntitle: About\n---\n\nText.\n' })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.payload?.site.url).toBe(url)
    expect(result.redirects.some((r) => r.from === '/blog/about/')).toBe(redirected)
  })
})

// AstroPaper lists remark-toc in `markdown.remarkPlugins`: its real build (astro 2.10.15) fills each post's
// `## Table of contents` section with links to the headings after it, which the import now writes the same way (all
// ten posts' lists equal the built ones); with options the plugin's heading and depth are the site's: left alone.
describe('Astro: remark-toc in markdown.remarkPlugins', () => {
  test.each([
    { name: 'listed as it is', plugins: '[remarkToc]', filled: true },
    { name: 'among others', plugins: '[remarkGfm, remarkToc, [remarkCollapse, { test: "Table of contents" }]]', filled: true },
    { name: 'with options', plugins: "[[remarkToc, { heading: 'contents' }]]", filled: false },
    { name: 'not listed', plugins: '[]', filled: false },
  ])('$name: filled $filled', async ({ name, plugins, filled }) => {
    const root = await site(`astro-toc-${name.replace(/\W+/g, '-')}`, {
      'astro.config.mjs': `import { defineConfig } from 'astro/config'\nimport remarkToc from 'remark-toc'\nexport default defineConfig({\n  markdown: { remarkPlugins: ${plugins} },\n})\n`,
      'src/pages/guide.md': '---\ntitle: Guide\n---\n\nIntro.\n\n## Table of contents\n\n## Install\n\n### From npm\n\n## Use\n',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const toc = '## Table of contents\n\n- [Install](#install)\n\n  - [From npm](#from-npm)\n\n- [Use](#use)\n\n## Install'
    expect(result.payload?.content.pages[0].content.includes(toc)).toBe(filled)
  })
})

describe('Next.js: dynamic routes are not documents', () => {
  test.each([
    { rel: 'pages/tags/[tag].mdx', published: false },
    { rel: 'pages/docs/[...slug].mdx', published: false },
    { rel: 'pages/[lang]/index.mdx', published: false },
    { rel: 'pages/tags/index.mdx', published: true },
    { rel: 'pages/about.mdx', published: true },
  ])('$rel published: $published', async ({ rel, published }) => {
    const root = await site(`next-${rel.replace(/\W+/g, '-')}`, { 'next.config.js': 'module.exports = {}', [rel]: '---\ntitle: T\n---\n\nText.\n' })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const item = result.report.items.find((i) => i.source === rel)
    expect(item && 'skipped' in item ? item.skipped : 'published').toBe(published ? 'published' : 'dynamic-route')
  })
})

// nextjs.org "Dynamic Routes" and "generateStaticParams": a route such as app/posts/[slug]/page.tsx renders one page
// per file of the folder its code reads, at the route's path; the folder is named in the route file or a module it
// imports (the Next.js blog starter's lib/api.ts: join(process.cwd(), "_posts")).
describe('Next.js: a content folder a dynamic route reads is served at the route', () => {
  const post = (title: string, date: string) => `---\ntitle: ${title}\ndate: ${date}\n---\n\nText of ${title}.\n`
  test.each<{ name: string; files: Record<string, string>; urls: Record<string, string>; kind: string }>([
    {
      name: 'blog starter: _posts/ read by lib/api.ts through an @/ import',
      files: {
        'package.json': '{ "dependencies": { "next": "15.0.0", "gray-matter": "4.0.3" } }',
        'src/app/posts/[slug]/page.tsx': 'import { getPostBySlug } from "@/lib/api";\nexport default async function Post(props) { return null }\n',
        'src/lib/api.ts': 'import { join } from "path";\nconst postsDirectory = join(process.cwd(), "_posts");\n',
        '_posts/hello-world.md': post('Hello', '2024-03-16T05:35:07.322Z'),
        '_posts/preview.md': post('Preview', '2024-03-16T05:35:07.322Z'),
      },
      urls: { '_posts/hello-world.md': '/posts/hello-world/', '_posts/preview.md': '/posts/preview/' },
      kind: 'post',
    },
    {
      name: 'learn tutorial: posts/ read by pages/posts/[id].js itself',
      files: {
        'package.json': '{ "dependencies": { "next": "14.0.0" } }',
        'pages/posts/[id].js': "import path from 'path'\nconst postsDirectory = path.join(process.cwd(), 'posts')\nexport async function getStaticPaths() { return { paths: [], fallback: false } }\n",
        'posts/ssg-ssr.md': post('SSG and SSR', '2020-01-02'),
      },
      urls: { 'posts/ssg-ssr.md': '/posts/ssg-ssr/' },
      kind: 'post',
    },
    {
      name: 'a folder of guides under a non-blog route: pages',
      files: {
        'next.config.js': 'module.exports = {}',
        'app/guides/[...slug]/page.tsx': "const dir = './content/guides'\nexport default function Guide() { return null }\n",
        'content/guides/setup/install.md': post('Install', '2024-01-01'),
      },
      urls: { 'content/guides/setup/install.md': '/guides/setup/install/' },
      kind: 'page',
    },
  ])('$name', async ({ files, urls, kind }) => {
    const root = await site(`next-routed-${Object.keys(urls)[0].replace(/\W+/g, '-')}`, files)
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.preset).toBe('nextjs')
    for (const [source, url] of Object.entries(urls)) {
      const item = result.report.items.find((i) => i.source === source)
      expect(item && 'url' in item ? [item.kind, item.url] : item).toEqual([kind, url])
    }
  })
})

// gatsbyjs.com "Creating Slugs for Pages": gatsby-node.js names each page; createPage's `path` is read as text.
describe('Gatsby: the page path gatsby-node.js gives', () => {
  test.each([
    { name: 'the starter: createFilePath slug', code: 'createPage({ path: post.fields.slug, component: blogPost })', want: { prefix: '' } },
    { name: 'a prefix before the slug', code: 'createPage({\n  path: `/blog${node.fields.slug}`,\n  component })', want: { prefix: '/blog' } },
    { name: 'a front-matter path', code: 'createPage({ path: node.frontmatter.path, component })', want: { prefix: '', field: 'path' } },
    { name: 'a front-matter slug under a prefix', code: 'createPage({ path: `/posts/${edge.node.frontmatter.slug}`, component })', want: { prefix: '/posts', field: 'slug' } },
    { name: 'the slug field made from front matter first', code: "createNodeField({ node, name: 'slug', value: node.frontmatter.slug || createFilePath({ node, getNode }) })\ncreatePage({ path: node.fields.slug })", want: { prefix: '', field: 'slug' } },
    { name: 'code the importer cannot follow', code: 'createPage({ path: `/p/${slugify(node.frontmatter.title)}`, component })', want: { prefix: '' } },
  ])('$name', ({ code, want }) => expect(pageNaming(code)).toEqual(want))

  test('a site whose gatsby-node.js serves posts under /blog and pages by their front-matter path', async () => {
    const root = await site('gatsby-node-prefix', {
      'gatsby-config.js': "module.exports = { siteMetadata: { title: 'G' }, plugins: [{ resolve: 'gatsby-source-filesystem', options: { path: `${__dirname}/content/posts` } }] }\n",
      'gatsby-node.js': "exports.createPages = ({ actions }) => { actions.createPage({ path: `/blog${node.fields.slug}`, component }) }\n",
      'content/posts/first-trip/index.md': '---\ntitle: First trip\ndate: 2024-02-03\n---\n\nText.\n',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const item = result.report.items.find((i) => i.source === 'content/posts/first-trip/index.md')
    expect(item && 'url' in item ? [item.kind, item.url] : item).toEqual(['post', '/blog/first-trip/'])
  })
})

// fumadocs.dev "Manual Installation": Fumadocs runs on React Router, TanStack Start and Waku as on Next.js, its loader
// serving content/docs at /docs (create-fumadocs-app 16.2.2's react-router, tanstack-start and waku templates); such a
// site was read as a plain folder (/content/docs/test/, and its README the home page).
describe('Fumadocs without Next.js', () => {
  test.each(['react-router', 'waku', '@tanstack/react-start'])('on %s, content/docs is served at /docs', async (framework) => {
    const root = await site(`fumadocs-${framework.replace(/\W+/g, '-')}`, {
      'package.json': JSON.stringify({ dependencies: { [framework]: '1.0.0', 'fumadocs-core': '16.0.0', 'fumadocs-mdx': '14.0.0' } }),
      'README.md': '# My app\n\nRun it.\n',
      'content/docs/index.mdx': '---\ntitle: Hello World\n---\n\nWelcome.\n',
      'content/docs/test.mdx': '---\ntitle: Components\n---\n\nText.\n',
    })
    const got = await importedSite(root)
    expect(got.urls).toEqual({ 'content/docs/index.mdx': '/docs/', 'content/docs/test.mdx': '/docs/test/' })
    expect(got.preset).toBe('nextjs')
  })
})
