import { expect, test } from 'vitest'

// The subpath's surface is pinned, so a new export is a reviewed choice.
test('preview-data-sdk/markdown exports importMarkdown and deliverMedia', async () => {
  expect(Object.keys(await import('preview-data-sdk/markdown')).sort()).toEqual(['deliverMedia', 'importMarkdown'])
})
