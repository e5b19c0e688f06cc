// Two Hugo sites that publish several languages, the conventions of gohugo.io/content-management/multilingual/:
// translation by file name (`x.fr.md`) with the default language in a subfolder, and translation by content
// folder (`contentDir` per language) with the default language at the root. Both use what Hugo sites use:
// permalinks per section, page and leaf bundles with co-located images, `slug`, `url`, `aliases`, drafts, future and
// expired pages, `_build` options (render never and link, list never), `cascade`, headless bundles, shortcodes.
import { day, frontMatter, paragraphs, png, sentence, title } from './_common.mjs'

/** Translation by file name: en, fr, ja; `defaultContentLanguageInSubdir = true`, so English lives under /en/. */
export async function hugoFilenames(w, rng) {
  await w.write('config.toml', `baseURL = "https://fieldnotes.example/"
title = "Field Notes"
defaultContentLanguage = "en"
defaultContentLanguageInSubdir = true
enableRobotsTXT = false

[permalinks]
  posts = "/:year/:month/:slug/"

[taxonomies]
  tag = "tags"
  category = "categories"

[languages]
  [languages.en]
    languageName = "English"
    weight = 1
  [languages.fr]
    languageName = "Français"
    weight = 2
  [languages.ja]
    languageName = "日本語"
    weight = 3
`)
  for (const lang of ['en', 'fr', 'ja']) {
    const suffix = lang === 'en' ? '' : `.${lang}`
    await w.write(`content/_index${suffix}.md`, frontMatter({ title: title(rng, lang) }) + paragraphs(rng, lang, 1) + '\n')
    await w.write(`content/posts/_index${suffix}.md`, frontMatter({ title: lang === 'ja' ? '記事' : lang === 'fr' ? 'Articles' : 'Posts' }) + sentence(rng, lang) + '\n')
    await w.write(`content/about${suffix}.md`, frontMatter({ title: lang === 'ja' ? 'このサイトについて' : lang === 'fr' ? 'À propos' : 'About', aliases: lang === 'en' ? ['/who/'] : undefined }) + paragraphs(rng, lang, 2) + '\n')
  }
  for (let i = 0; i < 8; i++) await w.write(`static/images/photo-${i + 1}.png`, png(rng))

  const posts = []
  for (let i = 0; i < 180; i++) {
    const d = day(rng, 2016, 2024)
    posts.push({ name: `note-${String(i + 1).padStart(3, '0')}`, date: d, bundle: i % 9 === 4, fr: rng.chance(0.45), ja: rng.chance(0.25) })
  }
  for (const [i, p] of posts.entries()) {
    for (const lang of ['en', 'fr', 'ja']) {
      if (lang !== 'en' && !p[lang]) continue
      const suffix = lang === 'en' ? '' : `.${lang}`
      const file = p.bundle ? `content/posts/${p.name}/index${suffix}.md` : `content/posts/${p.name}${suffix}.md`
      const fm = { title: title(rng, lang), date: p.date.iso, tags: [rng.pick(['tides', 'trains', 'kitchens', 'maps'])], categories: [rng.pick(['journal', 'travel'])] }
      if (i % 17 === 3) fm.slug = `${p.name}-${lang}-renamed`
      if (i % 23 === 5 && lang === 'en') fm.aliases = [`/old/${p.name}/`]
      if (i % 31 === 7) fm.draft = true
      if (i === 178 && lang === 'en') fm.date = '2031-06-01T09:00:00Z'
      if (i === 44 && lang === 'en') fm.expiryDate = '2019-01-01T00:00:00Z'
      if (i === 60 && lang === 'en') fm.url = '/special/the-long-walk/'
      const other = posts[(i + 7) % posts.length]
      const body = [paragraphs(rng, lang, rng.int(1, 3))]
      if (!other.bundle && (i + 7) % posts.length % 31 !== 7 && lang === 'en' && rng.chance(0.5)) body.push(`See also [an older note]({{< relref "posts/${other.name}.md" >}}).`)
      if (rng.chance(0.2)) body.push(`{{< figure src="/images/photo-${rng.int(1, 8)}.png" alt="${sentence(rng, 'en').slice(0, 40)}" caption="${lang === 'en' ? 'From the notebook' : '—'}" >}}`)
      if (rng.chance(0.15)) body.push(`{{< note >}}\n${sentence(rng, lang)}\n{{< /note >}}`)
      if (rng.chance(0.08)) body.push('{{< highlight go >}}\nfmt.Println("tide")\n{{< /highlight >}}')
      if (p.bundle) body.push(`![${lang === 'en' ? 'A photo from the walk' : '📷'}](walk.png)`)
      await w.write(file, frontMatter(fm) + body.join('\n\n') + '\n')
    }
    if (p.bundle) await w.write(`content/posts/${p.name}/walk.png`, png(rng))
  }

  // A documentation section: weights, a nested section, _build options, a headless bundle, cascade.
  await w.write('content/docs/_index.md', frontMatter({ title: 'Docs', cascade: { banner: 'docs' } }) + paragraphs(rng, 'en', 1) + '\n')
  await w.write('content/docs/_index.fr.md', frontMatter({ title: 'Documentation' }) + paragraphs(rng, 'fr', 1) + '\n')
  for (let i = 0; i < 24; i++) {
    const sub = i < 12 ? '' : 'guide/'
    const fm = { title: `${title(rng, 'en')} (${i + 1})`, weight: i + 1 }
    if (i === 3) fm._build = { list: 'never' }
    if (i === 5) fm._build = { render: 'never' }
    if (i === 7) fm._build = { render: 'link' }
    await w.write(`content/docs/${sub}page-${i + 1}.md`, frontMatter(fm) + paragraphs(rng, 'en', 2) + `\n\nBack to [the docs]({{< ref "/docs" >}}).\n`)
    if (i % 3 === 0) await w.write(`content/docs/${sub}page-${i + 1}.fr.md`, frontMatter({ title: `${title(rng, 'fr')} (${i + 1})`, weight: i + 1 }) + paragraphs(rng, 'fr', 2) + '\n')
  }
  await w.write('content/docs/guide/_index.md', frontMatter({ title: 'Guide' }) + sentence(rng, 'en') + '\n')
  await w.write('content/docs/snippets/index.md', frontMatter({ title: 'Snippets', headless: true }) + sentence(rng, 'en') + '\n')
  await w.write('content/docs/snippets/first.md', frontMatter({ title: 'First snippet' }) + sentence(rng, 'en') + '\n')
  // An archive nobody should see any more: the cascade turns every page below it off.
  await w.write('content/archive/_index.md', frontMatter({ title: 'Archive', cascade: { _build: { render: 'never', list: 'never' } } }) + sentence(rng, 'en') + '\n')
  for (let i = 0; i < 6; i++) await w.write(`content/archive/old-${i + 1}.md`, frontMatter({ title: `Old page ${i + 1}`, date: day(rng, 2010, 2012).iso }) + paragraphs(rng, 'en', 1) + '\n')
}

/** Translation by content folder: fr (default, at the root), en under /en/, ar (right to left) under /ar/. */
export async function hugoContentDirs(w, rng) {
  await w.write('hugo.toml', `baseURL = "https://carnets-hugo.example/"
title = "Carnets"
defaultContentLanguage = "fr"
defaultContentLanguageInSubdir = false

[permalinks]
  blog = "/blog/:year/:slug/"

[languages]
  [languages.fr]
    contentDir = "content/fr"
    languageName = "Français"
    weight = 1
  [languages.en]
    contentDir = "content/en"
    languageName = "English"
    weight = 2
  [languages.ar]
    contentDir = "content/ar"
    languageName = "العربية"
    languageDirection = "rtl"
    weight = 3
`)
  const counts = { fr: 70, en: 55, ar: 25 }
  for (const [lang, n] of Object.entries(counts)) {
    await w.write(`content/${lang}/_index.md`, frontMatter({ title: title(rng, lang) }) + paragraphs(rng, lang, 1) + '\n')
    await w.write(`content/${lang}/contact.md`, frontMatter({ title: lang === 'ar' ? 'اتصل بنا' : 'Contact', menu: 'main' }) + paragraphs(rng, lang, 1) + '\n')
    await w.write(`content/${lang}/blog/_index.md`, frontMatter({ title: 'Blog' }) + sentence(rng, lang) + '\n')
    for (let i = 0; i < n; i++) {
      const fm = { title: title(rng, lang), date: day(rng, 2018, 2024).iso, translationKey: `carnet-${i + 1}` }
      if (i % 13 === 2) fm.slug = `carnet-${i + 1}-${lang}`
      if (i % 19 === 4) fm.draft = true
      const body = [paragraphs(rng, lang, rng.int(1, 3))]
      if (i > 0 && (i - 1) % 19 !== 4 && rng.chance(0.4)) body.push(`[${lang === 'ar' ? 'السابق' : '←'}]({{< relref "blog/carnet-${i}.md" >}})`)
      if (rng.chance(0.15)) body.push(`{{< figure src="/img/carnet-${(i % 6) + 1}.png" >}}`)
      await w.write(`content/${lang}/blog/carnet-${i + 1}.md`, frontMatter(fm) + body.join('\n\n') + '\n')
    }
  }
  for (let i = 0; i < 6; i++) await w.write(`static/img/carnet-${i + 1}.png`, png(rng))
}
