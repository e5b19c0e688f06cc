import { htmlToText } from './content/html.js'
import { LIMITS } from './limits.js'
import type { WxrItem, WxrTerm } from './read/wxr.js'
import { compareCodeUnits } from './redirects.js'
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
 * which term keeps a contested slug never depends on file order.
 */
export function planTerms(declared: readonly WxrTerm[], posts: readonly WxrItem[], report: ReportBuilder, file: string): Taxonomies {
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
    const name = htmlToText(t.name) || t.key || `${kind === 'category' ? 'Category' : 'Tag'} ${t.termId}`
    let slug = repairSlug(t.key)
    if (!slug) {
      slug = slugFromTitle(name) || `${kind}-${t.termId || bySlug.size + 1}`
      report.fallback('term_slug_derived')
    }
    const claimed = registries[t.taxonomy].claim(slug)
    if (claimed !== slug) {
      report.warn({ code: 'duplicate_slug', path: '', message: `The ${kind} "${name}" (slug "${t.key}") collides with another after repair; it was given the slug "${claimed}".`, file, line: 0 })
    }
    bySlug.set(t.key, { name, slug: claimed, description: htmlToText(t.description), raw: t.raw, parentRaw: t.parent })
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
