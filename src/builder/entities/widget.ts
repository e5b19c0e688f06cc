import { sortKeysDeep } from '../../canonicalize.js'
import { pointer, PreviewDataError } from '../../validate/issue.js'
import { checkFragment } from '../fragment.js'
import type { WidgetAreaInput } from '../inputs.js'

/**
 * Checks a widget area argument at the call against the contract's shape. `settings` stays open to the widget type,
 * but must be JSON: a `Date`, a function or `Infinity` there is refused here, at its pointer, not by `build()`.
 */
export function checkWidgetArea(id: string, input: WidgetAreaInput): void {
  checkFragment({ widgets: { [id]: input } }, `/widgets/${id}`, `widget area "${id}"`)
  input.items.forEach((item, i) => {
    if (item.settings === undefined) return
    try {
      // The key-order walk refuses, with a pointer, exactly what JSON cannot hold as it is.
      sortKeysDeep(item.settings)
    } catch (error) {
      if (!(error instanceof PreviewDataError)) throw error
      const path = pointer('items', i, 'settings') + error.path
      throw new PreviewDataError(error.code, `widget area "${id}": ${error.message.replace(/^The value at \S+/, `items[${i}].settings${error.path.replaceAll('/', '.')}`)}`, path)
    }
  })
}
