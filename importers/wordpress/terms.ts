import { htmlToText } from './content/html.js'
import { displayText } from './display-text.js'
import { LIMITS } from './limits.js'
import type { WxrItem, WxrItemTerm, WxrTerm } from './read/wxr.js'
import { compareCodeUnits } from '../../src/compare.js'
import type { ReportBuilder } from './report.js'
import { decodeWpSlug, repairSlug, slugFromTitle, SlugRegistry, withSuffix } from './slugs.js'

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
 *
 * Items are read before the export is: its `<language>` (whose rules a slug is made by) and its declared terms may
 * come after them in a hand-edited export or another exporter's. So each item's terms are only noted as it is read
 * (`note`), resolved together once the export is read (`settle`), and then given to each item (`resolve`).
 * @example
 * const named = new NamedTerms(); named.note(item.terms)
 * named.settle([{ taxonomy: 'category', slug: 'life', name: 'Life &amp; Stuff', … }], report, '')
 * named.resolve([{ domain: '', nicename: '', name: 'Life & Stuff' }]) // [{ domain: 'category', nicename: 'life', name: 'Life & Stuff' }]
 */
export class NamedTerms {
  // The reader shares one object per distinct reference (up to a bound), so this holds each distinct term about once.
  readonly #pending = new Set<WxrItemTerm>()
  readonly #resolved = new Map<WxrItemTerm, WxrItemTerm>()

  /** Notes the terms of an item that lack a nicename; whether it has any (its terms are to be resolved then). */
  note(terms: readonly WxrItemTerm[]): boolean {
    let any = false
    for (const t of terms) {
      if (!lacksNicename(t)) continue
      this.#pending.add(t)
      any = true
    }
    return any
  }

  /**
   * Resolves every noted term against the declared ones (the first declared term of a name wins, as WordPress's
   * `term_exists` found it), a new one's slug made by the rules of `locale`, the WordPress locale.
   */
  settle(declared: readonly Pick<WxrTerm, 'taxonomy' | 'slug' | 'name'>[], report: ReportBuilder, locale = ''): void {
    const byName = { category: new Map<string, string>(), post_tag: new Map<string, string>() }
    for (const term of declared) {
      if (term.taxonomy !== 'category' && term.taxonomy !== 'post_tag') continue
      const key = nameKey(term.name)
      if (key && term.slug && !byName[term.taxonomy].has(key)) byName[term.taxonomy].set(key, term.slug)
    }
    const derived = new Set<string>()
    for (const t of this.#pending) {
      const key = nameKey(t.name)
      const taxonomy: Taxonomy = t.domain === 'post_tag' || (t.domain === '' && !byName.category.has(key) && byName.post_tag.has(key)) ? 'post_tag' : 'category'
      let slug = byName[taxonomy].get(key)
      if (slug === undefined) {
        slug = slugFromTitle(t.name, locale)
        if (!derived.has(`${taxonomy}/${slug}`)) report.fallback('term_slug_derived')
        derived.add(`${taxonomy}/${slug}`)
      }
      this.#resolved.set(t, Object.freeze({ domain: taxonomy, nicename: slug, name: t.name }))
    }
    this.#pending.clear()
  }

  /** An item's terms with every category or tag that had no nicename given one (the same list when none lacks it). */
  resolve(terms: WxrItemTerm[]): WxrItemTerm[] {
    if (!terms.some(lacksNicename)) return terms
    return terms.map((t) => this.#resolved.get(t) ?? t)
  }
}

/**
 * Gives a declared category or tag without a slug the one WordPress's importer gave it. The importer inserts the
 * declared terms in the export's order, every category before every tag (process_categories, then process_tags), and
 * leaves a term alone when its slug is already in its taxonomy (`term_exists`): a slugless term listed before the
 * declared term whose slug it derives takes that slug, and the two are one term. A slugless term is inserted by its
 * name (wp_insert_category, wp_insert_term), which takes a term of the same name at the same level already inserted,
 * and otherwise makes the slug from the name (`sanitize_title`, by the rules of `locale`) and makes it unique
 * (`uniqueTermSlug`). Counts each slug made as a fallback. A term without a name keeps no slug: WordPress refused it
 * (`empty_term_name`), and `planTerms` names it.
 */
export function fillDeclaredSlugs(declared: readonly WxrTerm[], report: ReportBuilder, locale = ''): void {
  if (!declared.some((t) => isTaxonomy(t.taxonomy) && t.slug.trim() === '' && nameKey(t.name))) return
  const inserted: Inserted = { all: new Set(), own: { category: new Map(), post_tag: new Map() }, byName: new Map(), next: new Map() }
  for (const taxonomy of ['category', 'post_tag'] as const) {
    for (const t of declared) {
      if (t.taxonomy !== taxonomy || (t.slug.trim() === '' && !nameKey(t.name))) continue
      if (t.slug.trim() === '') {
        const existing = inserted.byName.get(nameAt(taxonomy, t))
        if (existing !== undefined) {
          t.slug = existing
          continue
        }
        t.slug = uniqueTermSlug(slugFromTitle(t.name, locale) || String(t.termId), taxonomy, taxonomy === 'category' ? t.parent : '', inserted)
        report.fallback('term_slug_derived')
      }
      insertTerm(inserted, taxonomy, t)
    }
  }
}

/**
 * The terms WordPress's importer has inserted so far: every slug, whatever its taxonomy (`wp_terms`); each taxonomy's
 * slugs with their parent's; the slug of each name at its level; where each base's numbers went on.
 */
type Inserted = { all: Set<string>; own: Record<Taxonomy, Map<string, string>>; byName: Map<string, string>; next: Map<string, number> }

/** Records a term as inserted, unless its slug is in its taxonomy already: the importer left it alone then. */
function insertTerm(inserted: Inserted, taxonomy: Taxonomy, t: WxrTerm): void {
  const key = slugKey(t.slug)
  if (inserted.own[taxonomy].has(key)) return
  inserted.all.add(key)
  inserted.own[taxonomy].set(key, t.parent)
  if (!inserted.byName.has(nameAt(taxonomy, t))) inserted.byName.set(nameAt(taxonomy, t), t.slug)
}

/**
 * wp_unique_term_slug (wp-includes/taxonomy.php, 6.1): a slug free in its taxonomy is kept (terms of two taxonomies
 * share slugs since 4.1); a taken one gets its parents' slugs appended, nearest first, until one is free among all
 * terms; then `-2`, `-3`… until free among all terms (`SELECT slug FROM wp_terms`), so a tag `apple` whose next
 * number a category has is `apple-3`. `next` remembers where each base's numbers went on, so many terms of one slug
 * never count from 2 again.
 */
function uniqueTermSlug(slug: string, taxonomy: Taxonomy, parent: string, inserted: Inserted): string {
  const { all, own, next } = inserted
  if (!own[taxonomy].has(slugKey(slug))) return slug
  let suffix = ''
  const seen = new Set<string>()
  for (let p = parent; p && !seen.has(slugKey(p)) && seen.size < LIMITS.maxPageDepth; p = own[taxonomy].get(slugKey(p)) ?? '') {
    seen.add(slugKey(p))
    suffix += `-${decodeWpSlug(p)}`
    if (!all.has(slugKey(slug + suffix))) break
  }
  const base = slug + suffix
  if (!all.has(slugKey(base))) return base
  let n = next.get(slugKey(base)) ?? 2
  while (all.has(slugKey(withSuffix(base, n)))) n++
  next.set(slugKey(base), n + 1)
  return withSuffix(base, n)
}

const isTaxonomy = (taxonomy: string): taxonomy is Taxonomy => taxonomy === 'category' || taxonomy === 'post_tag'

/** A term's name where wp_insert_term looks for its twin: in its taxonomy, below its parent. */
const nameAt = (taxonomy: Taxonomy, t: WxrTerm): string => `${taxonomy}\u0000${t.parent}\u0000${nameKey(t.name)}`

/** A slug as slugs are compared: decoded and in lower case (WordPress's tables compare them without case). */
const slugKey = (slug: string): string => decodeWpSlug(slug).toLowerCase()

const lacksNicename = (t: WxrItemTerm): boolean => t.nicename === '' && (t.domain === '' || t.domain === 'category' || t.domain === 'post_tag')

/** A term's name as names are matched: its text, in lower case. */
const nameKey = (name: string): string => htmlToText(name).toLowerCase()
