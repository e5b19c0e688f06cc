import { htmlToText } from './content/html.js'
import { displayText } from './display-text.js'
import { LIMITS } from './limits.js'
import type { WxrItem, WxrItemTerm, WxrTerm } from './read/wxr.js'
import { compareCodeUnits } from '../../src/compare.js'
import type { ReportBuilder } from './report.js'
import { decodeWpSlug, repairSlug, slugFromTitle, SlugRegistry } from './slugs.js'

/** The two taxonomies a payload has. */
export type Taxonomy = 'category' | 'post_tag'

/** A category or tag as it goes into the payload, with its slug as the export wrote it and its parent's. */
export type TermOut = { name: string; slug: string; description: string; raw: string; parentRaw: string }

/** Each taxonomy's terms by decoded export slug, and the payload slug of each WordPress term id. */
export type Taxonomies = Record<Taxonomy, { bySlug: Map<string, TermOut>; byId: Map<number, string> }>

type RawTerm = { taxonomy: Taxonomy; raw: string; key: string; name: string; description: string; termId: number; parent: string }

/**
 * The categories and tags of an export: declared terms (`<wp:category>`, `<wp:tag>`, `<wp:term>`) and those posts only
 * name. Slugs are decoded, repaired and made unique per taxonomy, declared terms (with ids) first and then by slug, so
 * which term keeps a contested slug never depends on file order. A term without a slug gets one from its name by the
 * rules of `locale`, the WordPress locale (see sanitize-title.ts).
 */
export function planTerms(declared: readonly WxrTerm[], posts: readonly WxrItem[], report: ReportBuilder, file: string, locale = ''): Taxonomies {
  const raw: RawTerm[] = []
  for (const t of declared) {
    if (t.taxonomy === 'category' || t.taxonomy === 'post_tag') raw.push({ taxonomy: t.taxonomy, raw: t.slug, key: decodeWpSlug(t.slug), name: t.name, description: t.description, termId: t.termId, parent: t.parent })
  }
  // The reader shares one object per distinct reference; a repeat is indistinguishable from its first occurrence,
  // and the sort below is stable, so only first occurrences are kept (a handful instead of one per post).
  const seen = new Set<WxrItem['terms'][number]>()
  for (const item of posts) {
    for (const t of item.terms) {
      if ((t.domain === 'category' || t.domain === 'post_tag') && !seen.has(t)) {
        seen.add(t)
        raw.push({ taxonomy: t.domain, raw: t.nicename, key: decodeWpSlug(t.nicename), name: t.name, description: '', termId: 0, parent: '' })
      }
    }
  }
  raw.sort((a, b) => compareCodeUnits(a.taxonomy, b.taxonomy) || Number(b.termId > 0) - Number(a.termId > 0) || compareCodeUnits(a.key, b.key) || a.termId - b.termId)
  const out: Taxonomies = { category: { bySlug: new Map(), byId: new Map() }, post_tag: { bySlug: new Map(), byId: new Map() } }
  const registries = { category: new SlugRegistry(), post_tag: new SlugRegistry() }
  for (const t of raw) {
    const { bySlug, byId } = out[t.taxonomy]
    const existing = bySlug.get(t.key)
    if (existing) {
      if (t.termId > 0 && !byId.has(t.termId)) byId.set(t.termId, existing.slug)
      continue
    }
    const kind = t.taxonomy === 'category' ? 'category' : 'tag'
    const name = displayText(t.name) || t.key || `${kind === 'category' ? 'Category' : 'Tag'} ${t.termId}`
    let slug = repairSlug(t.key)
    if (!slug) {
      slug = slugFromTitle(t.name, locale) || slugFromTitle(name, locale) || `${kind}-${t.termId || bySlug.size + 1}`
      report.fallback('term_slug_derived')
    }
    const claimed = registries[t.taxonomy].claim(slug)
    if (claimed !== slug) {
      report.warn({ code: 'duplicate_slug', path: '', message: `The ${kind} "${name}" (slug "${t.key}") collides with another after repair; it was given the slug "${claimed}".`, file, line: 0 })
    }
    bySlug.set(t.key, { name, slug: claimed, description: displayText(t.description), raw: t.raw, parentRaw: t.parent })
    if (t.termId > 0) byId.set(t.termId, claimed)
  }
  return out
}

/** The payload slugs of an item's terms in one taxonomy, in the item's order, each once. */
export function termSlugs(item: WxrItem, taxonomy: Taxonomy, taxonomies: Taxonomies, decode: (raw: string) => string): string[] {
  const slugs = new Set<string>()
  for (const t of item.terms) {
    if (t.domain !== taxonomy) continue
    const slug = taxonomies[taxonomy].bySlug.get(decode(t.nicename))?.slug
    if (slug) slugs.add(slug)
  }
  return [...slugs]
}

/** Category slugs from the root down, as the export wrote them, for `/category/parent/child/` archive URLs. */
export function categoryChain(t: TermOut, bySlug: ReadonlyMap<string, TermOut>): string[] {
  const chain = [t.raw]
  const seen = new Set([t.raw])
  let parent = t.parentRaw
  while (parent && !seen.has(parent) && chain.length < LIMITS.maxPageDepth) {
    seen.add(parent)
    chain.unshift(parent)
    parent = bySlug.get(decodeWpSlug(parent))?.parentRaw ?? ''
  }
  return chain
}

/**
 * Terms items name without a nicename, as WordPress 2.x exported them (`<category>Name</category>`, and
 * `<category domain="tag">Name</category>`), given the taxonomy and slug WordPress had for them: a plain name is the
 * declared category of that name, else the declared tag (WordPress 2.3 printed tags among an item's RSS categories),
 * else a new category; a `tag` one the declared tag, else a new tag. A new term's slug is derived from its name, as
 * WordPress made it, and counted as a fallback. Twins with a nicename are dropped by the reader before this.
 * @example
 * const named = new NamedTerms(); named.declare({ taxonomy: 'category', slug: 'life', name: 'Life &amp; Stuff', … })
 * named.resolve([{ domain: '', nicename: '', name: 'Life & Stuff' }], report) // [{ domain: 'category', nicename: 'life', name: 'Life & Stuff' }]
 */
export class NamedTerms {
  readonly #declared = { category: new Map<string, string>(), post_tag: new Map<string, string>() }
  readonly #resolved = new Map<WxrItemTerm, WxrItemTerm>()
  readonly #derived = new Set<string>()

  /** Notes a declared term's slug by its name (the first of a name wins, as WordPress's `term_exists` found it). */
  declare(term: Pick<WxrTerm, 'taxonomy' | 'slug' | 'name'>): void {
    if (term.taxonomy !== 'category' && term.taxonomy !== 'post_tag') return
    const key = nameKey(term.name)
    if (key && term.slug && !this.#declared[term.taxonomy].has(key)) this.#declared[term.taxonomy].set(key, term.slug)
  }

  /**
   * An item's terms with every category or tag that had no nicename given one (the same list when none lacks it), a
   * new one's slug made by the rules of `locale`, the WordPress locale.
   */
  resolve(terms: WxrItemTerm[], report: ReportBuilder, locale = ''): WxrItemTerm[] {
    if (!terms.some(lacksNicename)) return terms
    return terms.map((t) => (lacksNicename(t) ? this.#resolve(t, report, locale) : t))
  }

  #resolve(t: WxrItemTerm, report: ReportBuilder, locale: string): WxrItemTerm {
    let out = this.#resolved.get(t)
    if (out) return out
    const key = nameKey(t.name)
    const { category, post_tag: tag } = this.#declared
    const taxonomy: Taxonomy = t.domain === 'post_tag' || (t.domain === '' && !category.has(key) && tag.has(key)) ? 'post_tag' : 'category'
    let slug = this.#declared[taxonomy].get(key)
    if (slug === undefined) {
      slug = slugFromTitle(t.name, locale)
      if (!this.#derived.has(`${taxonomy}/${slug}`)) report.fallback('term_slug_derived')
      this.#derived.add(`${taxonomy}/${slug}`)
    }
    out = Object.freeze({ domain: taxonomy, nicename: slug, name: t.name })
    this.#resolved.set(t, out)
    return out
  }
}

const lacksNicename = (t: WxrItemTerm): boolean => t.nicename === '' && (t.domain === '' || t.domain === 'category' || t.domain === 'post_tag')

/** A term's name as names are matched: its text, in lower case. */
const nameKey = (name: string): string => htmlToText(name).toLowerCase()
