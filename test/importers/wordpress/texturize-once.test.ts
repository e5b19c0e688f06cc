import { describe, expect, test, vi } from 'vitest'
import { earlyRenderEnv, renderBody } from '../../../importers/wordpress/content/render.js'
import type * as Shortcodes from '../../../importers/wordpress/content/shortcodes.js'

// Every text texturizeBody is given, to count how often a teaser is texturized.
const texturized: string[] = vi.hoisted(() => [])
vi.mock('../../../importers/wordpress/content/shortcodes.js', async (original) => {
  const actual = await original<typeof Shortcodes>()
  return {
    ...actual,
    texturizeBody: (html: string) => {
      texturized.push(html)
      return actual.texturizeBody(html)
    },
  }
})

const p = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`
const image = '<!-- wp:image -->\n<figure><img src="a.jpg"/><figcaption>Cap</figcaption></figure>\n<!-- /wp:image -->'

describe('a teaser is texturized once', () => {
  test('a block body whose teaser holds a block the excerpt leaves out: the teaser read for the excerpt only', () => {
    texturized.length = 0
    const rendered = renderBody(`${p("It's the teaser")}\n\n${image}\n\n<!--more-->\n\n${p('"Rest"')}`, 1, earlyRenderEnv({ rendered: {}, removed: {}, dropped: {}, kept: {}, missingAttachments: [] }, {}))
    expect(rendered.moreText).toBe('It\u2019s the teaser')
    // The body once (with its rest), the teaser once (without it).
    expect(texturized.filter((html) => !html.includes('Rest'))).toHaveLength(1)
    expect(texturized.filter((html) => html.includes('Rest'))).toHaveLength(1)
  })
})
