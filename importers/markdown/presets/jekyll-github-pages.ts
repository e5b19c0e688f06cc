import type { PresetContext } from './types.js'
import { isPlainObject } from '../front-matter.js'

/**
 * The plugins GitHub Pages turns on for every Jekyll site it builds (pages-gem `lib/github-pages/plugins.rb`,
 * `DEFAULT_PLUGINS`) that change which files are pages and where: a plain `jekyll build` runs them only when the
 * site lists them.
 */
type PagesPlugin = 'jekyll-optional-front-matter' | 'jekyll-readme-index' | 'jekyll-relative-links' | 'jekyll-titles-from-headings'

/**
 * Markdown files jekyll-optional-front-matter (0.3.2, what GitHub Pages runs) leaves as files when they have no front
 * matter, compared by base name in any case: a repository's README, licence and community files, which GitHub shows
 * beside the code. README is jekyll-readme-index's to make a page.
 */
const FRONT_MATTER_REQUIRED = new Set(['README', 'LICENSE', 'LICENCE', 'COPYING', 'CODE_OF_CONDUCT', 'CONTRIBUTING', 'ISSUE_TEMPLATE', 'PULL_REQUEST_TEMPLATE'])

/**
 * What GitHub Pages' plugins do to one site (each plugin's README and source, at the versions pages-gem pins).
 * `builtBy` says why the site is taken to be built by GitHub Pages, or is undefined when it is not (a Gemfile without
 * the `github-pages` gem: the site's own `jekyll build`, where only the plugins it lists run).
 */
export interface PagesPlugins {
  builtBy?: string
  /** jekyll-optional-front-matter: a Markdown file without front matter is a page, not a file copied as it is. */
  optionalFrontMatter: boolean
  /**
   * jekyll-readme-index: a README is its folder's index when the folder has none; only a README without front
   * matter, unless `with_frontmatter: true`.
   */
  readmeIndex?: { withFrontMatter: boolean }
}

/**
 * Decides from the folder whether GitHub Pages builds the site, and which of its page-making plugins run:
 * - a Gemfile (or gems.rb) that names the `github-pages` gem: GitHub Pages' build, run locally the same way;
 * - a `_config.yml` and no Gemfile: GitHub Pages (a site built any other way needs a Gemfile to name its Jekyll,
 *   theme and plugins; `remote_theme` and the supported themes, `jekyll-theme-cayman`…, need nothing installed
 *   there). A folder without either (a `_layouts/` folder a script builds) is not taken for it;
 * - a Gemfile without it: the site's own build, where a plugin runs only when `plugins:` (`gems:` before Jekyll 3.5)
 *   or the Gemfile's `jekyll_plugins` group names it.
 * Each plugin's own opt-out in `_config.yml` is honoured (`enabled: false`; `require_front_matter: true`), as it is
 * on GitHub Pages.
 */
export async function pagesPlugins(ctx: PresetContext, configFile: string | undefined, cfg: Record<string, unknown>): Promise<PagesPlugins> {
  const gemfileName = ['Gemfile', 'gems.rb'].find((f) => ctx.discovery.paths.has(f))
  const gemfile = gemfileName === undefined ? null : await ctx.readText(gemfileName)
  const builtBy =
    gemfileName === undefined
      ? configFile !== undefined ? `${configFile} and no Gemfile: GitHub Pages builds it` : undefined
      : gemfile !== null && /^[ \t]*gem[ \t(]+["']github-pages["']/m.test(gemfile) ? `${gemfileName} names the github-pages gem` : undefined
  const listed = new Set([...stringList(cfg.plugins), ...stringList(cfg.gems), ...(gemfile === null ? [] : jekyllPluginGems(gemfile))])
  const runs = (plugin: PagesPlugin) => (builtBy !== undefined || listed.has(plugin)) && option(cfg, plugin, 'enabled') !== false
  return {
    ...(builtBy !== undefined ? { builtBy } : {}),
    optionalFrontMatter: runs('jekyll-optional-front-matter') && cfg.require_front_matter !== true,
    ...(runs('jekyll-readme-index') ? { readmeIndex: { withFrontMatter: option(cfg, 'jekyll-readme-index', 'with_frontmatter') === true } } : {}),
  }
}

/** Whether jekyll-optional-front-matter leaves a Markdown file without front matter as a file (its name list). */
export function needsFrontMatter(base: string): boolean {
  return FRONT_MATTER_REQUIRED.has(base.toUpperCase())
}

/** Whether a file is a README by jekyll-readme-index's test (`readme` and a Markdown extension, in any case). */
export function isReadme(base: string): boolean {
  return base.toLowerCase() === 'readme'
}

/** Each plugin's settings key in `_config.yml` (its README's "Configuration"). */
const CONFIG_KEYS: Record<PagesPlugin, string> = {
  'jekyll-optional-front-matter': 'optional_front_matter',
  'jekyll-readme-index': 'readme_index',
  'jekyll-relative-links': 'relative_links',
  'jekyll-titles-from-headings': 'titles_from_headings',
}

function option(cfg: Record<string, unknown>, plugin: PagesPlugin, key: string): unknown {
  const settings = cfg[CONFIG_KEYS[plugin]]
  return isPlainObject(settings) ? settings[key] : undefined
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : []
}

/**
 * The gems a Gemfile puts in its `jekyll_plugins` group, which Jekyll loads without `plugins:` naming them: inside a
 * `group :jekyll_plugins do … end` block, or with `group: :jekyll_plugins` on the line.
 */
function jekyllPluginGems(gemfile: string): string[] {
  const out: string[] = []
  let depth = 0
  let inGroup = false
  for (const line of gemfile.split(/\r?\n/)) {
    const code = line.replace(/#.*$/, '')
    const gem = /^\s*gem[\s(]+["']([^"']+)["']/.exec(code)
    if (gem && (inGroup || /group:\s*(?:\[[^\]]*)?:jekyll_plugins\b|:group\s*=>\s*:jekyll_plugins\b/.test(code))) out.push(gem[1])
    if (/^\s*group\b.*\bdo\s*(?:\|[^|]*\|)?\s*$/.test(code)) {
      depth++
      if (/:jekyll_plugins\b/.test(code)) inGroup = true
    } else if (/^\s*(?:platforms|source|install_if)\b.*\bdo\s*$/.test(code)) depth++
    else if (/^\s*end\s*$/.test(code) && depth > 0) {
      depth--
      if (depth === 0) inGroup = false
    }
  }
  return out
}
