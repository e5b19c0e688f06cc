import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { opensWithLevelOneHeading } from '../../../importers/markdown/presets/jekyll.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'
import { growthAsync } from './_growth.js'

// Whether a page jekyll-titles-from-headings titles opens with a level-1 heading was asked of
// /^\s*(?:#[ \t]|[^\n]*\r?\n=+[ \t]*(?:\r?\n|$))/, which read the rest of the line again from each blank the body
// opens with: a page of 100,000 spaces took 3.9 s (found by the s10 hunt). Eight times the blanks may take at most
// 32 times as long (64 when quadratic).

const OLD = /^\s*(?:#[ \t]|[^\n]*\r?\n=+[ \t]*(?:\r?\n|$))/
const site = tempSites('jekyll-heading-titles-')
const jekyll = (body: string) => ({ '_config.yml': 'title: S\nplugins: [jekyll-titles-from-headings]\n', 'about.md': `---\nlayout: page\n---\n${body}` })

describe('a page of blanks imports in time linear in them', () => {
  test.each([
    ['spaces and no line end', (n: number) => `${' '.repeat(n)}x`],
    ['tabs, then a line of text', (n: number) => `${'\t'.repeat(n)}x\ny\n`],
  ])('%s', async (name, body) => {
    let i = 0
    const ratio = await growthAsync(async (n) => importMarkdown(await site(`${name.length}-${n}-${i++}`, jekyll(body(n))), { generatedAt: '2026-11-01T00:00:00Z' }), 10_000)
    expect(ratio).toBeLessThan(32)
  }, 120_000)
})

test.each([
  '# Title\n',
  '#Title\n',
  '\n\n# Title',
  '  # Title',
  'Title\n===\n',
  'Title\n=== \nx',
  'Title\r\n===',
  'Title\n==x',
  'Title\n---\n',
  '\n\nTitle\n=====\n\ntext',
  '   \n===\n',
  '\n===\n',
  '===\n',
  '\t\n\t\n===',
  ' \n \nTitle\n=\n',
  'Title\n\n===\n',
  '',
  '   ',
  '## Two\n',
  'x\ny\n===\n',
  '\u2028Title\n===',
  '\u2028\n===',
  '\n\u2028===',
])('%j opens with a level-1 heading as the old pattern said', (body) => {
  expect(opensWithLevelOneHeading(body)).toBe(OLD.test(body))
})
