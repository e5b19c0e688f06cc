import { compareCodeUnits } from '../../src/compare.js'
import type { DataObject, DataValue } from '../../src/index.js'
import { phpUnserialize } from './php-unserialize.js'
import type { PhpValue } from './php-unserialize.js'
import { decodeEntities } from './content/html.js'
import type { WxrItemTerm } from './read/wxr.js'

/** What an item of a custom post type becomes: `--post-type product=page`. */
export type PostTypeTarget = 'post' | 'page'

/** Post types WordPress core exports that are not content, or that the importer handles by themselves. */
export const CORE_TYPES = new Set(['post', 'page', 'attachment', 'nav_menu_item', 'wp_navigation', 'wp_block', 'custom_css'])

/** WooCommerce keeps a variable product's variations as items of their own, which the importer folds into it. */
export const VARIATION_TYPE = 'product_variation'

/**
 * Reads `--post-type` values (`product=page`, `portfolio=post`) into a map; returns the reason when one is wrong.
 * @example
 * parsePostTypes(['product=page']) // { product: 'page' }
 */
export function parsePostTypes(values: readonly string[]): Record<string, PostTypeTarget> | string {
  const out: Record<string, PostTypeTarget> = {}
  for (const value of values) {
    const m = /^([a-z0-9_-]{1,20})=(post|page)$/i.exec(value.trim())
    if (!m) return `--post-type takes <type>=post or <type>=page (a WordPress post type is at most 20 characters of a-z, 0-9, _ and -), not "${value}"`
    if (CORE_TYPES.has(m[1].toLowerCase())) return `--post-type: "${m[1]}" is one of WordPress's own types, which are imported by themselves`
    out[m[1].toLowerCase()] = m[2].toLowerCase() as PostTypeTarget
  }
  return out
}

/** A product variation as it is folded into its product. */
export interface Variation {
  id: number
  parent: number
  title: string
  menuOrder: number
  status: string
  meta: Record<string, string>
}

type Data = DataObject

/**
 * A WooCommerce product's `data`: its type, SKU, prices, stock status, attributes (from `_product_attributes`, with
 * the values of taxonomy attributes from the item's `pa_*` terms), categories and tags, and its published variations
 * (each with its own SKU, prices and attribute values), in WooCommerce's order. Prices are numbers; a value a
 * product does not have is left out. Undefined for an item that is not a product.
 * @example
 * productData({ _price: '15', _sku: 'tee' }, [{ domain: 'product_type', nicename: 'simple', name: 'simple' }], []) // { type: 'simple', sku: 'tee', price: 15 }
 */
export function productData(meta: Readonly<Record<string, string>>, terms: readonly WxrItemTerm[], variations: readonly Variation[]): Data | undefined {
  const type = terms.find((t) => t.domain === 'product_type')?.nicename
  if (type === undefined && meta._price === undefined && meta._sku === undefined && meta._product_attributes === undefined) return undefined
  const attributes = productAttributes(meta._product_attributes, terms)
  const named = (domain: string) => terms.filter((t) => t.domain === domain).map((t) => decodeEntities(t.name) || t.nicename)
  const kept = variations.filter((v) => v.status === 'publish').sort((a, b) => a.menuOrder - b.menuOrder || a.id - b.id)
  return compact({
    type,
    sku: text(meta._sku),
    ...prices(meta),
    stock_status: text(meta._stock_status),
    attributes: attributes.length ? attributes : undefined,
    categories: nonEmpty(named('product_cat')),
    tags: nonEmpty(named('product_tag')),
    variations: kept.length ? kept.slice(0, 256).map((v) => variationData(v, attributes)) : undefined,
  })
}

function variationData(v: Variation, attributes: ReadonlyArray<{ key: string; name: string }>): Data {
  const values: Array<{ name: string; value: string }> = []
  for (const [key, value] of Object.entries(v.meta).sort(([a], [b]) => compareCodeUnits(a, b))) {
    if (!key.startsWith('attribute_')) continue
    const attribute = key.slice('attribute_'.length)
    const name = attributes.find((a) => a.key === attribute)?.name ?? attribute
    // An empty value means "any": the variation applies to every value of that attribute.
    values.push({ name, value: value === '' ? '*' : decodeEntities(value) })
  }
  return compact({ id: v.id, title: decodeEntities(v.title) || undefined, sku: text(v.meta._sku), ...prices(v.meta), stock_status: text(v.meta._stock_status), attributes: values.length ? values : undefined })
}

/** The attributes of `_product_attributes`, in their `position` order, with the values shoppers saw. */
function productAttributes(serialized: string | undefined, terms: readonly WxrItemTerm[]): Array<{ key: string; name: string; values: string[]; variation: boolean }> {
  if (!serialized) return []
  let parsed: PhpValue | undefined
  try {
    parsed = phpUnserialize(serialized)
  } catch {
    return []
  }
  if (parsed === undefined || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return []
  const out: Array<{ key: string; name: string; values: string[]; variation: boolean; position: number }> = []
  for (const [key, raw] of Object.entries(parsed)) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) continue
    const taxonomy = Number(raw.is_taxonomy) === 1
    const name = String(raw.name ?? key)
    const values = taxonomy
      ? terms.filter((t) => t.domain === name).map((t) => decodeEntities(t.name) || t.nicename)
      : String(raw.value ?? '').split('|').map((s) => decodeEntities(s.trim())).filter(Boolean)
    out.push({ key, name: taxonomy ? attributeLabel(name) : decodeEntities(name), values: values.slice(0, 256), variation: Number(raw.is_variation) === 1, position: Number(raw.position) || 0 })
  }
  return out.sort((a, b) => a.position - b.position).slice(0, 64).map(({ key, name, values, variation }) => ({ key, name, values, variation }))
}

/** `pa_color` → `Color`: WooCommerce's global attributes are taxonomies named after them. */
function attributeLabel(taxonomy: string): string {
  const bare = taxonomy.replace(/^pa_/, '').replace(/[-_]+/g, ' ')
  return bare.charAt(0).toUpperCase() + bare.slice(1)
}

function prices(meta: Readonly<Record<string, string>>): Record<string, number | undefined> {
  return { price: money(meta._price), regular_price: money(meta._regular_price), sale_price: money(meta._sale_price) }
}

function money(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return undefined
  const n = Number(value)
  return Number.isFinite(n) ? n : undefined
}

function text(value: string | undefined): string | undefined {
  const t = decodeEntities(value ?? '').trim()
  return t === '' ? undefined : t
}

function nonEmpty(list: string[]): string[] | undefined {
  return list.length ? list.slice(0, 256) : undefined
}

function compact(value: Record<string, DataValue | undefined>): Data {
  const out: Data = {}
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v
  return out
}
