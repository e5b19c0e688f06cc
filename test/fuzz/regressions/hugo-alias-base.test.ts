import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { urlFolder } from '../../../importers/markdown/presets/hugo.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'
import { growthAsync } from './_growth.js'

// A Hugo page's relative aliases start from its URL's folder, which was cut with /[^/]+\/$/ (or /[^/]*$/): each long
// segment before the last was read again from each of its characters, so a `url` with a segment of 100,000 letters
// and one relative alias took 3.6 s (found by the s10 hunt's sweep of the presets' expressions). Eight times the
// segment may take at most 32 times as long (64 when quadratic).

const site = tempSites('hugo-alias-base-')
const hugo = (n: number) => ({ 'hugo.toml': 'baseURL = "https://s.example/"\ntitle = "S"\n', 'content/a.md': `---\ntitle: A\nurl: /${'a'.repeat(n)}/b/\naliases: [old]\n---\nx\n` })

describe('a page URL with a long segment imports in time linear in it', () => {
  test('a relative alias of a URL whose first segment is long', async () => {
    let i = 0
    expect(await growthAsync(async (n) => importMarkdown(await site(`s-${n}-${i++}`, hugo(n)), { generatedAt: '2026-11-01T00:00:00Z' }), 10_000)).toBeLessThan(32)
  }, 120_000)
})

test.each(['/2024/hi/', '/2024/03/hi/', '/a/b.html', '/', '', 'a/', 'abc', '/a/', '/a//', '/x/y/z'])('the folder of %j is what the expressions gave', (url) => {
  const old = url.endsWith('/') ? url.replace(/[^/]+\/$/, '') : url.replace(/[^/]*$/, '')
  expect(urlFolder(url)).toBe(old)
})
