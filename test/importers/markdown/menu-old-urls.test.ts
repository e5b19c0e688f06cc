import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// A menu written before a page moved names its old URL, which the import redirects: a Hugo `aliases` entry, Jekyll's
// jekyll-redirect-from `redirect_from`, a list page the generator made (Docusaurus's blog archive; AstroPaper's tag
// list in astro-paper.test.ts). Every preset's menus are resolved by one pass (linkSite's menuItemsNow, after every
// redirect is known), so such an item leads to the new URL a visitor following the old one is sent to, its label
// kept. Session 13 checked this; it already held (a guard, not a fix).
const site = tempSites('md-menu-old-urls-')

describe('menu items naming a redirected old URL', () => {
  test.each<[string, Record<string, string>, Array<[string, string]>]>([
    [
      'Hugo: an alias in [menus.main]',
      { 'hugo.toml': 'title = "H"\nbaseURL = "https://h.example/"\n[[menus.main]]\nname = "Team"\nurl = "/old-team/"\n', 'content/about.md': '---\ntitle: About\naliases: ["/old-team/"]\n---\nAbout.\n' },
      [['Team', '/about/']],
    ],
    [
      'Jekyll: redirect_from in the navigation data',
      { '_config.yml': 'title: J\n', '_data/navigation.yml': '- title: Team\n  url: /old-team/\n', 'about.md': '---\ntitle: About\npermalink: /about/\nredirect_from: /old-team/\n---\nAbout.\n' },
      [['Team', '/about/']],
    ],
    [
      "Docusaurus: the blog's archive in the navbar",
      {
        'docusaurus.config.js': "module.exports = { title: 'D', url: 'https://d.example', baseUrl: '/', presets: [['classic', { docs: false, blog: { showReadingTime: true } }]], themeConfig: { navbar: { items: [{ to: '/blog/archive', label: 'Archive' }, { to: '/blog', label: 'Blog' }] } } }\n",
        'blog/2024-01-02-a.md': '---\ntitle: A\nauthors: [x]\n---\nA.\n',
      },
      [['Archive', '/blog/'], ['Blog', '/blog/']],
    ],
  ])('%s', async (_, files, want) => {
    const got = await imported(await site(_.replace(/\W+/g, '-'), files))
    expect((got.payload.menus?.primary?.items ?? []).map((i) => [i.title, i.url])).toEqual(want)
  })
})
