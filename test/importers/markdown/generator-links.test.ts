import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { deriveRoutes } from '../../../src/routes/index.js'
import { importMarkdown } from '../../../importers/markdown/index.js'

// Links written the generator's way lead where the generator sent them (issue 13 item 5). Each expected href is
// what the real generator printed for that fixture (Hugo 0.111.3 for the Hugo cases); an empty string is a
// reference the generator could not resolve either, which the importer leaves as written and reports.
const fixtures = fileURLToPath(new URL('../../fixtures/markdown/', import.meta.url))

const cases = [
  {
    fixture: '13-hugo-ref-by-name',
    page: '/docs/prologue/introduction/',
    links: {
      Update: '/docs/help/how-to-update/',
      'Update again': '/docs/help/how-to-update/#npm',
      FAQ: '/docs/help/faq/',
      Help: '/docs/help/',
      Hello: '/blog/hello/',
      Commands: '/docs/prologue/commands/',
      Notes: 'notes',
      Deep: 'help/faq',
    },
  },
]

test.each(cases)('$fixture: the links of $page', async ({ fixture, page, links }) => {
  const result = await importMarkdown(`${fixtures}${fixture}/input`, { generatedAt: '2026-01-01T00:00:00Z' })
  const payload = result.payload
  if (!payload) throw new Error(`${fixture} did not import`)
  const route = deriveRoutes(payload).find((r) => r.url === page)
  const [, kind, index] = route?.source.split('/').slice(1) ?? []
  const doc = kind === 'pages' ? payload.content.pages[Number(index)] : kind === 'posts' ? payload.content.posts[Number(index)] : undefined
  if (!doc) throw new Error(`no document at ${page}`)
  const hrefs = Object.fromEntries([...doc.content.matchAll(/\[([^\]]+)\]\(([^)\s]*)\)/g)].map((m) => [m[1], m[2]]))
  expect(hrefs).toEqual(links)
})
