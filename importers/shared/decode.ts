/**
 * `text` with its percent-escapes decoded, or `text` as it is when they do not decode (`%E0%A4` cut short, `100%`):
 * a URL or path from the input is read as its author meant it where it can be, never refused for it.
 * @example
 * decodeOrKeep('caf%C3%A9') // 'café'
 * decodeOrKeep('100%') // '100%'
 */
export function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
