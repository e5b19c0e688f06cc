import type { Discovery } from './discover.js'
import { astroPreset, starlightPreset } from './presets/astro.js'
import { docusaurusPreset } from './presets/docusaurus.js'
import { eleventyPreset } from './presets/eleventy.js'
import { gatsbyPreset } from './presets/gatsby.js'
import { hugoPreset } from './presets/hugo.js'
import { jekyllPreset } from './presets/jekyll.js'
import { nativePreset } from './presets/native.js'
import { nextjsPreset } from './presets/nextjs.js'
import { plainPreset } from './presets/plain.js'
import { vitepressPreset, vuepressPreset } from './presets/vuepress.js'
import type { Preset, PresetName } from './presets/types.js'

/** Every preset by name. Adding a convention means adding its module here; the import loop does not change. */
export const PRESETS: Record<PresetName, Preset> = {
  native: nativePreset,
  jekyll: jekyllPreset,
  hugo: hugoPreset,
  docusaurus: docusaurusPreset,
  astro: astroPreset,
  starlight: starlightPreset,
  eleventy: eleventyPreset,
  nextjs: nextjsPreset,
  gatsby: gatsbyPreset,
  vuepress: vuepressPreset,
  vitepress: vitepressPreset,
  plain: plainPreset,
}

/**
 * Picks the convention a folder follows by the evidence each preset finds (configuration files first, then layout),
 * with the reason shown to the user. The strongest evidence wins; on a tie, the order of `PRESETS`.
 */
export function detectPreset(discovery: Discovery): { preset: PresetName; reason: string } {
  let best: { preset: PresetName; reason: string; strength: number } | undefined
  for (const preset of Object.values(PRESETS)) {
    const evidence = preset.detect(discovery)
    if (evidence && (!best || evidence.strength > best.strength)) best = { preset: preset.name, reason: evidence.reason, strength: evidence.strength }
  }
  return best ? { preset: best.preset, reason: best.reason } : { preset: 'plain', reason: 'no convention recognised and no Markdown file found' }
}
