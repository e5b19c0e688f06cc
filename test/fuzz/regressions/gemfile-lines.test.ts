import { expect, test } from 'vitest'
import { jekyllPluginGems } from '../../../importers/markdown/presets/jekyll-github-pages.js'
import { growth } from './_growth.js'

// A Jekyll site's Gemfile is read for the gems of its `jekyll_plugins` group. Its lines went through patterns that
// read a run of trailing blanks again at each of its places (`group do`, 32,000 blanks and a word: 2.4 s) and the rest
// of the line again from every `group:` (a gem line of 32,000 `group:[`: 14 s; found by the s9 hunt).
test.each([
  ['a group line with a long run of blanks before a word', (n: number) => jekyllPluginGems(`group do${' '.repeat(n * 8)}x\n`)],
  ['a gem line of many group: lists never closed', (n: number) => jekyllPluginGems(`gem "x", ${'group:['.repeat(n)}\n`)],
  ['a comment of many hashes', (n: number) => jekyllPluginGems(`gem "x" ${'#'.repeat(n * 8)}\u2028\n`)],
])('%s: time linear in the line', (_, fn) => {
  expect(growth(fn, 1_000)).toBeLessThan(32)
})

test('the jekyll_plugins group is read as before', () => {
  const gemfile = [
    'source "https://rubygems.org"',
    'gem "jekyll", "~> 4.3"',
    'gem "jekyll-feed", group: :jekyll_plugins',
    'gem "jekyll-seo-tag", group: [:development, :jekyll_plugins] # SEO',
    'gem "jekyll-sitemap", :group => :jekyll_plugins',
    'gem "rspec", group: [:test]',
    'group :jekyll_plugins do   ',
    '  gem "jekyll-archives"',
    '  platforms :mri do',
    '    gem "jekyll-redirect-from"',
    '  end',
    '  # gem "jekyll-commented-out"',
    'end',
    'group :test do |g|',
    '  gem "minitest"',
    'end',
    'gem "after-the-group"',
  ].join('\n')
  expect(jekyllPluginGems(gemfile)).toEqual(['jekyll-feed', 'jekyll-seo-tag', 'jekyll-sitemap', 'jekyll-archives', 'jekyll-redirect-from'])
})
