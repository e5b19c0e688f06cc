import type { Discovery } from './discover.js'
import { astroPreset, starlightPreset } from './presets/astro.js'
import { docusaurusPreset } from './presets/docusaurus.js'
import { eleventyPreset } from './presets/eleventy.js'
import { gatsbyPreset } from './presets/gatsby.js'
import { hexoPreset } from './presets/hexo.js'
import { hugoPreset } from './presets/hugo.js'
import { jekyllPreset } from './presets/jekyll.js'
import { mkdocsPreset } from './presets/mkdocs.js'
import { nativePreset } from './presets/native.js'
import { nextjsPreset } from './presets/nextjs.js'
import { plainPreset } from './presets/plain.js'
import { vitepressPreset, vuepressPreset } from './presets/vuepress.js'
import type { Preset, PresetName } from './presets/types.js'
import { MARKDOWN_EXTENSIONS, splitPath } from './presets/types.js'

/** Every preset by name. Adding a convention means adding its module here; the import loop does not change. */
export const PRESETS: Record<PresetName, Preset> = {
  native: nativePreset,
  jekyll: jekyllPreset,
  hexo: hexoPreset,
  hugo: hugoPreset,
  docusaurus: docusaurusPreset,
  astro: astroPreset,
  starlight: starlightPreset,
  eleventy: eleventyPreset,
  nextjs: nextjsPreset,
  gatsby: gatsbyPreset,
  mkdocs: mkdocsPreset,
  vuepress: vuepressPreset,
  vitepress: vitepressPreset,
  plain: plainPreset,
}

/** Evidence this strong names a generator's own configuration (or its package), not a guess from the layout. */
const SURE = 50
/**
 * Files that make a subfolder a site of its own (a repository's `docs/` or `website/`): a generator's configuration
 * at its root, or a `package.json` naming the generator. VuePress and VitePress find their `.vuepress/` anywhere.
 */
const SITE_MARKER = /^(?:hugo\.(?:toml|ya?ml|json)|config\.(?:toml|ya?ml)|_config\.(?:ya?ml|toml)|docusaurus\.config\.[cm]?[jt]s|astro\.config\.[cm]?[jt]s|\.eleventy\.[cm]?js|eleventy\.config\.[cm]?[jt]s|next\.config\.[cm]?[jt]s|gatsby-config\.[cm]?[jt]s|mkdocs\.ya?ml|package\.json)$/
/** How deep a site may sit in the folder (`docs/`, `apps/docs/`), and how many candidate folders are weighed. */
const SITE_DEPTH = 2
const MAX_CANDIDATES = 64

/** The detected convention, the evidence shown to the user, and how sure it is. */
interface Detected {
  preset: PresetName
  reason: string
  strength: number
}

/**
 * Picks the convention a folder follows by the evidence each preset finds (configuration files first, then layout),
 * with the reason shown to the user. The strongest evidence wins; on a tie, the order of `PRESETS`. Where nothing
 * names a generator, the reason says how to choose one.
 */
export function detectPreset(discovery: Discovery): { preset: PresetName; reason: string } {
  const { preset, reason, strength } = strongest(discovery)
  return { preset, reason: strength < SURE && strength > 0 ? `${reason}; --preset <name> chooses another convention` : reason }
}

function strongest(discovery: Discovery): Detected {
  let best: Detected | undefined
  for (const preset of Object.values(PRESETS)) {
    const evidence = preset.detect(discovery)
    if (evidence && (!best || evidence.strength > best.strength)) best = { preset: preset.name, reason: evidence.reason, strength: evidence.strength }
  }
  return best ?? { preset: 'plain', reason: 'no convention recognised and no Markdown file found', strength: 0 }
}

/**
 * Where the site is in the folder and its convention. A repository keeps its site in a subfolder (`docs/` with a
 * `_config.yml` for GitHub Pages, `website/` with `docusaurus.config.js`, `apps/docs/` with `astro.config.mjs`): when
 * nothing at the folder's root names a generator and one subfolder (at most two levels down) does and holds most of
 * the folder's Markdown (the root's own README, CHANGELOG and the like aside), that subfolder is the site, imported
 * with its generator's rules; the rest of the folder is not read. `dependencies` reads a subfolder's `package.json`.
 * `beside` names the folders outside a subfolder its site takes content from (Docusaurus's `path: '../docs'`): their
 * Markdown counts as the site's, and the site is imported from the whole folder with that subfolder as `siteFolder`.
 */
export async function detectSite(
  discovery: Discovery,
  dependencies: (folder: string, paths: ReadonlySet<string>) => Promise<ReadonlySet<string>>,
  beside: (folder: string) => Promise<string[]> = async () => [],
): Promise<{ folder: string; discovery: Discovery; preset: PresetName; reason: string; siteFolder?: string }> {
  const atRoot = strongest(discovery)
  if (atRoot.strength >= SURE) return { folder: '', discovery, preset: atRoot.preset, reason: atRoot.reason }
  // Markdown files below the root, counted once for each folder above them that could be the site.
  let markdown = 0
  const held = new Map<string, number>()
  for (const f of discovery.files) {
    const { dirs, ext } = splitPath(f.rel)
    if (dirs.length === 0 || !MARKDOWN_EXTENSIONS.has(ext)) continue
    markdown++
    for (let depth = 1; depth <= Math.min(SITE_DEPTH, dirs.length); depth++) {
      const folder = dirs.slice(0, depth).join('/')
      held.set(folder, (held.get(folder) ?? 0) + 1)
    }
  }
  let best: { folder: string; discovery: Discovery; found: Detected; own: number; outside: string[] } | undefined
  for (const folder of siteCandidates(discovery)) {
    const outside = await beside(folder)
    const own = (held.get(folder) ?? 0) + markdownUnder(discovery, outside)
    if (own * 2 <= markdown) continue
    const sub = subDiscovery(discovery, folder)
    sub.dependencies = sub.paths.has('package.json') ? await dependencies(folder, sub.paths) : new Set()
    const found = strongest(sub)
    if (found.strength < SURE) continue
    if (!best || found.strength > best.found.strength || (found.strength === best.found.strength && own > best.own)) best = { folder, discovery: sub, found, own, outside }
  }
  if (!best) {
    const { preset, reason } = detectPreset(discovery)
    return { folder: '', discovery, preset, reason }
  }
  if (best.outside.length > 0) {
    const reason = `${best.found.reason} in ${best.folder}/, whose site takes content from ${best.outside.map((f) => `${f}/`).join(', ')}: the site is imported from the whole folder, its configuration read in ${best.folder}/ (${best.own} of the ${markdown} Markdown files below the root)`
    return { folder: '', discovery, preset: best.found.preset, reason, siteFolder: best.folder }
  }
  const reason = `${best.found.reason} in ${best.folder}/: the site is that folder, imported from there (${best.own} of the ${markdown} Markdown files below the root); --preset <name> imports the whole folder instead`
  return { folder: best.folder, discovery: best.discovery, preset: best.found.preset, reason }
}

/**
 * Folders at most SITE_DEPTH levels down holding a site marker, in path order: those with a generator's configuration
 * first, then those with only a `package.json` (a monorepo has one per package), at most MAX_CANDIDATES in all.
 */
function siteCandidates(discovery: Discovery): string[] {
  const configured: string[] = []
  const packaged: string[] = []
  for (const f of discovery.files) {
    const parts = f.rel.split('/')
    const name = parts[parts.length - 1]
    if (parts.length < 2 || parts.length > SITE_DEPTH + 1 || !SITE_MARKER.test(name)) continue
    const folder = parts.slice(0, -1).join('/')
    const list = name === 'package.json' ? packaged : configured
    if (list[list.length - 1] !== folder && list.length < MAX_CANDIDATES) list.push(folder)
  }
  return [...new Set([...configured, ...packaged])].slice(0, MAX_CANDIDATES)
}

/** The part of a discovery inside `folder`, as if that folder had been walked: paths relative to it. */
function subDiscovery(discovery: Discovery, folder: string): Discovery {
  const prefix = folder + '/'
  const inside = (rel: string) => rel.startsWith(prefix)
  // A file reached through a link from outside the subfolder is not part of it (a walk of it would refuse the link).
  const files = discovery.files
    .filter((f) => inside(f.rel) && (f.real === undefined || inside(f.real)))
    .map((f) => ({ rel: f.rel.slice(prefix.length), abs: f.abs, ...(f.real !== undefined ? { real: f.real.slice(prefix.length) } : {}) }))
  const rejected = discovery.rejected.filter((r) => inside(r.rel)).map((r) => ({ rel: r.rel.slice(prefix.length), reason: r.reason }))
  return { files, paths: new Set(files.map((f) => f.rel)), rejected }
}

/** How many Markdown files are in any of `folders`. */
function markdownUnder(discovery: Discovery, folders: string[]): number {
  if (folders.length === 0) return 0
  return discovery.files.filter((f) => MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext) && folders.some((d) => f.rel.startsWith(`${d}/`))).length
}
