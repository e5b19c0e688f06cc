import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'

const fixtures = fileURLToPath(new URL('../../fixtures/markdown/', import.meta.url))

// The fixture suite pins codes and lines; these pin what the messages must say so the reader can act on them.
test('a duplicate slug or page path names both files and the new name', async () => {
  const { diagnostics } = await importMarkdown(`${fixtures}duplicates/input`)
  const messages = diagnostics.filter((d) => d.code === 'duplicate_slug' || d.code === 'duplicate_path').map((d) => `${d.file}: ${d.message}`)
  expect(messages).toEqual([
    expect.stringMatching(/^pages\/docs\/index\.md: .*"docs" is already used by pages\/docs\.md; .*"docs-2"/),
    expect.stringMatching(/^posts\/b\/hello\.md: .*"hello" is already used by posts\/a\/hello\.md; .*"hello-2"/),
    expect.stringMatching(/^posts\/b\/other\.md: .*"hello" is already used by posts\/a\/hello\.md; .*"hello-3"/),
  ])
})

test('an unregistered author is one warning naming every file that uses it', async () => {
  const { diagnostics } = await importMarkdown(`${fixtures}authors-and-data/input`)
  const unknown = diagnostics.filter((d) => d.code === 'unknown_author')
  expect(unknown).toHaveLength(1)
  expect(unknown[0].message).toContain('"Zed Zero"')
  expect(unknown[0].message).toContain('posts/three.md, posts/two.md')
})

test('missing images and links quote the reference as written', async () => {
  const { diagnostics } = await importMarkdown(`${fixtures}missing-targets/input`)
  expect(diagnostics.filter((d) => d.file === 'posts/refs.md').map((d) => `${d.line} ${d.message.split(';')[0]}`)).toEqual([
    '4 The image "./cover.png" was not found in the folder',
    '6 The link "./nope.md#part" points at a file that does not exist',
    '8 The image "./nope.png" matches no document, route or file of the site',
  ])
})

test('a post whose date cannot be read is not said to have none: the page it became points at the date\'s line', async () => {
  const { diagnostics } = await importMarkdown(`${fixtures}broken-front-matter/input`)
  const forFile = diagnostics.filter((d) => d.file === 'posts/bad-date.md' && (d.code === 'missing_date' || d.code === 'invalid_date'))
  expect(forFile.map((d) => `${d.line} ${d.code}`).sort()).toEqual(['3 invalid_date', '3 missing_date'])
  const missing = forFile.find((d) => d.code === 'missing_date')
  expect(missing?.message).toMatch(/its date cannot be read .*imported as a page\. Correct the date/)
  expect(missing?.message).not.toMatch(/has no date/)
})
