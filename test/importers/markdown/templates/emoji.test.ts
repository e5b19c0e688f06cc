import { describe, expect, it } from 'vitest'
import { emojified, hasShortcode } from '../../../../importers/markdown/templates/_emoji.js'
import { outsideProtected } from '../../../../importers/markdown/templates/_protected.js'

describe('emoji shortcodes (markdown-it-emoji, pymdownx.emoji)', () => {
  // A colon followed by a long run of name characters once made the old pattern try every split of the run (160,000
  // characters took 13.8 s). The scan must grow with the text, not its square: ×4 and ×16 the text may cost about ×4 and
  // ×16 the time, far from ×16 and ×256. Best of three runs each, measured one after the other; a ratio, not a wall-clock limit.
  it.each([
    ['a colon and a long name', (n: number) => `:${'a'.repeat(n)}`],
    ['many colons and names', (n: number) => ':a'.repeat(n / 2)],
    ['a long name between colons', (n: number) => `:${'a'.repeat(n)}:`],
    ['unclosed link targets', (n: number) => '](a'.repeat(n / 3)],
    ['unclosed images', (n: number) => '![a'.repeat(n / 3)],
    ['unclosed tags', (n: number) => '<a b'.repeat(n / 4)],
    ['addresses run together', (n: number) => 'http://'.repeat(n / 7)],
  ])('stays linear on %s', (_name, text) => {
    const best = (input: string) => Math.min(...[0, 1, 2].map(() => {
      const started = performance.now()
      emojified(input)
      hasShortcode(input)
      outsideProtected(input, emojified)
      return performance.now() - started
    }))
    const n = 4_000
    best(text(n))
    const [x1, x4, x16] = [1, 4, 16].map((k) => Math.max(best(text(n * k)), 0.05))
    expect(x4 / x1).toBeLessThan(16)
    expect(x16 / x1).toBeLessThan(64)
  })
})

describe('which shortcodes are found (markdown-it-emoji: a known name between colons, wherever it stands)', () => {
  it.each([
    ['adjacent codes', ':tada::rocket:', '🎉🚀'],
    ['a code after a word', 'word:tada:', 'word🎉'],
    ['names with + and - and digits', ':+1: :-1: :100:', '👍 👎 💯'],
    ['a colon that opens no known name closes the next one', ':nope:tada:', ':nope🎉'],
    ['a time', 'At 10:30:00', 'At 10:30:00'],
    ['an unknown name', ':not_an_emoji_name:', ':not_an_emoji_name:'],
    ['a name longer than any known one', `:${'a'.repeat(100)}:`, `:${'a'.repeat(100)}:`],
    ['upper case is not a name', ':TADA:', ':TADA:'],
  ])('%s', (_name, text, expected) => {
    expect(emojified(text)).toBe(expected)
    expect(hasShortcode(text)).toBe(text !== expected)
  })
})
