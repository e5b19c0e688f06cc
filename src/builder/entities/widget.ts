import { checkFragment } from '../fragment.js'
import type { WidgetAreaInput } from '../inputs.js'

/** Checks a widget area argument at the call against the contract's shape (`settings` stays open). */
export function checkWidgetArea(id: string, input: WidgetAreaInput): void {
  checkFragment({ widgets: { [id]: input } }, `/widgets/${id}`, `widget area "${id}"`)
}
