import type { CustomHtml, FrontPage, Permalinks, PostIndex, Site, WidgetItem } from '../../../src/contract/types.js'
import type { MenuItemInput } from '../../../src/builder/inputs.js'
import type { Diagnostics } from '../diagnostics.js'
import type { DiscoveredFile, Discovery } from '../discover.js'
import type { DataLanguage } from '../front-matter.js'

/** The folder conventions the importer understands. */
export type PresetName = 'native' | 'jekyll' | 'hugo' | 'docusaurus' | 'astro'

/** An author from a registry file (`authors.yml`, `authors.json`). */
export interface RegistryAuthor {
  display_name: string
  avatar?: string
}

/** A category or tag from a registry file, keyed by the name or key authors use in front matter. */
export interface TaxonomyDefinition {
  name: string
  slug?: string
  description?: string
}

/** A menu item as written in a site file: the builder's menu item, plus where it came from and its order. */
export interface ConfigMenuItem extends Omit<MenuItemInput, 'children'> {
  children?: ConfigMenuItem[]
  /** Sort key (Hugo `weight`). */
  weight?: number
  /** 1-based line in `file`, for diagnostics. */
  line?: number
}

/** Everything a convention's configuration files say about the site. */
export interface SiteConfig {
  /** Relative path of the main configuration file, when there is one. */
  file?: string
  site: Partial<Site>
  permalinks?: Permalinks
  frontPage?: FrontPage | { page: string }
  postIndex?: PostIndex
  authors: Map<string, RegistryAuthor>
  categories: Map<string, TaxonomyDefinition>
  tags: Map<string, TaxonomyDefinition>
  menus: Record<string, { name: string; items: ConfigMenuItem[] }>
  widgets: Record<string, { name: string; items: WidgetItem[] }>
  collections: Record<string, { title?: string; description?: string; items: Array<{ post: string } | { page: string }> }>
  customCss?: string
  customHtml?: CustomHtml
  /** Strings that end the excerpt in a body (`<!--more-->`, `<!-- truncate -->`, Jekyll's `excerpt_separator`). */
  excerptMarkers: string[]
  /** Folders (relative, `/`) whose root-relative files are served at the site root: Hugo `static/`, Astro `public/`. */
  staticDirs: string[]
}

/** What a convention says about one file: whether it is a post or a page, and what its location implies. */
export interface Classified {
  kind: 'post' | 'page'
  /** The name the slug derives from (file name without extension and date, or the folder for an index file). */
  name: string
  /** A `YYYY-MM-DD` date taken from the file or folder name. */
  nameDate?: string
  /** Categories implied by folders (Jekyll `foo/_posts/bar/`, the Node.js `blog/<category>/`). */
  folderCategories?: string[]
  /** For pages: the folder names between the pages root and the file, which become the page path. */
  pathDirs?: string[]
  /** Whether the file stands for its folder (`index.md`, Hugo `_index.md`). */
  isIndex?: boolean
  /** Files under a drafts folder. */
  draft?: boolean
  /** `plaintext` for Jekyll `.text` posts; Markdown otherwise. */
  documentType?: 'markdown' | 'plaintext' | 'html'
  /** Front-matter values the convention supplies when the file does not (Hugo `cascade`). */
  defaults?: Record<string, unknown>
}

/** What presets read configuration through. */
export interface PresetContext {
  dir: string
  discovery: Discovery
  diagnostics: Diagnostics
  /** Reads and parses a data file (YAML, TOML or JSON by extension); null when absent or broken (reported). */
  readData(rel: string): Promise<unknown>
  /** Reads a Markdown file's front matter only; null when absent or broken (reported when the file is imported). */
  readFrontMatter(rel: string): Promise<Record<string, unknown> | null>
  /** The language of a data file name, or null. */
  dataLanguage(rel: string): DataLanguage | null
  options: PresetOptions
}

/** Preset knobs the caller may set. */
export interface PresetOptions {
  /** Native: folder of posts (default `posts`). */
  postsDir?: string
  /** Native: folder of pages (default `pages`). */
  pagesDir?: string
  /** Hugo: the content sections that hold posts (default: `posts`, `post` and `blog`). */
  postSections?: string[]
  /** Astro: the collections that hold posts (default `blog` and `posts`). */
  postCollections?: string[]
  /** A site file to read instead of (and over) the convention's own. */
  configFile?: string
}

/** A folder convention: how to read its configuration and which files are posts or pages. */
export interface Preset {
  name: PresetName
  loadConfig(ctx: PresetContext): Promise<SiteConfig>
  /** Null for files that are not documents of the site (assets, data, partials). */
  classify(file: DiscoveredFile, config: SiteConfig, options: PresetOptions): Classified | null
}

/** A configuration with nothing in it. */
export function emptyConfig(): SiteConfig {
  return {
    site: {},
    authors: new Map(),
    categories: new Map(),
    tags: new Map(),
    menus: {},
    widgets: {},
    collections: {},
    excerptMarkers: ['<!--more-->', '<!-- more -->'],
    staticDirs: [],
  }
}

/** Markdown file extensions every convention accepts. */
export const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown', '.mdx', '.mkdn', '.mkd', '.mdown', '.mdwn'])

/** Splits a relative path into folder names, base name without extension, and extension (lower case). */
export function splitPath(rel: string): { dirs: string[]; base: string; ext: string } {
  const parts = rel.split('/')
  const file = parts.pop() as string
  const dot = file.lastIndexOf('.')
  return dot > 0 ? { dirs: parts, base: file.slice(0, dot), ext: file.slice(dot).toLowerCase() } : { dirs: parts, base: file, ext: '' }
}
