import { describe, expect, test } from 'vitest'
import { seoFields } from '../../../importers/wordpress/seo.js'

describe('SEO plugins: the title written for search results', () => {
  // Each plugin's own postmeta key for the title it puts in <title> (Yoast SEO's "SEO title", Rank Math's, SEOPress's and
  // All in One SEO Pack's): kept as meta.seo_title when written out; one with the plugin's variables needs the plugin.
  test.each([
    ['Yoast SEO', { _yoast_wpseo_title: 'Tide tables for the bay' }, 'Tide tables for the bay'],
    ['Rank Math', { rank_math_title: ' Rowing clubs ' }, 'Rowing clubs'],
    ['SEOPress', { _seopress_titles_title: 'Studio hours' }, 'Studio hours'],
    ['All in One SEO Pack', { _aioseop_title: 'Old pack title' }, 'Old pack title'],
    ["Yoast's variables", { _yoast_wpseo_title: '%%title%% %%sep%% %%sitename%%' }, undefined],
    ["Rank Math's variables", { rank_math_title: '%title% %sep% %sitename%' }, undefined],
    ['a blank title', { _yoast_wpseo_title: '  ' }, undefined],
  ])('%s', (_, meta, title) => {
    expect(seoFields(meta).title).toBe(title)
  })
})
