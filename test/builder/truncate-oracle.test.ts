import fc from 'fast-check'
import { expect, test } from 'vitest'
import { truncateOnWord } from '../../src/builder/excerpt.js'

// The cut used to walk every grapheme and word segment of the excerpt from its start; it now asks the segmenters
// only about the segments at the cut (`containing()`). This is the walking version, kept as the oracle: both must
// give the same excerpt for any text, including the scripts and clusters where a segmenter's lookup could differ
// from its walk (dictionary word breaks in Chinese and Thai, flags, ZWJ emoji, combining marks, Hangul jamo).
const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' })
const graphemeSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' })

function walkingTruncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text
  if (Array.from(text).length <= maxLength) return text
  const head = walkingGraphemes(text, maxLength - 1)
  const space = head.lastIndexOf(' ')
  if (space >= head.length * 0.6) return `${head.slice(0, space).replace(/[\s\p{P}]+$/u, '')}…`
  let end = 0
  for (const segment of wordSegmenter.segment(head)) {
    const stop = segment.index + segment.segment.length
    if (stop < head.length || segment.isWordLike === false) end = segment.isWordLike ? stop : segment.index
  }
  const cut = (end > 0 ? head.slice(0, end) : head).replace(/[\s\p{P}]+$/u, '')
  return `${cut}…`
}

function walkingGraphemes(text: string, max: number): string {
  if (!/[^\u0000-\u02ff]/.test(text.slice(0, max + 1))) return text.slice(0, max)
  let head = ''
  let count = 0
  for (const { segment } of graphemeSegmenter.segment(text.slice(0, max * 4 + 8))) {
    const n = Array.from(segment).length
    if (count + n > max) break
    head += segment
    count += n
  }
  return head
}

const pieces = [
  ' ', ' ', ', ', '. ', '—', '!', 'a', 'word', 'Hello', 'é', 'e\u0301', 'a\u0308\u0301', '\u0301', 'Привет', 'мир',
  '中文', '我们', '一个', '旅行', '東京都', 'สวัสดี', 'ภาษาไทย', 'سلام', 'دنیا', 'Γειά', '👍', '👍🏽', '👨‍👩‍👧', '\u200d',
  '🇵🇹', '🇯', '🇵', '\u1100\u1161\u11a8', '한국어', 'क्षि', 'नमस्ते', '\ud800', '\udc00', '\u00a0', '…', '"',
  '。', '，', '？', '！', '、', '\u{10100}', '\u{1F4A9}', '\u{16FE2}', '\t', '\u3000', '?!', ' - ', '(', ')',
]

test('the cut agrees with walking every segment', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 160 }), fc.integer({ min: 0, max: 300 }), (parts, max) => {
      const text = parts.join('')
      expect(truncateOnWord(text, max)).toBe(walkingTruncate(text, max))
    }),
    { numRuns: Number(process.env.FC_RUNS ?? 2000), seed: Number(process.env.FC_SEED ?? 20261126) },
  )
})

test.each([
  ['Chinese without spaces', '我们一起去旅行吧'.repeat(60), 300],
  ['Thai without spaces', 'สวัสดีภาษาไทย'.repeat(40), 120],
  ['flags', '🇵🇹🇯🇵'.repeat(100), 51],
  ['combining marks across the cut', 'e\u0301'.repeat(200), 31],
  ['family emoji', 'ab 👨‍👩‍👧 '.repeat(80), 77],
])('%s', (_name, text, max) => {
  expect(truncateOnWord(text, max)).toBe(walkingTruncate(text, max))
})
