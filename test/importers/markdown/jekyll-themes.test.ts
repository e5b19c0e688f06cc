import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// The Documentation Theme for Jekyll (tomjoht/documentation-theme-jekyll) prints its top navigation and sidebars from
// the site's data files; its pages name their URLs `permalink: mydoc_x.html` (no leading slash), the home page
// `permalink: index.html`. The URLs below are what `jekyll build` 4.3.1 wrote for this site.

const site = tempSites('md-jekyll-themes-')

const SITE = {
  '_config.yml': 'title: Docs theme\nsidebars: [mydoc_sidebar]\n',
  Gemfile: 'source "https://rubygems.org"\ngem "jekyll"\n',
  '_data/topnav.yml': `topnav:
- title: Topnav
  items:
    - title: GitHub
      external_url: https://github.com/example/docs
    - title: News
      url: /news
topnav_dropdowns:
- title: Topnav dropdowns
  folders:
    - title: Jekyll Help
      folderitems:
        - title: Install
          url: /mydoc_install.html
`,
  '_data/sidebars/mydoc_sidebar.yml': `entries:
- title: sidebar
  product: Documentation
  folders:
  - title:
    output: pdf
    folderitems:
    - title:
      url: /titlepage.html
      output: pdf
  - title: Overview
    output: web, pdf
    folderitems:
    - title: Get started
      url: /index.html
      output: web, pdf
    - title: Install
      url: mydoc_install.html
      output: web, pdf
      subfolders:
      - title: Platforms
        output: web
        subfolderitems:
        - title: Mac
          url: /mydoc_mac.html
          output: web
        - title: PDF only
          url: /mydoc_pdf.html
          output: pdf
`,
  'index.md': '---\ntitle: Getting started\npermalink: index.html\n---\n\nStart.\n',
  'pages/mydoc/mydoc_install.md': '---\ntitle: Install\npermalink: mydoc_install.html\nsidebar: mydoc_sidebar\n---\n\nInstall.\n',
  'pages/mydoc/mydoc_mac.md': '---\ntitle: Mac\npermalink: mydoc_mac.html\nsidebar: mydoc_sidebar\n---\n\nMac.\n',
  'news.md': '---\ntitle: News\npermalink: /news/\n---\n\nNews.\n',
}

describe('Documentation Theme for Jekyll', () => {
  test('permalink: index.html is the home page', async () => {
    const got = await imported(await site('home', SITE))
    expect(got.urls['index.md']).toBe('/')
    expect(got.payload.site.front_page).toEqual({ type: 'page', page_path: 'home' })
    for (const url of ['/', '/mydoc_install.html', '/mydoc_mac.html', '/news/']) expect(got.served(url), url).toBe(true)
    expect(got.result.diagnostics).toEqual([])
  })

  test('the top navigation is the primary menu and each sidebar file a menu, web items only', async () => {
    const { payload } = await imported(await site('menus', SITE))
    const shape = (items: NonNullable<typeof payload.menus>[string]['items']): unknown[] => items.map((i) => [i.title, i.url, i.target, ...(i.children.length > 0 ? [shape(i.children)] : [])])
    expect(shape(payload.menus?.primary?.items ?? [])).toEqual([
      ['GitHub', 'https://github.com/example/docs', '_blank'],
      ['News', '/news/', '_self'],
      ['Jekyll Help', '/mydoc_install', '_self', [['Install', '/mydoc_install', '_self']]],
    ])
    expect(payload.menus?.mydoc_sidebar?.name).toBe('Documentation sidebar')
    expect(shape(payload.menus?.mydoc_sidebar?.items ?? [])).toEqual([
      ['Overview', '/', '_self', [['Get started', '/', '_self'], ['Install', '/mydoc_install', '_self', [['Platforms', '/mydoc_mac', '_self', [['Mac', '/mydoc_mac', '_self']]]]]]],
    ])
  })
})

describe('Beautiful Jekyll', () => {
  // Its `_includes/nav.html` prints `navbar-links`: a title and an address, or a title over a list of links.
  test('navbar-links is the primary menu, relative addresses under the site', async () => {
    const { payload } = await imported(
      await site('beautiful-jekyll', {
        '_config.yml': 'title: My website\npermalink: /:year/:title/\nnavbar-links:\n  About Me: "aboutme"\n  Resources:\n    - Beautiful Jekyll: "https://beautifuljekyll.com"\n    - Tags: "tags"\n  Author\'s home: "https://deanattali.com"\n',
        Gemfile: 'gem "jekyll"\n',
        'aboutme.md': '---\nlayout: page\ntitle: About me\n---\n\nMe.\n',
        'tags.html': '---\nlayout: page\ntitle: Tag Index\n---\n\n<p>Tags.</p>\n',
      }),
    )
    const shape = (items: NonNullable<typeof payload.menus>[string]['items']): unknown[] => items.map((i) => [i.title, i.url, ...(i.children.length > 0 ? [shape(i.children)] : [])])
    expect(shape(payload.menus?.primary?.items ?? [])).toEqual([
      ['About Me', '/aboutme/'],
      ['Resources', 'https://beautifuljekyll.com', [['Beautiful Jekyll', 'https://beautifuljekyll.com'], ['Tags', '/tags/']]],
      ["Author's home", 'https://deanattali.com'],
    ])
  })
})
