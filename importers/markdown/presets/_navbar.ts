import { arrayItems, entries, objectLiteral, stringLiteral } from './_jstext.js'
import type { ConfigMenuItem } from './types.js'

/** How deep a navbar's dropdowns are followed (themes show two levels; a hostile configuration may nest more). */
const MAX_DEPTH = 4

/** Which keys of a navbar item hold its label, its link and its sub-items, in the generator's own terms. */
export interface NavbarKeys {
  title: readonly string[]
  url: readonly string[]
  children: readonly string[]
  /** The link of an item whose link the generator computes (Docusaurus's `type: 'doc'`), from its fields. */
  computed?: (fields: Map<string, string>) => string | undefined
}

/**
 * A navbar written as an array literal of objects (VuePress and VitePress `nav`/`navbar`, Docusaurus
 * `navbar.items`), as menu items: each object with a label and a link (or sub-items, the dropdown then leading to
 * its first sub-item's link), in the order written; strings, spreads and items without a label or a link are left
 * out. URLs are as the old site wrote them: the import maps them to the new site's.
 */
export function navbarItems(raw: string | undefined, keys: NavbarKeys, depth = 0): ConfigMenuItem[] {
  if (depth >= MAX_DEPTH) return []
  const out: ConfigMenuItem[] = []
  for (const item of arrayItems(raw) ?? []) {
    const inner = objectLiteral(item)
    if (inner === undefined) continue
    const fields = entries(inner)
    const title = keys.title.map((k) => stringLiteral(fields.get(k))).find((v) => v !== undefined && v.trim() !== '')
    const childKey = keys.children.find((k) => fields.has(k))
    const children = childKey ? navbarItems(fields.get(childKey), keys, depth + 1) : []
    const url = keys.url.map((k) => stringLiteral(fields.get(k))).find((v) => v !== undefined && v.trim() !== '') ?? keys.computed?.(fields) ?? children[0]?.url
    if (title === undefined || url === undefined) continue
    out.push({ title, url, children })
  }
  return out
}
