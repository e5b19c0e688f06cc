import type { Discovery } from './discover.js'
import { astroPreset } from './presets/astro.js'
import { docusaurusPreset } from './presets/docusaurus.js'
import { hugoPreset } from './presets/hugo.js'
import { jekyllPreset } from './presets/jekyll.js'
import { nativePreset } from './presets/native.js'
import type { Preset, PresetName } from './presets/types.js'

/** Every preset by name. */
export const PRESETS: Record<PresetName, Preset> = {
  native: nativePreset,
  jekyll: jekyllPreset,
  hugo: hugoPreset,
  docusaurus: docusaurusPreset,
  astro: astroPreset,
}

/**
 * Picks the convention a folder follows from the files it has, with the reason (shown to the user). The signals
 * are checked from the most specific to the least, so a Hugo site with a `posts/` section is still Hugo.
 */
export function detectPreset(discovery: Discovery): { preset: PresetName; reason: string } {
  const has = (p: string) => discovery.paths.has(p)
  const hasDir = (d: string) => discovery.files.some((f) => f.rel.startsWith(d + '/'))
  const siteFile = ['site.yml', 'site.yaml', 'site.toml', 'site.json'].find(has)
  if (siteFile) return { preset: 'native', reason: `found ${siteFile}` }
  const hugoConfig = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config/_default/hugo.toml'].find(has)
  if (hugoConfig) return { preset: 'hugo', reason: `found ${hugoConfig}` }
  const jekyllConfig = ['_config.yml', '_config.yaml', '_config.toml'].find(has)
  if (jekyllConfig) return { preset: 'jekyll', reason: `found ${jekyllConfig}` }
  if (hasDir('_posts') || discovery.files.some((f) => f.rel.includes('/_posts/'))) return { preset: 'jekyll', reason: 'found a _posts folder' }
  if (['docusaurus.config.js', 'docusaurus.config.ts', 'blog/authors.yml', 'blog/tags.yml'].some(has)) return { preset: 'docusaurus', reason: 'found Docusaurus blog files' }
  if (['astro.config.mjs', 'astro.config.ts', 'astro.config.js', 'src/content/config.ts', 'src/content.config.ts'].some(has) || hasDir('src/content')) {
    return { preset: 'astro', reason: 'found src/content (Astro content collections)' }
  }
  if (['config.toml', 'config.yaml', 'config.yml'].some(has) && hasDir('content')) return { preset: 'hugo', reason: 'found config.* and content/' }
  if (hasDir('blog') && discovery.files.some((f) => /^blog\/\d{4}-\d{1,2}-\d{1,2}-/.test(f.rel))) return { preset: 'docusaurus', reason: 'found dated entries under blog/' }
  return { preset: 'native', reason: hasDir('posts') || hasDir('pages') ? 'found posts/ or pages/' : 'no convention recognised; every Markdown file is a post' }
}
