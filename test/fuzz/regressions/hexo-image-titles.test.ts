import { expect, test } from 'vitest'
import { expandTemplates } from '../../../importers/markdown/templates/index.js'
import { makeContext } from '../../importers/markdown/templates/_context.js'
import { growth } from './_growth.js'

// Hexo's `img` and `asset_img` read `"title" "alt"` from their last arguments with blanks matched at both ends of one
// pattern, so a quoted argument holding `"a"`, a long run of blanks and a word took time in the square of the run
// (32,000 blanks: 0.8 s a tag; found by the s9 hunt).
const page = (body: string) => expandTemplates(body, makeContext({ dialects: ['hexo'], file: 'source/_posts/a.md' }))

test.each([
  ['img', (n: number) => page(`{% img /a.png '"a"${' '.repeat(n * 8)}x' %}`)],
  ['asset_img', (n: number) => page(`{% asset_img a.png '"a"${' '.repeat(n * 8)}x' %}`)],
])('%s with a long run of blanks in its title: time linear in the tag', (_, fn) => {
  expect(growth(fn, 1_000)).toBeLessThan(32)
})

test.each([
  [`{% img /a.png '"Title"   "Alt"  ' %}`, 'title="Title" alt="Alt"'],
  [`{% img /a.png '"Only title"' %}`, 'title="Only title" alt="Only title"'],
  ['{% img /a.png words for the title %}', 'title="words for the title" alt="words for the title"'],
])('%s keeps its title and alt text (Hexo: `\'"title" "alt"\'`)', (tag, attributes) => {
  expect(page(tag).body).toContain(attributes)
})
