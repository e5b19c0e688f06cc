import type { WxrItem } from './read/wxr.js'
import { compareCodeUnits } from '../../src/compare.js'

/**
 * A theme's own CSS from the export: the Customizer's "Additional CSS" (a `custom_css` item, named after the theme's
 * stylesheet) or a block theme's Additional CSS (a `wp_global_styles` item, `styles.css` and each block's
 * `styles.blocks.*.css`; WordPress 6.2+), for the theme its `wp_theme` term names.
 */
export interface ThemeCss {
  theme: string
  postType: 'custom_css' | 'wp_global_styles'
  id: number
  title: string
  /** The CSS: a `custom_css` item's, or a global styles item's `styles.css`. */
  content: string
  /** A global styles item's per-block CSS, printed before the Customizer's. */
  blocks?: string
  modified: string
  file: string
  line: number
}

/** When an item bound to a theme (its CSS, styles, templates and template parts) last changed. */
export interface ThemeActivity {
  theme: string
  modified: string
  id: number
}

/** The theme an item belongs to: a `custom_css` item's name is the theme's stylesheet; site-editor items carry a `wp_theme` term. */
export function themeOf(item: Pick<WxrItem, 'postType' | 'postName' | 'terms'>): string {
  if (item.postType === 'custom_css') return item.postName
  return item.terms.find((t) => t.domain === 'wp_theme')?.nicename ?? ''
}

// Blocks whose root selector is not their class name (`__experimentalSelector` or `selectors.root` in their block.json).
const BLOCK_SELECTORS: Record<string, string> = {
  'core/paragraph': 'p',
  'core/heading': 'h1,h2,h3,h4,h5,h6',
  'core/list': 'ol,ul',
  'core/list-item': 'li',
  'core/button': '.wp-block-button .wp-block-button__link',
  'core/table': '.wp-block-table > table',
}

/** A block type's name as WordPress registers it (`core/cover`, `acme/price-card`). */
const BLOCK_NAME = /^[a-z0-9-]+\/[a-z0-9-]+$/

/**
 * The CSS a `wp_global_styles` item adds to the site, in its two parts as WordPress 6.7+ prints them: each block's
 * `css` nested under the block's selector (with the global styles, before the Customizer's CSS) and `styles.css`
 * (last of all). Empty strings when it has none or is not JSON.
 * @example
 * globalStylesCss('{"styles":{"css":"body{color:red}"}}') // { blocks: '', root: 'body{color:red}' }
 */
export function globalStylesCss(json: string): { blocks: string; root: string } {
  const styles = objectAt(parseObject(json), 'styles')
  if (!styles) return { blocks: '', root: '' }
  let blocksCss = ''
  const blocks = objectAt(styles, 'blocks') ?? {}
  for (const [name, node] of Object.entries(blocks)) {
    // WordPress prints the CSS of registered blocks only, whose names are `namespace/name` in lower-case letters,
    // digits and dashes (WP_Block_Type_Registry::register): another key (`a,b,…`) would be a selector list, and each
    // of its selectors times each of a rule's made the CSS grow as their product.
    if (!BLOCK_NAME.test(name)) continue
    const own = typeof node === 'object' && node !== null ? (node as Record<string, unknown>).css : undefined
    if (typeof own === 'string' && own !== '') blocksCss += nestedBlockCss(own, blockSelector(name))
  }
  return { blocks: blocksCss, root: typeof styles.css === 'string' ? styles.css : '' }
}

/**
 * Whether a `wp_global_styles` item holds anything the user set. WordPress creates an empty one
 * (`{"version": 3, "isGlobalStylesUserThemeJSON": true}`) for each theme the site editor opens, previews included.
 */
export function globalStylesCustomized(json: string): boolean {
  return Object.entries(parseObject(json) ?? {}).some(([key, value]) => key !== 'version' && key !== 'isGlobalStylesUserThemeJSON' && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0))
}

function parseObject(json: string): Record<string, unknown> | undefined {
  try {
    const data: unknown = JSON.parse(json)
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const v = (value as Record<string, unknown>)[key]
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}

/** A block's root selector: its own, or its class name (`core/cover` → `.wp-block-cover`, `acme/card` → `.wp-block-acme-card`). */
export function blockSelector(name: string): string {
  return BLOCK_SELECTORS[name] ?? `.wp-block-${name.replace(/\//g, '-').replace(/^core-/, '')}`
}

/**
 * A block's custom CSS under its selector, as WordPress 6.6+ nests it (`process_blocks_custom_css`): each part the
 * `&` separates is either declarations for the block itself or a rule whose selector is appended to the block's
 * (`&:hover`) or scoped in it (`& .x`), at the 0-1-0 specificity of `:root :where(…)`, a pseudo-element kept outside.
 * @example
 * nestedBlockCss('color:red; & a{color:blue}', '.wp-block-quote')
 * // ':root :where(.wp-block-quote){color:red;}:root :where(.wp-block-quote a){color:blue}'
 */
export function nestedBlockCss(css: string, selector: string): string {
  let out = ''
  for (const part of css.split('&')) {
    if (part === '') continue
    if (!part.includes('{')) {
      out += `:root :where(${selector.trim()}){${part.trim()}}`
      continue
    }
    const pieces = part.replace(/\}/g, '').split('{')
    if (pieces.length !== 2) continue
    let nested = pieces[0]
    // WordPress's pattern `[>+~\s]*::[a-zA-Z-]+`, tried only where a run of combinators starts: the same first match,
    // without trying again at each space of a long run (80,000 spaces took 6 s).
    const pseudo = /(?<![>+~\s])[>+~\s]*::[a-zA-Z-]+/.exec(nested)?.[0] ?? ''
    if (pseudo) nested = nested.split(pseudo).join('')
    const full = nested.startsWith(' ') ? scopeSelector(selector, nested) : appendToSelector(selector, nested)
    out += `:root :where(${full})${pseudo}{${pieces[1].trim()}}`
  }
  return out
}

function scopeSelector(scope: string, selector: string): string {
  const scoped: string[] = []
  for (const outer of scope.split(',').map((s) => s.trim())) {
    for (const inner of selector.split(',').map((s) => s.trim())) {
      if (outer && inner) scoped.push(`${outer} ${inner}`)
      else if (outer || inner) scoped.push(outer || inner)
    }
  }
  return scoped.join(', ')
}

function appendToSelector(selector: string, toAppend: string): string {
  return selector.split(',').map((s) => s + toAppend).join(',')
}

/**
 * The active theme: WordPress does not export which one it is, but only the active theme's CSS, styles and templates
 * are edited, so the theme of the customization changed last. Undefined when nothing was customized.
 */
export function activeTheme(activity: readonly ThemeActivity[]): string | undefined {
  let latest: ThemeActivity | undefined
  for (const a of activity) {
    if (!latest || compareCodeUnits(a.modified, latest.modified) > 0 || (a.modified === latest.modified && a.id > latest.id)) latest = a
  }
  return latest?.theme
}

/**
 * The CSS WordPress printed, and the CSS of other themes it did not: the active theme's (`activeTheme`) latest
 * Customizer CSS and latest global styles CSS (`themeStylesheet` puts them in order).
 */
export function chooseThemeCss(css: readonly ThemeCss[], activity: readonly ThemeActivity[]): { theme?: string; used: ThemeCss[]; others: ThemeCss[] } {
  const theme = activeTheme(activity)
  const latestFirst = [...css].sort((x, y) => compareCodeUnits(y.modified, x.modified) || y.id - x.id)
  const used = (['custom_css', 'wp_global_styles'] as const)
    .map((type) => latestFirst.find((c) => c.theme === theme && c.postType === type))
    .filter((c) => c !== undefined)
  return { ...(theme !== undefined ? { theme } : {}), used, others: css.filter((c) => !used.includes(c)) }
}

/**
 * The stylesheet of the CSS `chooseThemeCss` chose, in the order WordPress 6.7+ prints it (`wp_enqueue_global_styles`):
 * the blocks' CSS of the global styles, the Customizer's, then the global styles' own (`styles.css`), which wins.
 * @example
 * themeStylesheet([{ postType: 'wp_global_styles', content: 'b{}', blocks: ':root :where(p){}' }, { postType: 'custom_css', content: 'a{}' }])
 * // ':root :where(p){}\na{}\nb{}'
 */
export function themeStylesheet(used: ReadonlyArray<Pick<ThemeCss, 'postType' | 'content' | 'blocks'>>): string {
  const global = used.find((c) => c.postType === 'wp_global_styles')
  const customizer = used.find((c) => c.postType === 'custom_css')
  return [global?.blocks, customizer?.content, global?.content].filter((part) => part !== undefined && part !== '').join('\n')
}
