// A multilingual Starlight site, the conventions of starlight.astro.build/guides/i18n/ and /guides/pages/: pages
// from src/content/docs/ at the root (English as the `root` locale, with no prefix), French under fr/ and simplified
// Chinese under zh-cn/, a splash home page in MDX with Starlight's components, asides (`:::note`, `:::caution[…]`),
// a `slug` override, a draft, an `_`-prefixed file the loader skips, file names with capitals and spaces (the URL
// is the slugified path), and pages left untranslated (Starlight serves the English content at the locale's URL).
import { frontMatter, paragraphs, sentence, title } from './_common.mjs'

export async function starlightI18n(w, rng) {
  await w.write('package.json', JSON.stringify({ name: 'lighthouse-docs', type: 'module', private: true, scripts: { build: 'astro build' }, dependencies: { '@astrojs/starlight': '0.37.1', astro: '5.16.0' } }, null, 2) + '\n')
  await w.write('astro.config.mjs', `import { defineConfig } from 'astro/config'
import starlight from '@astrojs/starlight'

export default defineConfig({
  site: 'https://lighthouse-docs.example',
  integrations: [
    starlight({
      title: 'Lighthouse Docs',
      defaultLocale: 'root',
      locales: {
        root: { label: 'English', lang: 'en' },
        fr: { label: 'Français' },
        'zh-cn': { label: '简体中文', lang: 'zh-CN' },
      },
      sidebar: [
        { label: 'Guides', autogenerate: { directory: 'guides' } },
        { label: 'Reference', autogenerate: { directory: 'reference' } },
      ],
    }),
  ],
})
`)
  await w.write('src/content.config.ts', `import { defineCollection } from 'astro:content'
import { docsLoader } from '@astrojs/starlight/loaders'
import { docsSchema } from '@astrojs/starlight/schema'

export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) }
`)
  const pages = [{ file: 'index.mdx', splash: true }]
  for (let i = 0; i < 20; i++) pages.push({ file: `guides/${['getting-started', 'lamps', 'lenses', 'fog-signals', 'keepers', 'maintenance', 'power', 'visits', 'history', 'weather', 'radio', 'charts', 'buoys', 'beacons', 'tides', 'safety', 'logbooks', 'painting', 'glass', 'clockwork'][i]}.md` })
  for (let i = 0; i < 24; i++) pages.push({ file: i === 0 ? 'reference/API Overview.md' : i === 1 ? 'reference/Configuration.md' : `reference/option-${i}.md` })
  pages.push({ file: 'reference/cli/index.md' }, { file: 'reference/cli/flags.md' })
  await w.write('src/content/docs/guides/_drafting-notes.md', frontMatter({ title: 'Notes to self' }) + sentence(rng, 'en') + '\n')

  for (const [i, p] of pages.entries()) {
    if (p.splash) {
      await w.write(`src/content/docs/${p.file}`, frontMatter({ title: 'Lighthouse Docs', template: 'splash', hero: { tagline: sentence(rng, 'en') } }) + `import { Card, CardGrid } from '@astrojs/starlight/components';

<CardGrid>
  <Card title="Guides" icon="open-book">${sentence(rng, 'en')}</Card>
  <Card title="Reference" icon="setting">${sentence(rng, 'en')}</Card>
</CardGrid>
`)
      continue
    }
    const fm = { title: title(rng, 'en'), description: sentence(rng, 'en') }
    if (p.file === 'guides/getting-started.md') fm.slug = 'start-here'
    if (p.file === 'guides/clockwork.md') fm.draft = true
    const body = [paragraphs(rng, 'en', rng.int(1, 3))]
    if (rng.chance(0.25)) body.push(`:::note\n${sentence(rng, 'en')}\n:::`)
    if (rng.chance(0.1)) body.push(`:::caution[Before you climb]\n${sentence(rng, 'en')}\n:::`)
    if (i > 1 && rng.chance(0.3)) body.push(`Next: [the lamps](/guides/lamps/).`)
    await w.write(`src/content/docs/${p.file}`, frontMatter(fm) + body.join('\n\n') + '\n')
  }
  for (const [locale, lang, share] of [['fr', 'fr', 0.5], ['zh-cn', 'zh', 0.3]]) {
    for (const p of pages) {
      if (!p.splash && !rng.chance(share)) continue
      if (p.splash) {
        await w.write(`src/content/docs/${locale}/index.mdx`, frontMatter({ title: title(rng, lang), template: 'splash', hero: { tagline: sentence(rng, lang) } }) + paragraphs(rng, lang, 1) + '\n')
        continue
      }
      const fm = { title: title(rng, lang) }
      if (p.file === 'guides/getting-started.md') fm.slug = `${locale}/start-here`
      if (p.file === 'guides/clockwork.md') fm.draft = true
      await w.write(`src/content/docs/${locale}/${p.file}`, frontMatter(fm) + paragraphs(rng, lang, rng.int(1, 2)) + '\n')
    }
  }
}
