import { LIMITS, MAP_ID_PATTERN } from '../../contract/constants.js'
import type { MenuItem } from '../../contract/types.js'
import { PreviewDataError } from '../../validate/issue.js'
import { suggestMapId } from '../../validate/primitives/index.js'
import { checkFragment } from '../fragment.js'
import type { MenuInput, MenuItemFields } from '../inputs.js'
import { ArgumentCheck } from './_check.js'

const ITEM_KEYS = ['title', 'url', 'post', 'page', 'category', 'tag', 'target', 'children', 'meta'] as const
const REFERENCE_KEYS = ['url', 'post', 'page', 'category', 'tag'] as const

const CALLS: Record<string, string> = { menu: '.menu("primary", { name, items })', 'widget area': '.widgetArea("sidebar", { name, items })', collection: '.collection("featured", { items })' }

/** Map ids (menus, widget areas, collections) follow `^[a-z][a-z0-9_-]{0,63}$`; checked at the call. */
export function checkMapId(kind: string, id: unknown): string {
  // The id left out (`.menu({ name, items })`): the object arrives as the id.
  if (typeof id !== 'string') {
    const got = id === null ? 'null' : Array.isArray(id) ? 'an array' : typeof id
    throw new PreviewDataError('invalid_argument', `${kind} id must be a string, the first argument, not ${got}: call ${CALLS[kind] ?? kind} with the id first.`)
  }
  if (!MAP_ID_PATTERN.test(id)) {
    throw new PreviewDataError('invalid_map_id', `${kind} id ${JSON.stringify(id)} is not allowed: use 1-64 characters, a lowercase letter first, then lowercase letters, digits, "_" or "-" (for example ${JSON.stringify(suggestMapId(String(id), kind))}).`)
  }
  return id
}

/**
 * Checks a menu argument at the call: each item has exactly one of url/post/page/category/tag, a title unless it
 * names an entity, and otherwise the contract's shape. References are resolved at build.
 */
export function checkMenu(id: string, input: MenuInput): void {
  const entity = `menu "${id}"`
  const check = ArgumentCheck.of(entity, input).onlyKeys(['name', 'items'])
  if (!Array.isArray(input.items)) check.fail('invalid_type', ['items'], 'items must be an array of menu items.')
  const probeItems = input.items.map((item, i) => probeItem(entity, item, ['items', i], 0))
  checkFragment({ menus: { [id]: { name: input.name, items: probeItems } } }, `/menus/${id}`, entity)
}

function probeItem(entity: string, item: MenuItemFields, path: (string | number)[], depth: number): MenuItem {
  const check = ArgumentCheck.of(entity, item, path).onlyKeys(ITEM_KEYS)
  const refs = REFERENCE_KEYS.filter((k) => item[k] !== undefined)
  if (refs.length !== 1) check.fail(refs.length === 0 ? 'missing_property' : 'invalid_argument', [], `give exactly one of ${REFERENCE_KEYS.join(', ')}${refs.length > 1 ? ` (got ${refs.join(' and ')})` : ''}.`)
  if (refs[0] !== 'url') check.string(refs[0])
  if (refs[0] === 'url' && item.title === undefined) check.fail('missing_property', ['title'], 'title is required for a url item (items that name a post, page, category or tag default to its title).')
  if (depth >= LIMITS.menuItemDepth) check.fail('invalid_argument', [], `menu items nest deeper than ${LIMITS.menuItemDepth} levels, the deepest this SDK checks: flatten the menu.`)
  const children = item.children === undefined ? [] : item.children
  if (!Array.isArray(children)) check.fail('invalid_type', ['children'], 'children must be an array of menu items.')
  const probe: MenuItem = { title: item.title ?? 'title', url: refs[0] === 'url' ? item.url! : '/', target: item.target ?? '_self', children: children.map((c, i) => probeItem(entity, c, [...path, 'children', i], depth + 1)) }
  if (item.meta !== undefined) probe.meta = item.meta
  return probe
}
