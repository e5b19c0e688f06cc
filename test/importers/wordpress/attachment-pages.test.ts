import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'
import type { ImportWordPressOptions } from 'preview-data-sdk/wordpress'

// Since WordPress 6.4 attachment pages are off (`wp_attachment_pages_enabled`) and an attachment's page redirects to
// its file: links to the page lead to the file's new URL. See the comment at the top of the export.
const file = fileURLToPath(new URL('../../fixtures/wordpress/attachment-pages.xml', import.meta.url))
const at = '2026-01-01T00:00:00Z'

const harbour = 'wp-content/uploads/2020/01/harbour.jpg'
const quay = 'wp-content/uploads/2020/01/quay.pdf'

// Link text in the export → where the link leads, with the files kept on the old host and with --media-to /media/.
const table: Array<[string, string, string]> = [
  ['its link', `http://old.example/${harbour}`, '/media/2020/01/harbour.jpg'],
  ['https, www, no slash', `http://old.example/${harbour}`, '/media/2020/01/harbour.jpg'],
  ['root-relative with a fragment', `http://old.example/${harbour}#top`, '/media/2020/01/harbour.jpg#top'],
  ['attachment_id', `http://old.example/${harbour}`, '/media/2020/01/harbour.jpg'],
  ['an unattached file', `http://old.example/${quay}`, '/media/2020/01/quay.pdf'],
  ['its link, unattached', `http://old.example/${quay}`, '/media/2020/01/quay.pdf'],
  ['an attachment not in the export', 'http://old.example/?attachment_id=99', 'http://old.example/?attachment_id=99'],
]

async function imported(options: ImportWordPressOptions) {
  const { payload, redirects } = await importWordPress(file, { generatedAt: at, ...options })
  const body = payload.content.posts[0].content
  const hrefOf = (text: string) => new RegExp(`<a href="([^"]*)">${text}</a>`).exec(body)?.[1]
  return { payload, redirects, hrefOf }
}

describe('links to attachment pages lead to the file', () => {
  test.each(table)('%s: %s (files on the old host)', async (text, onOldHost) => {
    expect((await imported({})).hrefOf(text)).toBe(onOldHost)
  })

  test.each(table)('%s (--media-to /media/): %s', async (text, _onOldHost, moved) => {
    expect((await imported({ mediaTo: '/media/' })).hrefOf(text)).toBe(moved)
  })

  test('menu items for an attachment page (a custom URL, or the attachment itself) lead to the file', async () => {
    const { payload } = await imported({ mediaTo: '/media/' })
    const items = Object.values(payload.menus ?? {})[0]?.items ?? []
    expect(items.map((i) => ('url' in i ? i.url : undefined))).toEqual(['/media/2020/01/harbour.jpg', '/media/2020/01/quay.pdf'])
  })

  test('each old attachment page URL redirects to the file', async () => {
    const { redirects } = await imported({ mediaTo: '/media/' })
    const to = (from: string) => redirects.find((r) => r.from === from)?.to
    expect(to('/gallery-post/harbour/')).toBe('/media/2020/01/harbour.jpg')
    expect(to('/?attachment_id=20')).toBe('/media/2020/01/harbour.jpg')
    expect(to('/quay-unattached/')).toBe('/media/2020/01/quay.pdf')
    expect(to('/?attachment_id=21')).toBe('/media/2020/01/quay.pdf')
  })
})
