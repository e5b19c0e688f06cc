import { describe, expect, test } from 'vitest'
import { galleryShows } from '../../../importers/wordpress/content/shortcodes.js'

// Lists as long as a hostile input makes them, added to another with push(...list): a spread passes each item as an
// argument, and some 120,000 arguments overflow the stack. Each row held such a spread; the import then ended in
// 'Maximum call stack size exceeded' and a stack trace (found by the session 5 hunt on the new page-builder code).

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',')
const N = 300_000

describe('a list of 300,000 items does not overflow the stack', () => {
  test.each([
    ['WordPress: a [gallery] of 300,000 ids', `[gallery ids="${ids(N)}"]`],
    ["WordPress: WPBakery's [vc_gallery] of 300,000 images", `[vc_gallery images="${ids(N)}"]`],
  ])('%s', (_name, body) => {
    const shows = galleryShows(body, 1)
    expect(shows.ids).toHaveLength(N)
    expect(shows.ids[N - 1]).toBe(N)
  })
})
