import { DateTime } from 'luxon'
import type { PresetContext } from './types.js'
import { isPlainObject } from '../front-matter.js'
import { stripInline, withoutClosingHashes } from '../scan.js'

/**
 * The plugins GitHub Pages turns on for every Jekyll site it builds (pages-gem `lib/github-pages/plugins.rb`,
 * `DEFAULT_PLUGINS`) that change which files are pages and where: a plain `jekyll build` runs them only when the
 * site lists them.
 */
type PagesPlugin = 'jekyll-optional-front-matter' | 'jekyll-readme-index' | 'jekyll-relative-links' | 'jekyll-titles-from-headings' | 'jekyll-github-metadata'

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
  /**
   * jekyll-github-metadata, for a site whose `repository:` names its GitHub repository: what it adds to `site`
   * (`github`, and the `title`, `url` and `baseurl` GitHub Pages serves the site at when the configuration has none).
   */
  github?: GitHubMetadata
  /** jekyll-titles-from-headings: a Markdown page without a title takes its opening heading's (`collections: true`: documents too). */
  titlesFromHeadings?: { collections: boolean }
  /**
   * jekyll-archives (not one GitHub Pages allows: the site's own build, when `plugins:` or the Gemfile name it): the
   * URL patterns of the category and tag archives it is `enabled:` for, its `permalinks:` or its defaults.
   */
  archives?: ArchivePatterns
  /**
   * jekyll-paginate runs: GitHub Pages builds the site (one of pages-gem's DEFAULT_PLUGINS), or `plugins:`/`gems:` or
   * the Gemfile's jekyll_plugins group name it (jekyllrb.com "Pagination": "add jekyll-paginate to the plugins list").
   */
  paginate: boolean
}

/** What jekyll-github-metadata knows of a repository without asking GitHub's API. */
export interface GitHubMetadata {
  /** `site.github`: the values that follow from the repository's name and where GitHub Pages serves it. */
  namespace: Record<string, unknown>
  /**
   * The fallbacks for the configuration's own keys: the repository's name; the Pages origin and the project's path
   * only where the folder shows them (a user site, or a `CNAME`/`url` naming the domain): the plugin asks GitHub,
   * which knows a custom domain a packaged folder may have lost, so a project site's `owner.github.io/name` is not
   * guessed.
   */
  fallbacks: { title: string; url?: string; baseurl?: string }
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
  const plugins = await runningPlugins(ctx, configFile, cfg)
  const repository = repositoryOf(cfg.repository)
  const cname = repository && plugins.runs('jekyll-github-metadata') && ctx.discovery.paths.has('CNAME') ? (await ctx.readText('CNAME'))?.trim().split(/\s+/)[0] : undefined
  return {
    ...(plugins.builtBy !== undefined ? { builtBy: plugins.builtBy } : {}),
    optionalFrontMatter: plugins.runs('jekyll-optional-front-matter') && cfg.require_front_matter !== true,
    paginate: plugins.builtBy !== undefined || plugins.listed.has('jekyll-paginate'),
    ...(plugins.runs('jekyll-readme-index') ? { readmeIndex: { withFrontMatter: option(cfg, 'jekyll-readme-index', 'with_frontmatter') === true } } : {}),
    ...(repository && plugins.runs('jekyll-github-metadata') ? { github: githubMetadata(repository, cname ?? domainOf(cfg.url, repository.owner)) } : {}),
    ...(plugins.runs('jekyll-titles-from-headings') ? { titlesFromHeadings: { collections: option(cfg, 'jekyll-titles-from-headings', 'collections') === true } } : {}),
    ...(plugins.builtBy === undefined && plugins.listed.has('jekyll-archives') ? { archives: archivePatterns(cfg['jekyll-archives']) } : {}),
  }
}

/** The URL patterns of the archives jekyll-archives writes, by kind (only the kinds it is enabled for). */
export interface ArchivePatterns {
  category?: string
  tag?: string
  year?: string
  month?: string
  day?: string
}

/**
 * jekyll-archives' archive patterns (its README, "Configuration"): `enabled` is `all` or a list naming
 * `categories`/`tags`/`year`/`month`/`day`; `permalinks.category`, `.tag`, `.year`, `.month` and `.day` default to
 * `/category/:name/`, `/tag/:name/`, `/:year/`, `/:year/:month/` and `/:year/:month/:day/`.
 */
function archivePatterns(settings: unknown): ArchivePatterns {
  if (!isPlainObject(settings)) return {}
  const enabled = settings.enabled === 'all' ? ['categories', 'tags', 'year', 'month', 'day'] : stringList(settings.enabled)
  const permalinks = isPlainObject(settings.permalinks) ? settings.permalinks : {}
  const pattern = (key: string, fallback: string) => (typeof permalinks[key] === 'string' ? permalinks[key] : fallback)
  return {
    ...(enabled.includes('categories') ? { category: pattern('category', '/category/:name/') } : {}),
    ...(enabled.includes('tags') ? { tag: pattern('tag', '/tag/:name/') } : {}),
    ...(enabled.includes('year') ? { year: pattern('year', '/:year/') } : {}),
    ...(enabled.includes('month') ? { month: pattern('month', '/:year/:month/') } : {}),
    ...(enabled.includes('day') ? { day: pattern('day', '/:year/:month/:day/') } : {}),
  }
}

/**
 * The URLs of the date archives jekyll-archives wrote: one per year, month and day (as enabled) that has a post,
 * its date in the site's time zone. Sorted.
 * @example
 * dateArchiveUrls({ year: '/:year/' }, ['2024-03-05T00:00:00Z'], 'UTC') // ['/2024/']
 */
export function dateArchiveUrls(patterns: ArchivePatterns, dates: readonly string[], zone: string): string[] {
  const urls = new Set<string>()
  for (const date of dates) {
    const dt = DateTime.fromISO(date, { setZone: true }).setZone(zone)
    if (!dt.isValid) continue
    const values: Record<string, string> = { year: dt.toFormat('yyyy'), month: dt.toFormat('MM'), day: dt.toFormat('dd') }
    for (const pattern of [patterns.year, patterns.month, patterns.day]) {
      if (pattern !== undefined) urls.add(pattern.replace(/:(year|month|day)\b/g, (_, k: string) => values[k]).replace(/^(?=[^/])/, '/'))
    }
  }
  return [...urls].sort()
}

/**
 * The configuration with what jekyll-github-metadata adds ("site.github", and its fallbacks: `title ||=` unless the
 * site names itself with `name:`, `url ||=`, `baseurl` when unset or `/`); the configuration itself when the plugin
 * does not run.
 */
export function withGitHubMetadata(cfg: Record<string, unknown>, github: GitHubMetadata | undefined): Record<string, unknown> {
  if (github === undefined) return cfg
  const { title, url, baseurl } = github.fallbacks
  const out: Record<string, unknown> = { ...cfg, github: isPlainObject(cfg.github) ? { ...github.namespace, ...cfg.github } : github.namespace }
  if ((cfg.title === undefined || cfg.title === null) && (cfg.name === undefined || cfg.name === null)) out.title = title
  if ((cfg.url === undefined || cfg.url === null) && url !== undefined) out.url = url
  if ((cfg.baseurl === undefined || cfg.baseurl === null || cfg.baseurl === '/') && baseurl !== undefined) out.baseurl = baseurl
  return out
}

/**
 * The site's own domain when its configured `url` is not the owner's `github.io` address: the plugin asks GitHub
 * where the site is served, which knows the custom domain; the folder says it by `CNAME`, or by `url`.
 */
function domainOf(url: unknown, owner: string): string | undefined {
  if (typeof url !== 'string') return undefined
  try {
    const host = new URL(url).hostname.toLowerCase()
    return host === `${owner.toLowerCase()}.github.io` ? undefined : host
  } catch {
    return undefined
  }
}

/** `owner/name` from `repository:` as people write it (`owner/name`, or its github.com URL), or undefined. */
function repositoryOf(value: unknown): { owner: string; name: string } | undefined {
  if (typeof value !== 'string') return undefined
  const m = /^(?:(?:https?:\/\/|git@)?(?:www\.)?github\.com[/:])?([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$/.exec(value.trim())
  return m ? { owner: m[1], name: m[2] } : undefined
}

/**
 * jekyll-github-metadata's values for a repository (its "site.github" documentation): a user or organisation site
 * (`owner.github.io`) is served at the root of `https://owner.github.io`, a project site under `/name`; a `CNAME`
 * file gives the site its own domain, at the root.
 */
function githubMetadata(repo: { owner: string; name: string }, cname: string | undefined): GitHubMetadata {
  const repositoryUrl = `https://github.com/${repo.owner}/${repo.name}`
  const userPage = [`${repo.owner}.github.io`, `${repo.owner}.github.com`].includes(repo.name.toLowerCase())
  const domain = cname !== undefined && /^[a-z0-9.-]+$/i.test(cname) ? cname.toLowerCase() : undefined
  // Known: a custom domain serves the site at its root, and so does a user site its github.io address.
  const served = domain !== undefined ? { url: `https://${domain}`, baseurl: '' } : userPage ? { url: `https://${repo.owner.toLowerCase()}.github.io`, baseurl: '' } : undefined
  const namespace = {
    hostname: 'github.com',
    pages_hostname: 'github.io',
    api_url: 'https://api.github.com',
    help_url: 'https://help.github.com',
    repository_nwo: `${repo.owner}/${repo.name}`,
    repository_name: repo.name,
    project_title: repo.name,
    owner_name: repo.owner,
    owner_url: `https://github.com/${repo.owner}`,
    repository_url: repositoryUrl,
    issues_url: `${repositoryUrl}/issues`,
    releases_url: `${repositoryUrl}/releases`,
    clone_url: `${repositoryUrl}.git`,
    is_user_page: userPage,
    is_project_page: !userPage,
    ...(served ? { url: served.url, baseurl: served.baseurl } : {}),
  }
  return { namespace, fallbacks: { title: repo.name, ...served } }
}

/** Why GitHub Pages builds the site (undefined when it does not), and whether one of its plugins runs. */
async function runningPlugins(ctx: PresetContext, configFile: string | undefined, cfg: Record<string, unknown>): Promise<{ builtBy?: string; runs: (plugin: PagesPlugin) => boolean; listed: ReadonlySet<string> }> {
  const gemfileName = ['Gemfile', 'gems.rb'].find((f) => ctx.discovery.paths.has(f))
  const gemfile = gemfileName === undefined ? null : await ctx.readText(gemfileName)
  const builtBy =
    gemfileName === undefined
      ? configFile !== undefined ? `${configFile} and no Gemfile: GitHub Pages builds it` : undefined
      : gemfile !== null && /^[ \t]*gem[ \t(]+["']github-pages["']/m.test(gemfile) ? `${gemfileName} names the github-pages gem` : undefined
  const listed = new Set([...stringList(cfg.plugins), ...stringList(cfg.gems), ...(gemfile === null ? [] : jekyllPluginGems(gemfile))])
  const runs = (plugin: PagesPlugin) => (builtBy !== undefined || listed.has(plugin)) && option(cfg, plugin, 'enabled') !== false
  return { ...(builtBy !== undefined ? { builtBy } : {}), runs, listed }
}

/** Whether jekyll-optional-front-matter leaves a Markdown file without front matter as a file (its name list). */
export function needsFrontMatter(base: string): boolean {
  return FRONT_MATTER_REQUIRED.has(base.toUpperCase())
}

/** The heading a body opens with, once its opening blanks are skipped: `#` to `###`, or a line with `===` or `---` under it. */
const OPENING_HEADING = /^(?:#{1,3}[ \t]+([^\n]*)|([^\n]*)\r?\n[-=]+[ \t]*)(?![^\n\r\u2028\u2029])/

/**
 * The title jekyll-titles-from-headings (0.5.3) gives a page from the heading its body opens with: `#` to `###`, or
 * a Setext heading (`===` or `---` under it), its inline markup taken off. Undefined when the body opens otherwise.
 */
export function titleFromHeading(body: string): string | undefined {
  // The blanks the body opens with are skipped first: read by the pattern, every line start in a run of blank lines
  // tried the rest of the run again (a page of 60,000 empty lines took 8 s).
  const start = /\S/.exec(body)?.index
  const m = start === undefined ? null : OPENING_HEADING.exec(body.slice(start))
  if (m === null) return undefined
  const text = stripInline(m[1] !== undefined ? withoutClosingHashes(m[1]) : m[2].trim()).replace(/\[\^[^\]]*\]/g, '').replace(/\s+/g, ' ').trim()
  return text === '' ? undefined : text
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
  'jekyll-github-metadata': 'github_metadata',
}

function option(cfg: Record<string, unknown>, plugin: PagesPlugin, key: string): unknown {
  const settings = cfg[CONFIG_KEYS[plugin]]
  return isPlainObject(settings) ? settings[key] : undefined
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : []
}

/**
 * Whether a gem's line puts it in the `jekyll_plugins` group: `group: :jekyll_plugins`, `group: [:test,
 * :jekyll_plugins]`, `:group => :jekyll_plugins`. Each `group:` and its list is read once (one pattern with an
 * optional list read the rest of the line again from every `group:`: 14 s for a 224 KB line).
 */
function namesPluginsGroup(code: string): boolean {
  if (/:group\s*=>\s*:jekyll_plugins\b/.test(code)) return true
  for (const m of code.matchAll(/group:\s*(\[[^\]]*|:jekyll_plugins\b)/g)) if (/:jekyll_plugins\b/.test(m[1])) return true
  return false
}

/**
 * The gems a Gemfile puts in its `jekyll_plugins` group, which Jekyll loads without `plugins:` naming them: inside a
 * `group :jekyll_plugins do … end` block, or with `group: :jekyll_plugins` on the line.
 */
export function jekyllPluginGems(gemfile: string): string[] {
  const out: string[] = []
  let depth = 0
  let inGroup = false
  for (const line of gemfile.split(/\r?\n/)) {
    // Its comment and trailing blanks cut by hand: patterns ending in blanks read a run of them again at each place.
    const hash = line.indexOf('#')
    const code = (hash === -1 ? line : line.slice(0, hash)).trimEnd()
    const gem = /^\s*gem[\s(]+["']([^"']+)["']/.exec(code)
    if (gem && (inGroup || namesPluginsGroup(code))) out.push(gem[1])
    if (/^\s*group\b.*\bdo\s*(?:\|[^|]*\|)?$/.test(code)) {
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
