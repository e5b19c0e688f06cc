import { describe, expect, test } from 'vitest'
import { blogTheme } from '../../../importers/markdown/presets/gatsby.js'

// gatsby-theme-blog's options as gatsby-config writes them → the folder its posts are read from and their URL base
// (the theme's defaults: content/posts, /).
const rows: Array<[string, string, ReturnType<typeof blogTheme>]> = [
  ['bare name', "plugins: ['gatsby-theme-blog']", { contentPath: 'content/posts', basePath: '' }],
  ['core theme', 'plugins: [{ resolve: "gatsby-theme-blog-core", options: {} }]', { contentPath: 'content/posts', basePath: '' }],
  ['options', "plugins: [{ resolve: `gatsby-theme-blog`, options: { contentPath: 'posts/', basePath: 'journal' } }]", { contentPath: 'posts', basePath: '/journal' }],
  ['the next plugin keeps its options', "plugins: ['gatsby-theme-blog', { resolve: 'gatsby-plugin-x', options: { contentPath: 'x', basePath: '/x' } }]", { contentPath: 'content/posts', basePath: '' }],
  ['a content path leaving the site', "plugins: [{ resolve: 'gatsby-theme-blog', options: { contentPath: '../secrets' } }]", undefined],
  ['no theme', "plugins: ['gatsby-plugin-sitemap']", undefined],
]

describe('gatsby-theme-blog options', () => {
  test.each(rows)('%s', (_name, config, expected) => {
    expect(blogTheme(config)).toEqual(expected)
  })
})
