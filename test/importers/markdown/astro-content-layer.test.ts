import { describe, expect, test } from 'vitest'
import { importedSite, tempSites } from './_tmpsite.js'

// Astro 5's content layer (docs.astro.build "Content collections", "Content Loader API"), each case's URLs checked
// against `astro build` (astro 5.16.0) on the same files: a collection is what `src/content.config.ts` defines, written
// in the `collections` object or held by a variable; a `glob()` loader's entries are the files its pattern matches
// below its `base` (underscored files too, unless the pattern leaves them out); the route that renders an entry's
// content gives the URL, not a route that paginates the same collection or lists a tag of it.

const site = tempSites('md-astro-content-layer-')

const post = (title: string, date = '2024-01-02') => `---\ntitle: ${title}\npubDate: ${date}\n---\n\nText of ${title}.\n`
const entryRoute = (collection: string) => `---\nimport { getCollection, render } from 'astro:content';\nexport async function getStaticPaths() {\n  const posts = await getCollection('${collection}');\n  return posts.map((post) => ({ params: { slug: post.id }, props: post }));\n}\nconst { Content } = await render(Astro.props);\n---\n<Content />\n`
const pagedRoute = (collection: string) => `---\nimport { getCollection } from 'astro:content';\nexport async function getStaticPaths({ paginate }) {\n  return paginate(await getCollection('${collection}'), { pageSize: 2 });\n}\n---\n`
const tagRoute = (collection: string) => `---\nimport { getCollection } from 'astro:content';\nexport async function getStaticPaths() {\n  const posts = await getCollection('${collection}');\n  return [...new Set(posts.flatMap((p) => p.data.tags))].map((tag) => ({ params: { tag }, props: { tag } }));\n}\n---\n`

describe('Astro content layer: which files are entries, and at which URL', () => {
  test.each<{ name: string; files: Record<string, string>; urls: Record<string, string>; skipped?: Record<string, string> }>([
    {
      name: 'a collection written inside the collections object, its base outside src/content',
      files: {
        'src/content.config.ts': "import { glob, file } from 'astro/loaders';\nexport const collections = {\n  notes: defineCollection({\n    loader: glob({ pattern: '**/[^_]*.md', base: './src/data/notes' }),\n    schema: z.object({ title: z.string() }),\n  }),\n  authors: defineCollection({ loader: file('src/data/authors.json') }),\n};\n",
        'src/data/notes/Quick-Note.md': '---\ntitle: Quick note\n---\n\nA note.\n',
        'src/data/notes/_skip.md': '---\ntitle: Skip\n---\n\nSkip.\n',
        'src/pages/notes/[...slug].astro': entryRoute('notes'),
      },
      urls: { 'src/data/notes/Quick-Note.md': '/notes/quick-note/' },
      skipped: { 'src/data/notes/_skip.md': 'excluded' },
    },
    {
      name: "a glob pattern that does not leave out underscores publishes them (the blog template's pattern)",
      files: {
        'src/content.config.ts': "const blog = defineCollection({\n  loader: glob({ base: './src/content/blog', pattern: '**/*.{md,mdx}' }),\n});\nexport const collections = { blog };\n",
        'src/content/blog/first-post.md': post('First'),
        'src/content/blog/_template.md': post('Template'),
        'src/pages/blog/[...slug].astro': entryRoute('blog'),
      },
      urls: { 'src/content/blog/first-post.md': '/blog/first-post/', 'src/content/blog/_template.md': '/blog/_template/' },
    },
    {
      name: 'a pattern without ** takes the base folder only; (md|mdx) is either',
      files: {
        'src/content.config.ts': "const post = defineCollection({ loader: glob({ pattern: ['*.(md|mdx)'], base: 'src/data/post' }) });\nexport const collections = { post };\n",
        'src/data/post/hello.mdx': post('Hello'),
        'src/data/post/drafts/later.md': post('Later'),
        'src/pages/post/[slug].astro': entryRoute('post'),
      },
      urls: { 'src/data/post/hello.mdx': '/post/hello/' },
      skipped: { 'src/data/post/drafts/later.md': 'excluded' },
    },
    {
      name: 'a glob without base reads from the site root, and its ids are the whole path',
      files: {
        'src/content.config.ts': "const docs = defineCollection({ loader: glob({ pattern: 'content/docs/**/*.md' }) });\nexport const collections = { docs };\n",
        'content/docs/guide/Intro.md': '---\ntitle: Intro\n---\n\nText.\n',
        'src/pages/docs/[...slug].astro': entryRoute('docs'),
      },
      urls: { 'content/docs/guide/Intro.md': '/docs/content/docs/guide/intro/' },
    },
    {
      name: 'a paginated list and a tag page of the collection are not its entry route',
      files: {
        'src/content.config.ts': "const blog = defineCollection({ loader: glob({ base: './src/content/blog', pattern: '**/*.md' }) });\nexport const collections = { blog };\n",
        'src/content/blog/first.md': post('First'),
        'src/pages/archive/[...page].astro': pagedRoute('blog'),
        'src/pages/categories/[tag].astro': tagRoute('blog'),
        'src/pages/posts/[...slug].astro': entryRoute('blog'),
      },
      urls: { 'src/content/blog/first.md': '/posts/first/' },
    },
    {
      name: 'a route in a folder of its own ([...slug]/index.astro)',
      files: {
        'src/content.config.ts': "const blog = defineCollection({ loader: glob({ base: './src/data/blog', pattern: '**/[^_]*.md' }) });\nexport const collections = { blog };\n",
        'src/data/blog/first.md': post('First'),
        'src/pages/writing/[...slug]/index.astro': entryRoute('blog'),
      },
      urls: { 'src/data/blog/first.md': '/writing/first/' },
    },
    {
      name: 'a folder of src/content the configuration does not name is no collection when every collection has a loader',
      files: {
        'src/content.config.ts': "const blog = defineCollection({ loader: glob({ base: './src/data/blog', pattern: '**/*.md' }) });\nexport const collections = { blog };\n",
        'src/data/blog/first.md': post('First'),
        'src/content/old/stale.md': '---\ntitle: Stale\n---\n\nOld.\n',
        'src/pages/blog/[...slug].astro': entryRoute('blog'),
      },
      urls: { 'src/data/blog/first.md': '/blog/first/' },
    },
    {
      name: 'legacy collections (no loader) leave out underscored files and folders, and unnamed folders are collections',
      files: {
        'src/content/config.ts': "const blog = defineCollection({ type: 'content', schema: z.object({ title: z.string() }) });\nexport const collections = { blog };\n",
        'src/content/blog/first.md': post('First'),
        'src/content/blog/_draft.md': post('Draft'),
        'src/content/blog/_wip/idea.md': post('Idea'),
        'src/content/guides/setup.md': '---\ntitle: Setup\n---\n\nSteps.\n',
        'src/pages/blog/[...slug].astro': entryRoute('blog'),
      },
      urls: { 'src/content/blog/first.md': '/blog/first/', 'src/content/guides/setup.md': '/guides/setup/' },
      skipped: { 'src/content/blog/_draft.md': 'partial', 'src/content/blog/_wip/idea.md': 'partial' },
    },
    {
      // create-fumadocs-app 16.2.2's Astro template: the route reads its pages through a module of the site, and a
      // second loader reads the meta.json files of the same folder.
      name: 'a route reading the collection through a module it imports; two loaders on one folder',
      files: {
        'src/content.config.ts': "const docs = defineCollection({ loader: glob({ pattern: '**/*.{md,mdx}', base: './content/docs' }) });\nconst meta = defineCollection({ loader: glob({ pattern: '**/*.{json,yaml}', base: './content/docs' }) });\nexport const collections = { meta, docs };\n",
        'src/lib/source.ts': "import { getCollection } from 'astro:content';\nexport const source = loader({ source: await make(), baseUrl: '/' });\nasync function make() { for (const page of await getCollection('docs')) {} for (const meta of await getCollection('meta')) {} }\n",
        'src/pages/[...slug].astro': "---\nimport { render } from 'astro:content';\nimport { source } from '@/lib/source';\nexport async function getStaticPaths() {\n  return source.getPages().map((page) => ({\n    params: { slug: page.slugs.length > 0 ? page.slugs.join('/') : undefined },\n    props: { page: page.data._raw },\n  }));\n}\nconst { Content } = await render(Astro.props.page);\n---\n",
        'content/docs/index.mdx': '---\ntitle: Hello World\n---\n\nWelcome.\n',
        'content/docs/test.mdx': '---\ntitle: Components\n---\n\nText.\n',
        'content/docs/meta.json': '{ "pages": ["..."] }',
      },
      urls: { 'content/docs/index.mdx': '/', 'content/docs/test.mdx': '/test/' },
    },
  ])('$name', async ({ name, files, urls, skipped }) => {
    const root = await site(name.replace(/\W+/g, '-').slice(0, 60), { 'astro.config.mjs': "import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: 'https://example.com' });\n", ...files })
    const got = await importedSite(root)
    expect(got.preset).toBe('astro')
    expect(got.urls).toEqual(urls)
    expect(Object.fromEntries(Object.entries(got.skipped).filter(([, why]) => why !== 'not-content'))).toEqual(skipped ?? {})
  })

  test('a generateId loader is reported: its ids are code the importer does not run', async () => {
    const root = await site('generate-id', {
      'astro.config.mjs': 'export default {}',
      'src/content.config.ts': "const notes = defineCollection({ loader: glob({ base: 'src/notes', pattern: '**/*.md', generateId: ({ entry }) => entry.replace(/\\.md$/, '') }) });\nexport const collections = { notes };\n",
      'src/notes/A-Note.md': '---\ntitle: A\n---\n\nA.\n',
    })
    const got = await importedSite(root)
    expect(got.urls).toEqual({ 'src/notes/A-Note.md': '/notes/a-note/' })
    expect(got.result.diagnostics.filter((d) => d.code === 'unsupported_feature').map((d) => d.file)).toEqual(['src/content.config.ts'])
  })
})

// docs.astro.build "Configuration Reference" → build.format: 'file' writes /about as about.html and /guides/ (an index)
// as guides.html, and with trailingSlash 'ignore' links them without the slash (checked with astro 5.16.0's build).
describe('Astro build.format', () => {
  test.each([
    { format: undefined, trailing: undefined, urls: ['/about/', '/guides/', '/blog/first/'], style: undefined },
    { format: 'file', trailing: undefined, urls: ['/about', '/guides', '/blog/first'], style: 'html-extension' },
    // Links with the slash to x.html files: a host serves /x/ only as x/index.html, which the payload writes.
    { format: 'file', trailing: 'always', urls: ['/about/', '/guides/', '/blog/first/'], style: undefined },
  ])('format $format, trailingSlash $trailing', async ({ format, trailing, urls, style }) => {
    const options = [format ? `build: { format: '${format}' }` : '', trailing ? `trailingSlash: '${trailing}'` : ''].filter((o) => o !== '').join(', ')
    const root = await site(`format-${format}-${trailing}`, {
      'astro.config.mjs': `import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: 'https://example.com'${options ? `, ${options}` : ''} });\n`,
      'src/pages/about.md': '---\ntitle: About\n---\n\nMe.\n',
      'src/pages/guides/index.md': '---\ntitle: Guides\n---\n\nAll.\n',
      'src/content/blog/first.md': post('First'),
      'src/pages/blog/[...slug].astro': entryRoute('blog'),
    })
    const got = await importedSite(root)
    expect([got.urls['src/pages/about.md'], got.urls['src/pages/guides/index.md'], got.urls['src/content/blog/first.md']]).toEqual(urls)
    expect(got.payload.site.permalinks?.output_style).toBe(style)
    expect(urls.every(got.served)).toBe(true)
  })
})
