/**
 * The interface between the Markdown importer's loop (`md`) and template expansion (`mdtpl`), as agreed in
 * notes/templates-interface.md. Change it only in its own commit whose message starts `templates interface:`.
 * `expandTemplates(body, ctx): TemplateResult` itself is exported from `./index.ts`.
 */

/**
 * A template syntax a generator's bodies use (`docusaurus1`: Docusaurus 1's code tabs and table-of-contents marker;
 * `gfm`: GitHub's own Markdown extensions, its alerts, which a plain folder's renderer shows; `hexo`: Nunjucks with
 * Hexo's tag plugins; `remark-toc`: the remark-toc plugin a site's Markdown configuration lists, which fills the
 * section under a `Table of contents` heading with a list of the headings after it; `nextra`, `fumadocs`: the Next.js
 * documentation framework whose MDX components, such as its `<Callout>`, the site's pages use).
 */
export type TemplateDialect = 'hugo' | 'liquid' | 'mdx' | 'docusaurus' | 'docusaurus1' | 'nunjucks' | 'vue' | 'gfm' | 'hexo' | 'pymdown' | 'remark-toc' | 'nextra' | 'fumadocs'

/** What expansion may know about the document and its site. */
export interface TemplateContext {
  /** Source file, relative to the site folder, with '/'. For messages and relative resolution. */
  file: string
  /** Which syntaxes this generator's bodies use, in the order they are expanded (Jekyll: ['liquid']; Hugo: ['hugo'];
   *  Docusaurus: ['mdx', 'docusaurus']; Astro/Starlight: ['mdx', 'docusaurus'] (Starlight asides use `:::`);
   *  Eleventy: ['liquid', 'nunjucks'] per its templateEngine; Next.js: ['mdx']). */
  dialects: TemplateDialect[]
  /** The document's public URL path on the NEW site ('/docs/intro/'), for resolving relative references. */
  url: string
  /** Resolves a reference to another document to its new public URL, or undefined when nothing matches.
   *  `kind` says how the generator names it: 'ref' (Hugo ref/relref: a path relative to content/ or the page, with
   *  or without extension, optional #anchor), 'post_url' (Jekyll: 'YYYY-MM-DD-slug' or 'dir/YYYY-MM-DD-slug'),
   *  'link' (Jekyll {% link path %}: a path from the site root to a source file), 'path' (an MDX/JS import path). */
  resolve(kind: 'ref' | 'post_url' | 'link' | 'path', target: string): string | undefined
  /** Reads a file of the site for inclusion (Jekyll `_includes/x`, an MDX partial import, Hugo `readFile`);
   *  `from` says which: 'include' (relative to the generator's include folder) or 'relative' (to this file).
   *  Returns undefined when missing or outside the folder (never reads outside it). Synchronous: `md` preloads. */
  readFile(kind: 'include' | 'relative', path: string): string | undefined
  /** Values templates may print: `site` (Jekyll site.*, Hugo site params / .Site.Params), `page` (the front
   *  matter: page.title…), `params` (Hugo .Params / param shortcode). Missing values print nothing and are reported. */
  data: { site: Record<string, unknown>; page: Record<string, unknown> }
  /** The site's base URL path ('' or '/docs'), for Jekyll `relative_url`/`site.baseurl`. */
  baseurl: string
  /**
   * Whether the body is MDX whatever its extension (Docusaurus parses `.md` files as MDX by default); without it, a
   * body is MDX when its file is `.mdx`.
   */
  mdx?: boolean
  /** Whether an MDX body still has indented code blocks: MDX 1 (Docusaurus 2) parses them, MDX 2 and later do not. */
  indentedCode?: boolean
}

/** Whether a body is MDX: no indented code, `{expressions}` (`TemplateContext.mdx`, else a `.mdx` file). */
export function isMdx(ctx: Pick<TemplateContext, 'file' | 'mdx'>): boolean {
  return ctx.mdx ?? /\.mdx$/i.test(ctx.file)
}

/** Whether a body's lines indented four spaces are code: in Markdown, and in MDX 1 (`TemplateContext.indentedCode`). */
export function keepsIndentedCode(ctx: Pick<TemplateContext, 'file' | 'mdx' | 'indentedCode'>): boolean {
  return ctx.indentedCode === true || !isMdx(ctx)
}

/** One template construct met in a body, and what became of it. */
export interface TemplateFinding {
  /** 1-based line in the body as given (callers add the front matter's line count). */
  line: number
  /** The tag or shortcode name: 'youtube', 'highlight', 'include', 'import', '<Tabs>', ':::note'. */
  name: string
  action: 'expanded' | 'removed' | 'unresolved'
  /** For 'removed' and 'unresolved': what happened and what the owner can do. */
  message?: string
}

/** A body with its template syntax expanded or removed, and what was done. */
export interface TemplateResult {
  body: string
  /** When expansion produced HTML inside Markdown, the body stays 'markdown' (raw HTML is valid Markdown). */
  findings: TemplateFinding[]
  /** The 1-based line of the body as given that line `line` of the expanded body came from. */
  sourceLine: (line: number) => number
}
