import { expect, test } from 'vitest'
import { fileURLToPath } from 'node:url'
import { importWordPress, summarizeReport } from 'preview-data-sdk/wordpress'
import { findFrontPage, isShopPage } from '../../../importers/wordpress/front-page.js'
import type { FrontPageCandidate } from '../../../importers/wordpress/front-page.js'

const page = (id: number, link: string, slug: string, emptyBody = false, title = slug): FrontPageCandidate => ({ id, link, slug, title, emptyBody })
const blog = 'https://old.test'

const cases: Array<{ name: string; pages: FrontPageCandidate[]; blogUrl?: string; front?: number; postsPage?: number }> = [
  { name: 'no page at the root: posts at the root', pages: [page(1, 'https://old.test/about/', 'about')] },
  { name: 'a front page and an empty posts page', pages: [page(1, 'https://old.test/', 'home'), page(2, 'https://old.test/blog/', 'blog', true), page(3, 'https://old.test/about/', 'about')], front: 1, postsPage: 2 },
  { name: 'a front page without a posts page', pages: [page(1, 'https://old.test/', 'home'), page(3, 'https://old.test/about/', 'about')], front: 1 },
  { name: 'one empty page, whatever its name', pages: [page(1, 'https://old.test/', 'home'), page(4, 'https://old.test/latest/', 'latest', true)], front: 1, postsPage: 4 },
  { name: 'several empty pages: the one named like a posts page', pages: [page(1, 'https://old.test/', 'home'), page(4, 'https://old.test/x/', 'x', true), page(5, 'https://old.test/news/', 'news', true)], front: 1, postsPage: 5 },
  { name: 'several empty pages, none named so: none chosen', pages: [page(1, 'https://old.test/', 'home'), page(4, 'https://old.test/x/', 'x', true), page(5, 'https://old.test/y/', 'y', true)], front: 1 },
  { name: 'a page named blog with content is not the posts page', pages: [page(1, 'https://old.test/', 'home'), page(2, 'https://old.test/blog/', 'blog')], front: 1 },
  { name: 'the root without a trailing slash, on another scheme', pages: [page(9, 'http://old.test', 'start')], front: 9 },
  { name: 'a blog under a folder', blogUrl: 'https://old.test/site', pages: [page(1, 'https://old.test/', 'x'), page(2, 'https://old.test/site/', 'home')], front: 2 },
  { name: 'a plain ?page_id= link is not the root', pages: [page(1, 'https://old.test/?page_id=1', 'home')] },
  { name: "WooCommerce's shop page is empty but listed products: no posts page", pages: [page(1, 'https://old.test/', 'home'), { ...page(2, 'https://old.test/shop/', 'shop', true), shopPage: true }], front: 1 },
  { name: 'the shop page beside an empty page: that one lists posts', pages: [page(1, 'https://old.test/', 'home'), { ...page(2, 'https://old.test/boutique/', 'boutique', true), shopPage: true }, page(3, 'https://old.test/latest/', 'latest', true)], front: 1, postsPage: 3 },
  { name: 'a translated title names it', pages: [page(1, 'https://old.test/', 'home'), page(2, 'https://old.test/a/', 'a', true, '博客'), page(3, 'https://old.test/b/', 'b', true, 'Other')], front: 1, postsPage: 2 },
]

test.each(cases)('$name', ({ pages, blogUrl, front, postsPage }) => {
  const plan = findFrontPage(pages, blogUrl ?? blog)
  expect({ front: plan.front, postsPage: plan.postsPage }).toEqual({ front, postsPage })
  expect(plan.reason).not.toBe('')
})

test.each([
  ['shop', true], ['Boutique', true], ['tienda', true], ['магазин', true], ['shopping', false], ['blog', false], ['workshop', false],
])('isShopPage(%s) is %s (the slugs WooCommerce gives its shop page)', (slug, want) => {
  expect(isShopPage(slug)).toBe(want)
})

// WordPress's template hierarchy tries a block theme's `front-page` template first for the site's root, whatever the
// reading settings say (get_front_page_template in template-loader.php); one edited in the Site Editor is in the export.
test("the active theme's front-page template: the report says WordPress showed it at the root and what the root shows now", async () => {
  const { report } = await importWordPress(fileURLToPath(new URL('../../fixtures/wordpress/front-page-template.xml', import.meta.url)), { generatedAt: '2026-01-01T00:00:00Z' })
  expect(report.front_page.theme_template).toEqual({ id: 2, theme: 'twentytwentythree' })
  expect(summarizeReport(report)).toContain("Front page: WordPress showed the twentytwentythree theme's front-page template (item 2, edited in the Site Editor) at the root; templates are not imported, so the root shows the post index.")
})
