import { displayText } from './display-text.js'
import type { WxrTerm } from './read/wxr.js'
import { trimTrailing } from '../../src/trim.js'

/** A target on the old site: its URL, and the title WordPress showed for a menu item without one of its own. */
export interface OldSiteTarget {
  url: string
  title?: string
}

/**
 * Where the old site served what a menu item points at when the payload does not hold it: an item of a post type
 * that is not imported (a product), a term of another taxonomy (a product category), another type's archive (the
 * shop). The menu item keeps leading there, on the old site, instead of being dropped.
 */
export interface OldSiteTargets {
  /** The `<link>` and title of a published item of a type that is not imported. */
  item(wpId: number): OldSiteTarget | undefined
  /** A post type's archive (its title is the type's label, which an export does not record). */
  archive(postType: string): OldSiteTarget
  /** A term's archive and name, when the export declares the term. */
  term(taxonomy: string, termId: number): OldSiteTarget | undefined
}

// Plugins register these with fixed rewrite slugs that an export does not record: WooCommerce's shop page and its
// product category and tag bases (Settings → Permalinks), Jetpack's portfolio and testimonial types (Custom content
// types). `hierarchical`: WooCommerce puts a product category's parents in its archive URL.
const ARCHIVES: Readonly<Record<string, string>> = { product: 'shop', 'jetpack-portfolio': 'portfolio', 'jetpack-testimonial': 'testimonial' }
const TERM_BASES: Readonly<Record<string, { base: string; hierarchical?: true }>> = {
  product_cat: { base: 'product-category', hierarchical: true },
  product_tag: { base: 'product-tag' },
  'jetpack-portfolio-type': { base: 'project-type' },
  'jetpack-portfolio-tag': { base: 'project-tag' },
}

/**
 * Old-site URLs from the export: `home` is the channel's `<link>`, `links` the links and titles of published items of
 * types that are not imported, by id and with their type. A type or taxonomy no table knows gets the query form WordPress answers
 * under any permalink structure (`/?post_type=book`, `/?genre=fiction`: a type's archive is where its items' links
 * show it, when they do; a taxonomy's query variable is its name unless the plugin chose another).
 * @example
 * oldSiteTargets('https://shop.test', new Map(), [{ taxonomy: 'product_cat', termId: 4, slug: 'mugs', … }]).term('product_cat', 4)
 * // { url: 'https://shop.test/product-category/mugs/', title: 'Mugs' }
 */
export function oldSiteTargets(home: string, links: ReadonlyMap<number, { type: string; link: string; title: string }>, terms: readonly WxrTerm[]): OldSiteTargets {
  const root = trimTrailing(home, '/')
  const byId = new Map(terms.map((t) => [`${t.taxonomy}/${t.termId}`, t]))
  const bySlug = new Map(terms.map((t) => [`${t.taxonomy}/${t.slug}`, t]))
  const archiveFromLinks = (postType: string): string | undefined => {
    for (const { type, link } of links.values()) {
      if (type !== postType) continue
      const m = /^(https?:\/\/[^/?#]+)((?:\/[^/?#]+)+)\/[^/?#]+\/?$/i.exec(link)
      return m ? `${m[1]}${m[2]}/` : undefined
    }
    return undefined
  }
  return {
    item: (wpId) => {
      const found = links.get(wpId)
      return found && withTitle(found.link, displayText(found.title))
    },
    archive: (postType) => ({ url: ARCHIVES[postType] ? `${root}/${ARCHIVES[postType]}/` : archiveFromLinks(postType) ?? `${root}/?post_type=${encodeURIComponent(postType)}` }),
    term: (taxonomy, termId) => {
      const term = byId.get(`${taxonomy}/${termId}`)
      if (!term) return undefined
      const known = TERM_BASES[taxonomy]
      const name = displayText(term.name)
      if (!known) return withTitle(`${root}/?${encodeURIComponent(taxonomy)}=${term.slug}`, name)
      const path = [term.slug]
      // Parents by slug, as WXR names them; a cycle or a missing parent ends the chain.
      for (let t = term, seen = new Set([term]); known.hierarchical && t.parent; ) {
        const parent = bySlug.get(`${taxonomy}/${t.parent}`)
        if (!parent || seen.has(parent)) break
        seen.add(parent)
        path.unshift(parent.slug)
        t = parent
      }
      return withTitle(`${root}/${known.base}/${path.join('/')}/`, name)
    },
  }
}

function withTitle(url: string, title: string): OldSiteTarget {
  return title.trim() ? { url, title } : { url }
}
