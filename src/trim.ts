/**
 * Runs of given characters cut from the ends of a text, in time linear in the text.
 *
 * `text.replace(/\/+$/, '')` is not: the engine tries a match at every position of a run that is not at the end,
 * each reading the rest of the run, so a value with a long run inside (`a//////…//b`, from a config file, a link or a
 * menu name) takes time in the square of the run (40,000 slashes: seconds). These read each character once.
 */

/**
 * `text` without the run of `chars` at its end: what `text.replace(/[chars]+$/, '')` gives.
 * @example
 * trimTrailing('/docs///', '/') // '/docs'
 */
export function trimTrailing(text: string, chars: string): string {
  let end = text.length
  while (end > 0 && chars.includes(text[end - 1])) end--
  return end === text.length ? text : text.slice(0, end)
}

/**
 * `text` without the run of `chars` at its start: what `text.replace(/^[chars]+/, '')` gives.
 * @example
 * trimLeading('//docs/', '/') // 'docs/'
 */
export function trimLeading(text: string, chars: string): string {
  let start = 0
  while (start < text.length && chars.includes(text[start])) start++
  return start === 0 ? text : text.slice(start)
}

/**
 * `text` without the runs of `chars` at both ends: what `text.replace(/^[chars]+|[chars]+$/g, '')` gives.
 * @example
 * trimBoth('/docs/intro/', '/') // 'docs/intro'
 */
export function trimBoth(text: string, chars: string): string {
  return trimLeading(trimTrailing(text, chars), chars)
}
