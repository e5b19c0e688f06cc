import type { MediaEntry } from '../../contract/types.js'
import { ArgumentCheck } from './_check.js'

const MEDIA_KEYS = ['src', 'width', 'height', 'alt'] as const

/**
 * Checks a media entry argument: a media URL `src` and positive integer dimensions.
 * @example
 * toMedia({ src: '/media/a.jpg', width: 1200, height: 800 })
 */
export function toMedia(input: MediaEntry): MediaEntry {
  const src = typeof (input as { src?: unknown })?.src === 'string' ? input.src : undefined
  const check = ArgumentCheck.of(src === undefined ? 'media entry' : `media "${src}"`, input).onlyKeys(MEDIA_KEYS)
  if (src === undefined) check.fail('missing_property', ['src'], 'src is required.')
  const entry: MediaEntry = { src: check.url('src', 'media')!, width: 0, height: 0 }
  for (const field of ['width', 'height'] as const) {
    const value = check.positiveInteger(field)
    if (value === undefined) check.fail('missing_property', [field], `${field} is required (a positive integer, in pixels).`)
    entry[field] = value!
  }
  const alt = check.string('alt')
  if (alt !== undefined) entry.alt = alt
  return entry
}

/** Media entries sort by `src`. */
export function compareMedia(a: MediaEntry, b: MediaEntry): number {
  return a.src < b.src ? -1 : a.src > b.src ? 1 : 0
}
