import type { CustomHtml, DocumentType, FrontPage, Permalinks, PostIndex, Site, WidgetItem } from '../../../src/contract/types.js'
import type { MenuItemFields } from '../../../src/builder/inputs.js'
import type { Diagnostics } from '../diagnostics.js'
import type { DiscoveredFile, Discovery } from '../discover.js'
import type { DataLanguage, FrontMatter } from '../front-matter.js'
import type { TemplateDialect } from '../templating.js'

/** The folder conventions the importer understands. */
export type PresetName = 'native' | 'plain' | 'jekyll' | 'hugo' | 'docusaurus' | 'astro' | 'starlight' | 'eleventy' | 'nextjs' | 'gatsby' | 'vuepress' | 'vitepress' | 'hexo' | 'mkdocs'

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
export interface ConfigMenuItem extends Omit<MenuItemFields, 'children'> {
  children?: ConfigMenuItem[]
  /** Sort key (Hugo `weight`). */
  weight?: number
  /** 1-based line in `file`, for diagnostics. */
  line?: number
  /** A page named the generator's way rather than by URL (Hugo's `pageRef`): the item leads to that page's new URL. */
  pageRef?: string
  /**
   * The document the item stands for (a Hugo page's own `menu:` front matter): it leads to that document's new URL,
   * and is left out, its children taking its place, when the document is not published.
   */
  source?: string
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
  /**
   * The path the old site was served under (`/docs` for a Jekyll `baseurl` or a Hugo `baseURL` with a path), without
   * a trailing slash; '' at the root. Links written with it are links into the site.
   */
  basePath: string
  /**
   * The default locale's URL prefix (`/en`) when the old site answered root-relative URLs without a locale as that
   * locale's (nodejs.org's middleware sends `/blog/x` to `/en/blog/x`): links written that way resolve through it.
   */
  localePrefix?: string
  /** Where the generator listed posts (`/posts/`, `/blog/`), when it is not the home page. */
  postIndexPath?: string
  /**
   * What the site's build publishes although its date says otherwise: documents dated in the future (Hugo
   * `buildFuture`, Jekyll `future: true`) and expired ones (Hugo `buildExpired`). Unset: neither.
   */
  publishes?: { future?: boolean; expired?: boolean }
  /** The authors registry file (`_data/authors.yml`, `blog/authors.yml`), where its avatars are reported from. */
  authorsFile?: string
  /** Files read as configuration or data (reported as such, never as unused input). */
  configFiles: Set<string>
  /**
   * Images the configuration names in the generator's own terms (Jekyll's `logo`, Docusaurus's `favicon` and navbar
   * logo), with the file they are written in (`from`, for relative paths): they become `site.logo`/`site.favicon`
   * (unless set) and are delivered with the media, as `site.logo`, `site.favicon` and registry avatars are.
   */
  siteImages: Array<{ ref: string; from: string; use: 'logo' | 'favicon' | 'avatar'; key?: string }>
  /**
   * Pages the generator made from its configuration rather than from a document (Docusaurus's author pages, tag
   * list, archive, category indexes), which the contract has no route for: each answers by a redirect to `to`, a
   * URL in the old site's URL space (a document's old URL, the post index) that the import maps to its new URL.
   * `from` has no base path; `file` is the configuration file that made it. `page`, for a page of a list of posts
   * that the post index replaced (`to` names the post index), is its page number: it leads to the post index's own
   * page of that number when the new site has one (`/posts/page/2/`), else to the post index.
   */
  generatedRoutes?: GeneratedRoute[]
}

/** A page the generator made from its configuration, answered by a redirect (SiteConfig.generatedRoutes). */
export interface GeneratedRoute {
  from: string
  to: string
  file: string
  /** The generated page is page `n` of a list of posts the generator showed `perPage` a page (a fraction: hexo-pagination's slices). */
  page?: ListPage
}

/** Page `n` (from 1) of a list of posts, `perPage` posts a page. */
export interface ListPage {
  n: number
  perPage: number
}

/**
 * Where one document goes, by its generator's rules. Presets return this from `place`; the rest of the pipeline
 * (mapping, routes, links) never looks at the file's location again.
 */
export interface Placement {
  kind: 'post' | 'page'
  /** The name the slug derives from (file name without extension and date, or the folder for an index file). */
  name: string
  /**
   * The public URL path the generator gave the document (`/docs/intro/`, `/2024/01/02/hello.html`), without the
   * site's base path and with the language prefix. Absent when there is no old site to match (the native layout),
   * in which case the contract's routes decide.
   */
  url?: string
  /** For pages without `url`: the folder names between the pages root and the file, which become the page path. */
  pathDirs?: string[]
  /** Whether the file stands for its folder (`index.md`, Hugo `_index.md`). */
  isIndex?: boolean
  /** Whether the file is a list page (Hugo home or section `_index.md`): blank ones list children and have no text of their own. */
  isList?: boolean
  /**
   * Whether the file is the site's home document even though its URL is not `/` (Next.js `pages/en/index.mdx`,
   * served at `/en` with `/` redirecting there): it becomes `site.front_page` and keeps its own URL as its path.
   */
  isHome?: boolean
  /** A `YYYY-MM-DD` date taken from the file or folder name. */
  nameDate?: string
  /** Categories implied by folders (Jekyll `foo/_posts/bar/`, the Node.js `blog/<category>/`). */
  folderCategories?: string[]
  /** Files under a drafts folder, or below a section the generator does not build (a Hugo draft `_index.md`). */
  draft?: boolean
  /** Why `draft` was set, when the file's own front matter does not say so (shown in the report). */
  draftReason?: string
  /** `plaintext` for Jekyll `.text` posts; Markdown otherwise. */
  documentType?: DocumentType
  /** Front-matter values the convention supplies when the file does not (Hugo `cascade`, Jekyll `defaults:`). */
  defaults?: Record<string, unknown>
  /**
   * The document's values as its generator reads them, when a key's own value is not simply front matter over the
   * convention's (a Nextra blog's numeric `date`, the instant the theme showed; Eleventy's data cascade, merged deeply):
   * read instead of front matter over `defaults`.
   */
  data?: Record<string, unknown>
  /** The folder the theme reads the body's relative images from (Chirpy's `media_subpath`, formerly `img_path`). */
  imageBase?: string
  /** The document's language (BCP 47), for multilingual sites. */
  language?: string
  /**
   * Other URLs the old site answered at for this document (a README's own name, a locale's fallback), redirected to
   * its new URL; like `url`, without the site's base path, which the plan puts in front.
   */
  aliases?: string[]
  /** A page whose kind was chosen because it has no date, though its folder holds posts (reported). */
  undatedPost?: boolean
  /**
   * The front-matter keys that hold the document's tags and categories when its generator names them otherwise
   * (Hugo's `[taxonomies]`: `tag = "keywords"` makes `keywords` the tags); `tags`/`tag` and `categories`/`category`
   * otherwise.
   */
  taxonomyKeys?: { tags: readonly string[]; categories: readonly string[] }
  /**
   * Markdown or HTML the generator renders before the body from front matter (Starlight's splash `hero`), put at
   * the top of the document's content so it is not lost on a theme that knows nothing of that front matter.
   */
  bodyPrefix?: string
  /** Front-matter keys `bodyPrefix` writes out: one too large for data is dropped from data without a warning, its content being in the body. */
  renderedKeys?: readonly string[]
}

/** What `place` says about a file the generator does not publish: why (`draft`, `build.render: never`, `partial`). */
export interface Unpublished {
  skip: string
  detail?: string
  /**
   * A redirect the file stands for (a Jekyll `redirect_to` stub): from its own URL (without the base path) to a
   * target in the old site's URL space or elsewhere, resolved to the new URL once every route is known.
   */
  redirect?: { from: string; to: string }
}

/** A document as read: its path, its front matter (null-prototype plain data) and its body. */
export interface SourceFile {
  file: DiscoveredFile
  fm: FrontMatter
}

/** What a preset's `detect` found: how sure it is (higher wins) and the evidence, shown to the user. */
export interface Evidence {
  strength: number
  reason: string
}

/** What presets read configuration through. */
export interface PresetContext {
  dir: string
  /**
   * The site's own folder inside the folder imported, when the site takes content from beside it (Docusaurus in
   * `website/` with `path: '../docs'`): its configuration is read there. Undefined when the site is the folder.
   */
  siteFolder?: string
  discovery: Discovery
  diagnostics: Diagnostics
  /** The import's instant (RFC 3339): what is future or expired is judged against it, as the generator's build would. */
  now: string
  /** Reads and parses a data file (YAML, TOML or JSON by extension); null when absent or broken (reported). */
  readData(rel: string): Promise<unknown>
  /** Reads a text file of the folder (for evidence such as the links a plain folder's bodies write); null when unreadable. */
  readText(rel: string): Promise<string | null>
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
  /** Hugo: the content sections that hold posts (default: `posts`, `post`, `blog`, `news`, or `params.mainSections`). */
  postSections?: string[]
  /** Astro: the collections that hold posts (default `blog` and `posts`). */
  postCollections?: string[]
  /** A site file to read instead of (and over) the convention's own. */
  configFile?: string
}

/**
 * A generator's rules bound to one site's configuration: which files are its documents, and where each one goes.
 * Made by `Preset.configure`; the import loop only calls these.
 */
export interface Convention {
  config: SiteConfig
  /** The template syntaxes this generator's bodies use, in the order they are expanded. */
  templates: TemplateDialect[]
  /**
   * The template syntaxes of one document where they differ by file (a Gatsby site compiles only gatsby-plugin-mdx's
   * extensions as MDX, the rest as plain Markdown); `templates` for every document otherwise.
   */
  templatesOf?(file: string): TemplateDialect[]
  /** Whether a document's body is MDX whatever its extension (`TemplateContext.mdx`); without it, `.mdx` files are. */
  mdx?(file: string, fm: Record<string, unknown>): boolean
  /** Whether MDX bodies keep indented code blocks (`TemplateContext.indentedCode`): MDX 1, Docusaurus 2's. */
  mdxIndentedCode?: boolean
  /** Whether a file is one of the generator's documents (by location and extension only; front matter comes later). */
  isDocument(file: DiscoveredFile): boolean
  /** Where a read document goes by the generator's rules, or why the generator does not publish it. */
  place(source: SourceFile): Placement | Unpublished
  /**
   * Called once every document is placed and the import has decided which it publishes (`published`: their files;
   * drafts, future and expired documents are not among them): a convention that gathers site structure from
   * documents' front matter (Hugo's `menu:`, Jekyll's `site.<label>` lists) completes `config` here.
   */
  finish?(published: ReadonlySet<string>): void
  /**
   * The URL path at which the generator served a non-document file (`static/img/a.png` → `/img/a.png`), or
   * undefined when it did not publish the file; such files are delivered under `/media/`.
   */
  assetUrl(rel: string): string | undefined
  /**
   * Whether a bundle's files are also served below its page's URL (Hugo's page resources: `posts/x/a.png` of
   * `posts/x/index.md` published at `/2024/x/` answers at `/2024/x/a.png`), so links to that address find the file.
   */
  resourcesAtPageUrl?: boolean
  /**
   * How the generator splits one author string into several people (nodejs.org splits `A, B and C`), when it does.
   * Without it, a string names one author unless every part is a key or name of the authors registry: a comma
   * is part of a name (`Jane Doe, PhD`) for generators that do not split.
   */
  authorSeparator?: RegExp
  /**
   * The default-locale file a translation stands in for (Docusaurus's `i18n/fr/…/current/x.md` → `docs/x.md`): a
   * relative link that names nothing beside the translation is resolved from there, as the generator does.
   */
  translationOf?(file: string): string | undefined
  /** Resolves a Hugo `ref`/`relref` or Jekyll `link`/`post_url` target to a source file, when the generator names files that way. */
  resolveSource?(kind: 'ref' | 'post_url' | 'link', target: string, from: string): string | undefined
  /**
   * The site as the generator's templates see it, for a document (`file`): Jekyll's `site` (the `_config.yml` keys,
   * `site.data` from `_data/`), Hugo's `site`/`.Site` (the configuration with `params`, `privacy`, `title`,
   * `baseURL`, and the document's language's own values over them). Without it, templates see the contract's site.
   */
  templateSite?(file: string): Record<string, unknown>
  /**
   * The folder path (relative, `/`) of the file a template includes from document `from`: `include` names it the
   * generator's way (Jekyll `_includes/x`, Hugo's `include` shortcode a page of the content folder), `relative`
   * relative to the document. Undefined when it names nothing in the folder. Without it: `_includes/` and relative.
   */
  includePath?(kind: 'include' | 'relative', target: string, from: string): string | undefined
  /** Whether a file that is not a document may be included by one (Jekyll `_includes/`): such files are read before expansion. */
  isIncludable?(rel: string): boolean
}

/** A folder convention: the evidence it looks for and how it reads a site's configuration. */
export interface Preset {
  name: PresetName
  /** Evidence that the folder follows this convention, or null when there is none. */
  detect(discovery: Discovery): Evidence | null
  /** Reads the generator's configuration (as text, never executed) and returns its rules for this site. */
  configure(ctx: PresetContext): Promise<Convention>
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
    basePath: '',
    configFiles: new Set(),
    siteImages: [],
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

/** Whether `place` returned a reason the generator does not publish the file. */
export function isUnpublished(p: Placement | Unpublished): p is Unpublished {
  return 'skip' in p
}
