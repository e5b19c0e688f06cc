// A Jekyll site that leans on the configuration, the conventions of jekyllrb.com/docs/permalinks/,
// /docs/configuration/front-matter-defaults/ and /docs/collections/: `permalink: pretty` for the site, `defaults:`
// scoped by path and type giving other folders' posts a date permalink and the templates of the `none` and `ordinal`
// styles (front matter and defaults take templates literally: only the site-wide `permalink` knows style names,
// and `permalink: none` in defaults would send every post to /none), collections with and
// without `output`, front-matter permalinks, a `baseurl`, drafts, unpublished and future posts, and the Liquid a
// Jekyll author writes (`link`, `post_url`, `include`, `highlight`, `raw`, `relative_url`, `site.baseurl`).
import { day, frontMatter, paragraphs, png, sentence, title } from './_common.mjs'

export async function jekyllConventions(w, rng) {
  await w.write('_config.yml', `title: Kitchen Journal
description: Recipes, notes and news from a small kitchen
url: https://kitchen.example
baseurl: /journal
permalink: pretty
timezone: Europe/Berlin
collections:
  recipes:
    output: true
    permalink: /recipes/:path/
  guides:
    output: true
  authors:
    output: false
defaults:
  - scope:
      path: ""
    values:
      layout: default
  - scope:
      path: ""
      type: posts
    values:
      layout: post
  - scope:
      path: "news"
      type: posts
    values:
      permalink: /news/:year/:month/:title/
  - scope:
      path: "notes"
      type: posts
    values:
      permalink: /:categories/:title:output_ext
  - scope:
      path: "diary"
      type: posts
    values:
      permalink: /:categories/:year/:y_day/:title:output_ext
  - scope:
      path: ""
      type: guides
    values:
      layout: guide
exclude:
  - README.md
`)
  await w.write('_layouts/default.html', '<!doctype html>\n<html><head><title>{{ page.title }}</title></head><body>{{ content }}</body></html>\n')
  await w.write('_layouts/post.html', '---\nlayout: default\n---\n<article><h1>{{ page.title }}</h1>{{ content }}</article>\n')
  await w.write('_layouts/guide.html', '---\nlayout: default\n---\n<main class="guide">{{ content }}</main>\n')
  await w.write('_includes/note.html', '<aside class="note">{{ include.text }}</aside>\n')
  await w.write('README.md', '# Kitchen Journal\n\nThe site\'s source. Not part of the site (excluded in _config.yml).\n')
  for (let i = 0; i < 10; i++) await w.write(`assets/img/dish-${i + 1}.png`, png(rng))

  await w.write('index.md', frontMatter({ title: 'Kitchen Journal' }) + `${paragraphs(rng, 'en', 1)}\n\n{{ site.description }}. Start with [the guides]({{ '/guides/' | relative_url }}) or [the recipes]({{ site.baseurl }}/recipes/).\n`)
  await w.write('about.md', frontMatter({ title: 'About', permalink: '/about/' }) + paragraphs(rng, 'en', 2) + '\n')
  await w.write('contact.md', frontMatter({ title: 'Contact', permalink: '/contact-us/' }) + paragraphs(rng, 'en', 1) + '\n')
  await w.write('404.md', frontMatter({ title: 'Not found', permalink: '/404.html' }) + 'Nothing here. Try [the home page]({{ site.baseurl }}/).\n')
  await w.write('docs/index.md', frontMatter({ title: 'Kitchen docs' }) + paragraphs(rng, 'en', 1) + '\n\n- [Setup]({% link docs/setup.md %})\n- [Tuning]({% link docs/advanced/tuning.md %})\n')
  await w.write('docs/setup.md', frontMatter({ title: 'Setup' }) + paragraphs(rng, 'en', 2) + '\n\n{% highlight ruby %}\noven.preheat(220)\n{% endhighlight %}\n')
  await w.write('docs/advanced/tuning.md', frontMatter({ title: 'Tuning' }) + paragraphs(rng, 'en', 2) + '\n\n{% raw %}Write {{ page.title }} to print the title.{% endraw %}\n')
  await w.write('changelog.markdown', frontMatter({ title: 'Changelog', permalink: '/changes.html' }) + paragraphs(rng, 'en', 1) + '\n')

  const rootPosts = []
  const groups = [['_posts', 150, null], ['news/_posts', 40, 'news'], ['notes/_posts', 25, 'notes'], ['diary/_posts', 25, 'diary']]
  for (const [folder, n] of groups) {
    for (let i = 0; i < n; i++) {
      const d = day(rng, 2014, 2024)
      const slug = `${folder.split('/')[0].replace('_posts', 'post')}-${String(i + 1).padStart(3, '0')}`
      const name = `${d.ymd}-${slug}`
      const fm = { title: title(rng, 'en'), author: rng.pick(['maren', 'tomas', 'priya']) }
      if (folder === '_posts') fm.categories = rng.pick([['cooking'], ['cooking', 'bread'], ['garden'], []])
      if (folder === '_posts' && i % 29 === 11) fm.published = false
      if (folder === '_posts' && i % 37 === 20) fm.permalink = `/classic/${slug}/`
      const body = [paragraphs(rng, 'en', rng.int(1, 3))]
      if (folder === '_posts' && rootPosts.length > 0 && rng.chance(0.35)) body.push(`Earlier: [a previous post]({% post_url ${rng.pick(rootPosts)} %}).`)
      if (rng.chance(0.25)) body.push(`![A dish]({{ site.baseurl }}/assets/img/dish-${rng.int(1, 10)}.png)`)
      if (rng.chance(0.1)) body.push(`{% include note.html text="${sentence(rng, 'en').replace(/"/g, '')}" %}`)
      if (rng.chance(0.15)) body.push(`More in [the recipes]({{ '/recipes/' | relative_url }}) and on [the about page]({% link about.md %}).`)
      await w.write(`${folder}/${name}.md`, frontMatter(fm) + body.join('\n\n') + '\n')
      if (folder === '_posts' && fm.published !== false && !fm.permalink) rootPosts.push(name)
    }
  }
  await w.write('_posts/2031-01-05-a-dinner-next-year.md', frontMatter({ title: 'A dinner next year' }) + paragraphs(rng, 'en', 1) + '\n')
  for (let i = 0; i < 3; i++) await w.write(`_drafts/idea-${i + 1}.md`, frontMatter({ title: `Idea ${i + 1}: ${title(rng, 'en')}` }) + paragraphs(rng, 'en', 1) + '\n')

  for (let i = 0; i < 40; i++) {
    const sub = i < 25 ? '' : 'desserts/'
    await w.write(`_recipes/${sub}recipe-${i + 1}.md`, frontMatter({ title: `Recipe ${i + 1}: ${title(rng, 'en')}`, serves: rng.int(2, 8) }) + paragraphs(rng, 'en', 2) + '\n')
  }
  for (let i = 0; i < 15; i++) {
    const fm = { title: `Guide ${i + 1}` }
    if (i === 4) fm.permalink = '/start-here/'
    await w.write(`_guides/guide-${i + 1}.md`, frontMatter(fm) + paragraphs(rng, 'en', 2) + '\n')
  }
  for (const who of ['maren', 'tomas', 'priya']) await w.write(`_authors/${who}.md`, frontMatter({ name: who, title: who }) + sentence(rng, 'en') + '\n')
  // The list pages the home page and the posts link to: Jekyll makes no page for a collection by itself, so without
  // these /recipes/ and /guides/ were broken links on the site Jekyll built too. Written last, drawing nothing from
  // the generator, so the rest of the site is as before.
  await w.write('recipes/index.md', frontMatter({ title: 'Recipes' }) + 'Every recipe of the kitchen, by course.\n')
  await w.write('guides/index.md', frontMatter({ title: 'Guides' }) + 'How the kitchen works, step by step.\n')
}
