// The Markdown importer on real sites it was not developed against (scripts/corpus/README.md), compared with what
// each site's own generator publishes. Needs `npm run corpus:fetch` and `npm run corpus:oracle`; without them the
// suite is skipped and says so. CI does not fetch the corpus. Today most of these fail: that is the baseline the
// importer README's "Corpus" section records, and the point of measuring.
import { beforeAll, describe, expect, test } from 'vitest'
import { availableSites, linkRate, measureSite } from '../../scripts/corpus/measure.js'
import type { SiteFigures } from '../../scripts/corpus/measure.js'

const { dir, sites, missing } = await availableSites()
const markdownSites = sites.filter((s) => s.convention !== 'wordpress')

if (markdownSites.length === 0) {
  test.skip(`corpus absent (${dir}): run npm run corpus:fetch && npm run corpus:oracle to measure the importer on real sites`, () => {})
} else if (missing.length > 0) {
  test.skip(`no oracle yet for ${missing.join(', ')}: run npm run corpus:oracle`, () => {})
}

for (const site of markdownSites) describe(`corpus site ${site.id} (${site.package}@${site.version}, ${site.convention})`, () => {
  let f: SiteFigures
  beforeAll(async () => {
    f = await measureSite(site)
  })

  test('imports into a payload', () => {
    expect(f.imported, `${f.errors} import error(s)`).toBe(true)
  })

  test('publishes within 2% of the documents its generator publishes', () => {
    expect(f.countDelta, `generator published ${f.expected}, the payload publishes ${f.published}`).toBeLessThanOrEqual(0.02)
  })

  test('keeps or redirects every sampled original URL', () => {
    expect(f.urls.lost, `${f.urls.lost.length} of ${f.urls.sampled} sampled URLs lost`).toEqual([])
  })

  test('publishes no draft, future, expired or unpublished document', () => {
    expect(f.privatePublished).toEqual([])
  })

  test('leaves such documents out of the payload by default', () => {
    expect(f.privateAsDraft, 'private documents kept in the payload as drafts').toBe(0)
  })

  test('leaves no template syntax in published bodies', () => {
    expect(f.templates.examples, JSON.stringify(f.templates.byKind)).toEqual([])
  })

  // `check` (issue 12) resolves links and media files against the payload and the media folder the import wrote. A
  // link the original site itself leaves broken (to a page or file its package does not ship) is not counted against
  // the import; one the original resolved is (scripts/corpus/original-links.ts).
  test('resolves at least 98% of the internal links and images the original resolved, under check', () => {
    const links = f.links ?? { resolved: 0, total: 1, brokenInOriginal: 0, broken: ['no payload'] }
    expect(linkRate(links), links.broken.slice(0, 10).join('\n')).toBeGreaterThanOrEqual(0.98)
  })
})
