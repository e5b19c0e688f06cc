// A larger Eleventy 2 blog, the conventions of 11ty.dev/docs/: an input folder (src/), directory data files giving
// layouts, tags and permalinks (`{{ page.fileSlug }}` drops the date of a dated file name; `{{ title | slugify }}`
// builds a URL from the title), `permalink: false` for files that are never written, front-matter permalinks with
// .html, `eleventyExcludeFromCollections`, an .eleventyignore'd drafts folder, Nunjucks in Markdown with the site's
// own shortcodes (`youtube`, a paired `callout`) and filters (`url`).
import { day, frontMatter, paragraphs, png, sentence, title } from './_common.mjs'

export async function eleventyBlog(w, rng) {
  await w.write('package.json', JSON.stringify({ name: 'harbour-eleventy-blog', private: true, scripts: { build: 'eleventy' }, devDependencies: { '@11ty/eleventy': '2.0.1' } }, null, 2) + '\n')
  await w.write('.eleventy.js', `module.exports = function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy('src/img')
  eleventyConfig.addShortcode('youtube', (id) => \`<iframe src="https://www.youtube-nocookie.com/embed/\${id}" title="Video"></iframe>\`)
  eleventyConfig.addPairedShortcode('callout', (content, kind) => \`<aside class="callout \${kind}">\${content}</aside>\`)
  eleventyConfig.addCollection('recipes', (api) => api.getFilteredByGlob('src/recipes/*.md'))
  return { dir: { input: 'src', output: '_site', includes: '_includes', data: '_data' }, markdownTemplateEngine: 'njk' }
}
`)
  await w.write('.eleventyignore', 'src/drafts/\n')
  await w.write('src/_data/site.json', JSON.stringify({ title: 'Harbour Notes', url: 'https://harbour-notes.example' }, null, 2) + '\n')
  await w.write('src/_includes/base.njk', '<!doctype html>\n<html><head><title>{{ title }} · {{ site.title }}</title></head><body>{{ content | safe }}</body></html>\n')
  await w.write('src/_includes/post.njk', '---\nlayout: base.njk\n---\n<article><h1>{{ title }}</h1><time>{{ page.date.toISOString() }}</time>{{ content | safe }}</article>\n')
  await w.write('src/index.njk', '---\nlayout: base.njk\ntitle: Home\n---\n<ul>{% for post in collections.posts | reverse %}{% if loop.index <= 10 %}<li><a href="{{ post.url | url }}">{{ post.data.title }}</a></li>{% endif %}{% endfor %}</ul>\n')
  await w.write('src/posts/posts.json', JSON.stringify({ layout: 'post.njk', tags: ['posts'], permalink: '/blog/{{ page.fileSlug }}/' }, null, 2) + '\n')
  await w.write('src/recipes/recipes.json', JSON.stringify({ layout: 'post.njk', permalink: '/kitchen/{{ title | slugify }}/' }, null, 2) + '\n')
  await w.write('src/docs/docs.json', JSON.stringify({ layout: 'base.njk', permalink: '/docs/{{ page.fileSlug }}/index.html' }, null, 2) + '\n')
  for (let i = 0; i < 8; i++) await w.write(`src/img/harbour-${i + 1}.png`, png(rng))

  await w.write('src/about/index.md', frontMatter({ layout: 'base.njk', title: 'About' }) + paragraphs(rng, 'en', 2) + '\n\nWrite to us from [the contact page]({{ \'/contact.html\' | url }}).\n')
  await w.write('src/contact.md', frontMatter({ layout: 'base.njk', title: 'Contact', permalink: '/contact.html' }) + paragraphs(rng, 'en', 1) + '\n')
  await w.write('src/404.md', frontMatter({ layout: 'base.njk', title: 'Not found', permalink: '404.html', eleventyExcludeFromCollections: true }) + 'Nothing here.\n')
  await w.write('src/colophon.md', frontMatter({ title: 'Colophon (not published)', permalink: false }) + sentence(rng, 'en') + '\n')

  const slugs = []
  for (let i = 0; i < 250; i++) {
    const d = day(rng, 2015, 2024)
    const t = title(rng, 'en')
    const slug = t.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
    const fm = { title: t, date: d.ymd, description: sentence(rng, 'en') }
    if (i % 41 === 13) fm.permalink = false
    if (i % 53 === 21) fm.eleventyExcludeFromCollections = true
    if (i % 61 === 30) fm.permalink = `/featured/${slug}.html`
    const body = [paragraphs(rng, 'en', rng.int(1, 3))]
    if (slugs.length > 0 && rng.chance(0.35)) body.push(`Read [an earlier post](/blog/${rng.pick(slugs)}/) too.`)
    if (rng.chance(0.2)) body.push(`![The harbour]({{ '/img/harbour-${rng.int(1, 8)}.png' | url }})`)
    if (rng.chance(0.06)) body.push(`{% youtube "${rng.pick(['M7lc1UVf-VE', 'aqz-KE-bpKQ'])}" %}`)
    if (rng.chance(0.1)) body.push(`{% callout "tip" %}${sentence(rng, 'en')}{% endcallout %}`)
    await w.write(`src/posts/${d.ymd}-${slug}.md`, frontMatter(fm) + body.join('\n\n') + '\n')
    if (fm.permalink === undefined) slugs.push(slug)
  }
  for (let i = 0; i < 40; i++) await w.write(`src/recipes/recipe-${i + 1}.md`, frontMatter({ title: `${title(rng, 'en')} stew` }) + paragraphs(rng, 'en', 2) + '\n')
  for (let i = 0; i < 10; i++) await w.write(`src/docs/${['setup', 'writing', 'images', 'feeds', 'deploy', 'themes', 'search', 'comments', 'backups', 'faq'][i]}.md`, frontMatter({ title: `Docs ${i + 1}` }) + paragraphs(rng, 'en', 2) + '\n')
  for (let i = 0; i < 4; i++) await w.write(`src/drafts/draft-${i + 1}.md`, frontMatter({ title: `Draft ${i + 1}` }) + paragraphs(rng, 'en', 1) + '\n')
}
