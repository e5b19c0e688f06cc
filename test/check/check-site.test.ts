import { describe, expect, test } from 'vitest'
import { checkSite } from '../../src/check/index.js'
import { markdownNestingDepth } from '../../src/check/body.js'
import type { CheckOptions, CheckResult } from '../../src/check/index.js'
import { createPreviewData } from '../../src/index.js'
import type { DocumentType, PreviewData } from '../../src/index.js'

type Style = 'directory' | 'html-extension'

/**
 * A small site: the post "hello" (whose body is under test), the pages "about" (in the menu) and "docs/guide", a
 * draft post "wip", on https://site.example. Optional extra pages, menus and fields.
 */
function site(body: string, { type = 'markdown', style = 'directory', featured, extra }: { type?: DocumentType; style?: Style; featured?: string; extra?: (b: ReturnType<typeof createPreviewData>) => ReturnType<typeof createPreviewData> } = {}): PreviewData {
  let builder = createPreviewData({ generator: 'check-test', generated_at: '2026-01-01T00:00:00Z' })
    .site({ title: 'Site', url: 'https://site.example' })
    .permalinks({ output_style: style })
    .author({ id: 'a', display_name: 'A' })
    .post({ title: 'Hello', slug: 'hello', author_id: 'a', published_at_iso: '2026-01-01T00:00:00Z', content: body, document_type: type, ...(featured ? { featured_image: featured } : {}) })
    .post({ title: 'Work in progress', slug: 'wip', author_id: 'a', published_at_iso: '2025-01-01T00:00:00Z', content: 'Soon.', status: 'draft' })
    .page({ title: 'About', slug: 'about', content: 'About us.' })
    .page({ title: 'Guide', slug: 'guide', path: 'docs/guide', content: 'A guide.' })
    .menu('main', { name: 'Main', items: [{ title: 'About', page: 'about' }, { title: 'Guide', page: 'docs/guide' }] })
  if (extra) builder = extra(builder)
  return builder.build()
}

const codes = (result: CheckResult) => result.findings.map((f) => f.code)
/** The findings about the body of "hello" (the first post), without the draft note for "wip". */
const bodyFindings = (result: CheckResult) => result.findings.filter((f) => f.source === '/content/posts/0/content')

const OLD = { origins: ['https://old.example'] }

// Links from the post "hello" (directory: /posts/hello/, html-extension: /posts/hello) to the page "about"
// (directory: /about/, html-extension: /about), in every form a link can take, in Markdown and in HTML.
const linkRows: { style: Style; form: string; href: string; ok: boolean; old?: boolean }[] = [
  { style: 'directory', form: 'root-relative', href: '/about/', ok: true },
  { style: 'directory', form: 'root-relative without the slash', href: '/about', ok: true },
  { style: 'directory', form: 'root-relative index.html', href: '/about/index.html', ok: true },
  { style: 'directory', form: 'root-relative .html (not served under directory)', href: '/about.html', ok: false },
  { style: 'directory', form: 'root-relative, with fragment and query', href: '/about/?x=1#team', ok: true },
  { style: 'directory', form: 'root-relative, missing', href: '/nope/', ok: false },
  { style: 'directory', form: 'relative', href: '../../about/', ok: true },
  { style: 'directory', form: 'relative, missing', href: '../nope/', ok: false },
  { style: 'directory', form: 'own origin', href: 'https://site.example/about/', ok: true },
  { style: 'directory', form: 'own origin, http', href: 'http://site.example/docs/guide/', ok: true },
  { style: 'directory', form: 'own origin, missing', href: 'https://site.example/nope/', ok: false },
  { style: 'directory', form: 'old origin', href: 'https://old.example/about/', ok: true, old: true },
  { style: 'directory', form: 'old origin, missing', href: 'https://old.example/nope/', ok: false },
  { style: 'html-extension', form: 'root-relative', href: '/about', ok: true },
  { style: 'html-extension', form: 'root-relative .html', href: '/about.html', ok: true },
  { style: 'html-extension', form: 'root-relative with a slash (not served)', href: '/about/', ok: false },
  { style: 'html-extension', form: 'root-relative, missing', href: '/nope', ok: false },
  { style: 'html-extension', form: 'relative', href: '../about', ok: true },
  { style: 'html-extension', form: 'relative, nested', href: '../docs/guide', ok: true },
  { style: 'html-extension', form: 'relative, missing', href: 'nope', ok: false },
  { style: 'html-extension', form: 'own origin', href: 'https://site.example/about', ok: true },
  { style: 'html-extension', form: 'own origin, missing', href: 'https://site.example/nope', ok: false },
  { style: 'html-extension', form: 'old origin', href: 'https://old.example/about', ok: true, old: true },
  { style: 'html-extension', form: 'old origin, missing', href: 'https://old.example/nope', ok: false },
]

describe('links', () => {
  describe.each(['markdown', 'html'] as const)('in %s bodies', (type) => {
    test.each(linkRows)('$style: $form ($href)', ({ style, href, ok, old }) => {
      const body = type === 'markdown' ? `Intro.\n\nSee [the page](${href}).` : `<p>Intro.</p>\n<p>See <a href="${href}">the page</a>.</p>`
      const result = checkSite(site(body, { type, style }), OLD)
      const findings = bodyFindings(result)
      if (!ok) {
        expect(findings).toEqual([expect.objectContaining({ code: 'broken_link', severity: 'error', target: href, line: 3 - (type === 'html' ? 1 : 0), url: style === 'directory' ? '/posts/hello/' : '/posts/hello' })])
        expect(result.totals.links.broken).toBe(1)
      } else if (old) {
        expect(findings).toEqual([expect.objectContaining({ code: 'old_origin_link', severity: 'warning', target: href })])
        expect(result.totals.links.old_origin).toBe(1)
      } else {
        expect(findings).toEqual([])
        // Besides the two menu links.
        expect(result.totals.links).toMatchObject({ internal: 3, ok: 3, broken: 0 })
      }
    })
  })

  // site.url (https://site.example) says where the site lives, so absolute links on it are the site's own. A path in
  // the shape of the payload's post, page or archive URLs that nothing answers is broken; a path of no such shape
  // may be another application's on that origin, or site.url a placeholder (hugoBasicExample's baseURL is gohugo.io,
  // and its posts link to the real gohugo.io): said apart, as a warning, unless an old origin says the site lived
  // there. Relative links are the site's in any case.
  describe('absolute links on site.url that nothing answers', () => {
    const shapes = { posts: '/:year/:month/:slug/', categories: '/topics/:slug/' }
    test.each([
      { href: 'https://site.example/2024/05/gone/', code: 'broken_link', why: 'a post URL (/:year/:month/:slug/)' },
      { href: 'https://site.example/2024/05/gone.html', code: 'broken_link', why: 'a post URL, written with .html' },
      { href: 'https://site.example/topics/gone/', code: 'broken_link', why: 'a category archive' },
      { href: 'https://site.example/tags/gone/', code: 'broken_link', why: 'a tag archive (the default /tags/:slug/)' },
      { href: 'https://site.example/gone/', code: 'broken_link', why: 'a page URL (the default /:slug/)' },
      { href: 'http://site.example/gone', code: 'broken_link', why: 'a page URL, over http, without the slash' },
      { href: 'https://site.example/functions/emojify/', code: 'unknown_site_url', why: 'no shape of the site' },
      { href: 'https://site.example/20x4/05/gone/', code: 'unknown_site_url', why: 'not a year where the pattern has one' },
      { href: 'https://site.example/wordpress/wp-admin/', code: 'unknown_site_url', why: 'another application on the origin' },
      { href: 'https://site.example/docs/guide/', code: undefined, why: 'answered: a page with its own path' },
      { href: 'https://site.example/', code: undefined, why: 'answered: the front page' },
      { href: '/functions/emojify/', code: 'broken_link', why: 'root-relative: the site\'s by construction' },
      { href: '../../functions/emojify/', code: 'broken_link', why: 'relative: the site\'s by construction' },
      { href: 'https://old.example/functions/emojify/', code: 'broken_link', why: 'on an old origin the caller named' },
    ])('$href: $why', ({ href, code }) => {
      const payload = site(`See [x](${href}).`, { extra: (b) => b.permalinks(shapes) })
      const result = checkSite(payload, OLD)
      expect(bodyFindings(result).map((f) => f.code)).toEqual(code ? [code] : [])
      expect(result.totals.links).toMatchObject({ internal: 3, broken: code === 'broken_link' ? 1 : 0, unknown_site_url: code === 'unknown_site_url' ? 1 : 0 })
    })

    test('the message names site.url and both ways out', () => {
      const [finding] = bodyFindings(checkSite(site('See [x](https://site.example/functions/emojify/).')))
      expect(finding).toMatchObject({ code: 'unknown_site_url', severity: 'warning', target: 'https://site.example/functions/emojify/', url: '/posts/hello/' })
      expect(finding.message).toContain('site.url https://site.example')
      expect(finding.message).toContain('set site.url to its address')
      expect(finding.message).toContain('broken unless something else serves that path there')
    })

    // An origin the old site lived at (`origins`, as the importers' closing check passes site.url) says every path there
    // was the site's: a link to one the payload no longer answers is a link the migration broke.
    test.each([
      { origins: ['https://site.example'], code: 'broken_link' },
      { origins: ['http://site.example/'], code: 'broken_link' },
      { origins: ['https://site.example/blog'], code: 'unknown_site_url' },
      { origins: ['https://old.example'], code: 'unknown_site_url' },
    ])('with origins $origins, a path of no shape is $code', ({ origins, code }) => {
      const result = checkSite(site('See [x](https://site.example/functions/emojify/).'), { origins })
      expect(bodyFindings(result).map((f) => f.code)).toEqual([code])
    })

    test('a menu item on site.url is judged the same way', () => {
      const payload = site('Hi.', { extra: (b) => b.menu('footer', { name: 'Footer', items: [{ title: 'Shop', url: 'https://site.example/shop/cart/' }, { title: 'Gone', url: 'https://site.example/gone/' }] }) })
      expect(checkSite(payload).findings.filter((f) => f.source.startsWith('/menus/footer')).map((f) => f.code)).toEqual(['unknown_site_url', 'broken_link'])
    })
  })

  test('a link that misses only by its trailing slash names the URL the site has', () => {
    const [finding] = bodyFindings(checkSite(site('[a](/about/)', { style: 'html-extension' })))
    expect(finding.message).toContain('The site has "/about": link to that.')
  })

  test('external links are counted, not checked; fragments, mailto: and the like are not links to check', () => {
    const body = '[x](https://elsewhere.example/a) <https://elsewhere.example/b> [f](#top) [m](mailto:a@b.example) [t](tel:123) [e]()'
    const { totals } = checkSite(site(body))
    expect(totals.links).toMatchObject({ internal: 2, external: 2, broken: 0 })
  })

  test('reference links resolve through their definitions, also defined after use', () => {
    const result = checkSite(site('See [about][a] and [missing][b].\n\n[a]: /about/\n[b]: /nope/'))
    expect(bodyFindings(result)).toEqual([expect.objectContaining({ code: 'broken_link', target: '/nope/', line: 1 })])
  })

  // GFM footnotes (remark-gfm, markdown-it-footnote, VuePress): `[^x]: note` is a note, whatever its first word, and
  // `[^x]` a call to it. CommonMark alone reads a one-word note as a link definition, so each call was a broken link.
  test.each([
    { name: 'a one-word note (CJK) and its call', body: '此文字有脚注[^first].\n\n[^first]: 这是脚注内容', broken: [] },
    { name: 'a note that looks like a path', body: 'Text[^1] and again[^1].\n\n[^1]: /nope/', broken: [] },
    { name: 'a note with words, a link in it', body: 'Text[^n].\n\n[^n]: See [this](/nope/) page.', broken: ['/nope/'] },
    { name: 'a link reference to a label that has a space is a link (GFM too)', body: 'See [^a b].\n\n[^a b]: /nope/', broken: ['/nope/'] },
    { name: 'a caret-less label is a link definition', body: 'See [first].\n\n[first]: 这是脚注内容', broken: ['这是脚注内容'] },
  ])('footnotes are not links: $name', ({ body, broken }) => {
    const findings = bodyFindings(checkSite(site(body))).filter((f) => f.code === 'broken_link')
    expect(findings.map((f) => f.target)).toEqual(broken)
  })

  test('raw HTML inside Markdown is read with the HTML parser', () => {
    const result = checkSite(site('Text\n\n<div>\n<a href="/nope/">x</a>\n</div>\n\nand <a href="/about/">inline</a>'))
    expect(bodyFindings(result)).toEqual([expect.objectContaining({ code: 'broken_link', target: '/nope/', line: 4 })])
    expect(result.totals.links.ok).toBe(3)
  })

  test('links in code are not links', () => {
    const body = '```\n[x](/nope/)\n```\n\n    [y](/nope/)\n\n`[z](/nope/)` <code><a href="/nope/">q</a></code>'
    // The last one is HTML: a browser does make it a link, even inside <code>.
    expect(bodyFindings(checkSite(site(body))).map((f) => f.line)).toEqual([7])
  })

  test('plain-text bodies have no links: a build prints them as they are', () => {
    expect(codes(checkSite(site('See [the page](/nope/) and <a href="/nope/">x</a>.', { type: 'plaintext' })))).not.toContain('broken_link')
  })

  test('a link to a draft is a warning: a build may leave drafts out', () => {
    const result = checkSite(site('[soon](/posts/wip/)'))
    expect(bodyFindings(result)).toEqual([expect.objectContaining({ code: 'link_to_draft', severity: 'warning', target: '/posts/wip/' })])
    expect(result.totals.links.to_drafts).toBe(1)
  })

  test('links to files count as not checked without media files, and are checked with them', () => {
    const body = '[report](/files/report.pdf)'
    expect(checkSite(site(body)).totals.links).toMatchObject({ not_checked: 1, broken: 0 })
    expect(checkSite(site(body), { mediaFiles: new Set(['files/report.pdf']) }).totals.links).toMatchObject({ ok: 3, broken: 0 })
    expect(codes(checkSite(site(body), { mediaFiles: new Set() }))).toContain('broken_link')
  })

  test('menus and custom HTML are checked too, with their JSON Pointer', () => {
    const payload = site('Hi', {
      extra: (b) => b.menu('footer', { name: 'Footer', items: [{ title: 'Gone', url: '/gone/' }] }).customHtml({ body_end: '<nav>\n<a href="/also-gone/">x</a></nav>' }),
    })
    expect(checkSite(payload).findings.filter((f) => f.code === 'broken_link')).toEqual([
      expect.objectContaining({ source: '/menus/footer/items/0/url', target: '/gone/' }),
      expect.objectContaining({ source: '/custom_html/body_end', target: '/also-gone/', line: 2 }),
    ])
  })
})

describe('media', () => {
  const files = new Set(['media/a.png', 'media/cover.jpg'])
  test.each([
    { name: 'a Markdown image that is there', body: '![A](/media/a.png)', missing: [] },
    { name: 'a Markdown image that is not', body: '![A](/media/b.png)', missing: ['/media/b.png'] },
    { name: 'an HTML image that is there', body: '<p><img src="/media/a.png" alt="A"></p>', type: 'html' as const, missing: [] },
    { name: 'an HTML image that is not', body: '<p><img src="/media/b.png" alt="A"></p>', type: 'html' as const, missing: ['/media/b.png'] },
    { name: 'srcset candidates', body: '<img src="/media/a.png" srcset="/media/a.png 1x, /media/a@2x.png 2x" alt="A">', type: 'html' as const, missing: ['/media/a@2x.png'] },
    { name: 'an image on the own origin', body: '![A](https://site.example/media/b.png)', missing: ['https://site.example/media/b.png'] },
    { name: 'an external image', body: '![A](https://cdn.example/b.png)', missing: [] },
  ])('$name', ({ body, type, missing }) => {
    const result = checkSite(site(body, { type }), { mediaFiles: files })
    expect(bodyFindings(result).filter((f) => f.code === 'missing_media').map((f) => f.target)).toEqual(missing)
  })

  test('media fields: featured image, avatar, logo, favicon and media entries, each with its pointer', () => {
    const payload = site('Hi', {
      featured: '/media/cover.jpg',
      extra: (b) => b.site({ logo: { src: '/media/logo.svg' }, favicon: { icon: '/favicon.ico' } }).author({ id: 'b', display_name: 'B', avatar: '/media/b.jpg' }).media({ src: '/media/entry.png', width: 1, height: 1 }),
    })
    const result = checkSite(payload, { mediaFiles: files })
    expect(result.findings.filter((f) => f.code === 'missing_media').map((f) => f.source).sort()).toEqual(['/content/authors/1/avatar', '/content/media/0/src', '/site/favicon/icon', '/site/logo/src'])
    expect(result.totals.media).toEqual({ checked: true, files: 5, ok: 1, missing: 4 })
  })

  test('without media files nothing is reported missing, and one note says they were not checked', () => {
    const result = checkSite(site('![A](/media/b.png)', { featured: '/media/cover.jpg' }))
    expect(codes(result)).not.toContain('missing_media')
    expect(result.findings.filter((f) => f.code === 'media_not_checked')).toEqual([expect.objectContaining({ severity: 'info', message: expect.stringContaining('2 media files') })])
    expect(result.totals.media).toEqual({ checked: false, files: 2, ok: 0, missing: 0 })
  })

  test('a media URL on the old origin works only while that site is up', () => {
    const result = checkSite(site('![A](https://old.example/media/a.png)'), { ...OLD, mediaFiles: files })
    expect(bodyFindings(result)).toEqual([expect.objectContaining({ code: 'old_origin_link', target: 'https://old.example/media/a.png' })])
  })
})

// Each row: a body and the template tags expected in it (none for near misses, which must not be flagged).
const templateRows: { name: string; type?: DocumentType; body: string; tags: string[]; code?: string }[] = [
  { name: 'Hugo shortcode', body: 'Intro\n\n{{< figure src="a.png" >}}', tags: ['{{< figure >}}'] },
  { name: 'Hugo shortcode without spaces (looks like HTML to CommonMark)', body: 'A {{<figure src="a.png">}} b', tags: ['{{< figure >}}'] },
  { name: 'Hugo paired shortcode, % form', body: '{{% notice %}}\nText\n{{% /notice %}}', tags: ['{{% notice %}}', '{{% notice %}}'] },
  { name: 'Hugo highlight: its content is code', body: '{{< highlight go >}}\n{{ .Title }} {% x %}\n{{< /highlight >}}', tags: ['{{< highlight >}}', '{{< highlight >}}'] },
  { name: 'Hugo escaped shortcode', body: 'Write {{</* figure */>}} like this', tags: ['{{< figure >}}'] },
  { name: 'Go template in content (Hugo never ran it)', body: 'The {{ .Title }} and {{ $x }} and {{ if .A }}', tags: [] },
  { name: 'Go template in an inline shortcode (Hugo ran it)', body: '{{< x.inline >}}{{ .Title }}{{< /x.inline >}}', tags: ['{{< x.inline >}}', '{{ .Title }}', '{{< x.inline >}}'] },
  { name: 'Liquid tag', body: '{% include note.html %}', tags: ['{% include %}'] },
  { name: 'Liquid output, first variable', body: 'Base: {{ site.baseurl }} and {{ "/x" | relative_url }}', tags: ['{{ site.baseurl }}', '{{ relative_url }}'] },
  { name: 'Liquid raw: only its own tags', body: '{% raw %}{{ not.processed }}{% endraw %}', tags: ['{% raw %}', '{% endraw %}'] },
  { name: 'template syntax in a fenced code block', body: '```\n{{< figure >}} {% include x %} {{ site.url }} [gallery]\n```', tags: [] },
  { name: 'template syntax in indented code', body: 'Para\n\n    {{< figure >}}', tags: [] },
  { name: 'template syntax in inline code', body: 'Use `{{< figure >}}` and ``{% raw %}``', tags: [] },
  { name: 'template syntax in <pre> and <code> inside Markdown', body: '<pre>\n{{< figure >}}\n</pre>\n\nInline <code>{% x %}</code> too', tags: [] },
  { name: 'template syntax in an HTML comment', body: '<!-- {{< figure >}} -->', tags: [] },
  { name: 'unclosed braces are text', body: 'a {{ b and {% c', tags: [] },
  { name: 'MDX import and export', body: "import Tabs from '@theme/Tabs'\nexport const x = 1\n\nText", tags: ['import'] },
  { name: 'MDX export after a blank line', body: "Text\n\nexport default function X() {}", tags: ['export'] },
  { name: 'a sentence that begins with import', body: 'import the key first, then export it.', tags: [] },
  { name: 'import inside a list is not MDX', body: "- import X from 'y'", tags: [] },
  { name: 'Docusaurus admonitions', body: ':::note[Heads up]\nText\n:::\n\n:::tip Title\nMore\n:::', tags: [':::note', ':::', ':::tip', ':::'] },
  { name: 'kramdown attribute lists on a line of their own', body: '{: .note .info}\nPass it.\n\n> Tip\n{: .prompt-tip }\n\n* TOC\n{:toc}', tags: ['{: }', '{: }', '{: }'] },
  { name: 'heading ids in braces', body: '## Settings {#settings-asciidoc}\n\nText {#not-a-heading}\n\n### Styled {.fancy}', tags: ['{#id}'] },
  { name: 'attribute syntax in code, spans and Ruby hashes', body: '```\n{: .note}\n## A {#b}\n```\n\nRuby `{:a => 1}` and [x](y){:target="_blank"} and {::comment}', tags: [] },
  { name: 'colons in prose, code and a definition list', body: 'Ratio 3:::1 and `:::note` and\n\n```\n:::note\n```', tags: [] },
  { name: 'MkDocs admonitions and collapsibles (pymdown)', body: '!!! note "Heads up"\n    Text\n\n???+ tip\n    More\n\n??? Warning "Careful"\n    Even more', tags: ['!!! note', '??? tip', '??? warning'] },
  { name: 'Material for MkDocs content tabs', body: '=== "Linux"\n\n    apt install x\n\n===! "macOS"\n\n    brew install x', tags: ['=== "…"', '=== "…"'] },
  { name: 'pymdown snippets, one line and the block form', body: '--8<-- "includes/abbreviations.md"\n\nText\n\n--8<--\nfile-a.md\n--8<--', tags: ['--8<--', '--8<--', '--8<--'] },
  { name: 'pymdown shapes in code, prose and a setext heading', body: 'Wow!!! Great\n\n```\n!!! note\n=== "Tab"\n--8<-- "a.md"\n```\n\nA heading\n===\n\nSee `!!! note`, a !!! note, x === "y"\n\nscissors --8<-- here\n\n!!!\n\n???', tags: [] },
  { name: 'Hexo tag plugins', body: '{% asset_img cover.png "A cover" %}\n\n{% post_link hello-world %}\n\n{%- youtube abc -%}\n\n{% blockquote David, Awake %}\nQuote\n{% endblockquote %}', tags: ['{% asset_img %}', '{% post_link %}', '{% youtube %}', '{% blockquote %}', '{% endblockquote %}'] },
  { name: 'NexT tags', body: '{% note info %}\nHeads up\n{% endnote %}\n\n{% tabs demo %}\n<!-- tab A -->\nA\n<!-- endtab -->\n{% endtabs %}', tags: ['{% note %}', '{% endnote %}', '{% tabs %}', '{% endtabs %}'] },
  { name: 'Hexo codeblock: its content is code', body: "{% codeblock lang:js %}\nconst s = '{{ title }}' // {% x %}\n{% endcodeblock %}\n\n{% code %}\n{{ y }}\n{% endcode %}", tags: ['{% codeblock %}', '{% endcodeblock %}', '{% code %}', '{% endcode %}'] },
  { name: 'JSX component blocks', body: 'Text\n\n<Tabs>\n<TabItem value="a">\n\nA\n\n</TabItem>\n</Tabs>', tags: ['<Tabs>', '<TabItem>', '<TabItem>', '<Tabs>'] },
  { name: 'self-closing JSX inline', body: 'See <Badge text="new" /> here', tags: ['<Badge>'] },
  { name: 'a capitalized word in angle brackets in a sentence', body: 'A List<String> of names', tags: [] },
  { name: 'JSX expression attribute printed as text', body: '<div style={{color: "red"}}>x</div>', tags: ['={{ }}'] },
  { name: 'WordPress core shortcode in HTML', type: 'html', body: '<p>[gallery ids="1,2"]</p>', tags: ['[gallery]'] },
  { name: 'WordPress caption around HTML', type: 'html', body: '[caption id="a" align="alignnone"]<img src="https://cdn.example/a.png" alt="a"> A caption[/caption]', tags: ['[caption]', '[caption]'] },
  { name: 'WordPress core shortcode in Markdown', body: 'Before\n\n[embed]https://video.example/x[/embed]', tags: ['[embed]', '[embed]'] },
  { name: "WordPress's own escape", type: 'html', body: '<p>Write [[gallery]] to show the tag</p>', tags: [] },
  { name: 'footnote-like brackets', type: 'html', body: '<p>As shown [1] and [^2] and [sic] and [x]</p>', tags: [] },
  { name: 'Markdown link and reference shapes', body: '[gallery](https://x.example) and [caption][ref] and [video]: not a definition', tags: [] },
  { name: 'a CSS attribute selector', type: 'html', body: '<p>Style a[href="x"] links</p>', tags: [] },
  { name: 'a bracketed word alone', type: 'html', body: '<p>[note] Remember this</p>', tags: [] },
  { name: 'unknown shortcode with a quoted attribute', type: 'html', body: '<p>[button url="/x/"]</p>', tags: ['[button]'], code: 'unknown_shortcode' },
  { name: 'unknown enclosing shortcode', type: 'html', body: '<p>[latex]x^2[/latex]</p>', tags: ['[latex]', '[latex]'], code: 'unknown_shortcode' },
  { name: 'shortcode in <pre>', type: 'html', body: '<pre>[gallery ids="1"]\n{{< figure >}}</pre>', tags: [] },
  { name: 'shortcode in a plain-text body', type: 'plaintext', body: 'Hello [gallery] and {{< figure >}} and {% if %}', tags: ['[gallery]', '{{< figure >}}', '{% if %}'] },
]

describe('template syntax printed as text', () => {
  test.each(templateRows)('$name', ({ type, body, tags, code }) => {
    const result = checkSite(site(body, { type }))
    const found = bodyFindings(result).filter((f) => f.code === 'template_syntax' || f.code === 'unknown_shortcode')
    expect(found.map((f) => f.target)).toEqual(tags)
    if (tags.length > 0) expect(new Set(found.map((f) => f.code))).toEqual(new Set([code ?? 'template_syntax']))
  })

  test('each tag has its body line, and totals count by tag', () => {
    const result = checkSite(site('One\n\n{{< figure >}}\n\nTwo {{< figure >}} and {% include x %}'))
    expect(bodyFindings(result).map((f) => [f.line, f.target])).toEqual([
      [3, '{{< figure >}}'],
      [5, '{{< figure >}}'],
      [5, '{% include %}'],
    ])
    expect(result.totals.templates).toEqual({ total: 3, by_tag: { '{{< figure >}}': 2, '{% include %}': 1 } })
  })

  test('MkDocs and Hexo syntax is placed at its line and named in the message', () => {
    const result = checkSite(site('Intro\n\n!!! tip "Note"\n    Text\n\n{% asset_img a.png %}\n\n--8<-- "x.md"'))
    expect(bodyFindings(result).map((f) => [f.line, f.target, /MkDocs|Hexo/.exec(f.message)?.[0]])).toEqual([
      [3, '!!! tip', 'MkDocs'],
      [6, '{% asset_img %}', 'Hexo'],
      [8, '--8<--', 'MkDocs'],
    ])
  })

  test('many bracketed words on one line take time in proportion to the text', () => {
    // Each `[name ` looked for the next `]` and the next line break from where it stood: 160,000 on one line took
    // seconds, growing with the square of their number.
    const line = `<p title="x">${'[a b] '.repeat(200_000)}${'[a '.repeat(200_000)}[gallery]</p>`
    const start = performance.now()
    const found = bodyFindings(checkSite(site(line, { type: 'html' })))
    expect(performance.now() - start).toBeLessThan(3000)
    expect(found.map((f) => f.target)).toEqual(['[gallery]'])
  })
})

describe('Markdown left in an HTML body', () => {
  test.each([
    { name: 'strong emphasis', body: '<p>This is **bold** text</p>', found: ['**bold**'] },
    { name: 'a heading at the start of a block', body: '<p>## Heading</p>\n## Another', found: ['## heading', '## heading'] },
    { name: 'a link and an image', body: '<p>See [docs](/docs/) and ![logo](/l.png)</p>', found: ['[text](url)', '![alt](src)'] },
    { name: 'a code fence', body: '<p>```js\ncode\n```</p>', found: ['```', '```'] },
    { name: 'arithmetic, hashtags, lone asterisks', body: '<p>2**3 is 8, item #1, a * b, #hashtag</p>', found: [] },
    { name: 'a heading mark after inline text', body: '<p><b>Step</b> ## 2</p>', found: [] },
    { name: 'Markdown in <code> and attributes', body: '<p><code>**x**</code> <a title="**y**" href="https://x.example">z</a></p>', found: [] },
    { name: 'brackets that are not a link', body: '<p>[sic] (see above)</p>', found: [] },
  ])('$name', ({ body, found }) => {
    const findings = bodyFindings(checkSite(site(body, { type: 'html' }))).filter((f) => f.code === 'markdown_in_html')
    expect(findings.map((f) => f.target)).toEqual(found)
  })

  test('Markdown bodies are not searched for it', () => {
    expect(codes(checkSite(site('This is **bold**')))).not.toContain('markdown_in_html')
  })
})

describe('documents', () => {
  test('an empty body is a warning; a body with text is not', () => {
    expect(checkSite(site(' \n\t\n')).findings).toContainEqual(expect.objectContaining({ code: 'empty_body', severity: 'warning', source: '/content/posts/0/content', url: '/posts/hello/' }))
    expect(codes(checkSite(site('Text')))).not.toContain('empty_body')
  })

  test('a Markdown body nested deeper than remark reads in time is a warning, not checked; a nested list that is not is read', () => {
    // 2,000 nested items with a link at the bottom: remark took minutes on such a body, then overflowed the stack.
    const deep = Array.from({ length: 2000 }, (_, k) => `${'  '.repeat(k)}- [x](/nowhere/)`).join('\n') + '\n\n\r'
    const start = performance.now()
    const found = checkSite(site(deep)).findings
    expect(performance.now() - start).toBeLessThan(5000)
    expect(found).toContainEqual(expect.objectContaining({ code: 'body_not_read', severity: 'warning', source: '/content/posts/0/content', message: expect.stringMatching(/2000 levels deep/) }))
    expect(found.map((f) => f.code)).not.toContain('broken_link')
    const shallow = Array.from({ length: 5 }, (_, k) => `${'  '.repeat(k)}- [x](/nowhere/)`).join('\n') + '\n\r'
    const read = codes(checkSite(site(shallow)))
    expect(read).toContain('broken_link')
    expect(read).not.toContain('body_not_read')
  })

  test.each([
    ['- a\n  - b\n    > c', 3],
    ['text\n    code\n', 0],
    // An upper bound: the spaces between markers count too.
    ['> > > quote', 4],
    ['* a\n+ b', 1],
  ])('markdownNestingDepth(%j) = %i', (body, depth) => {
    expect(markdownNestingDepth(body)).toBe(depth)
  })

  test('a draft is a warning that says the contract leaves its fate open', () => {
    const drafts = checkSite(site('Hi')).findings.filter((f) => f.code === 'draft')
    expect(drafts).toEqual([expect.objectContaining({ severity: 'warning', source: '/content/posts/1/status', url: '/posts/wip/' })])
    expect(drafts[0].message).toContain('contract leaves open')
  })

  test('duplicate post titles, after NFC and whitespace; distinct titles are fine', () => {
    const twin = (title: string) => (b: ReturnType<typeof createPreviewData>) => b.post({ title, slug: 'twin', author_id: 'a', published_at_iso: '2024-01-01T00:00:00Z', content: 'x' })
    expect(checkSite(site('x', { extra: twin('Hello') })).findings.filter((f) => f.code === 'duplicate_title')).toEqual([
      expect.objectContaining({ severity: 'warning', source: '/content/posts/2/title', url: '/posts/twin/', target: '/posts/hello/' }),
    ])
    expect(codes(checkSite(site('x', { extra: twin(' Hello ') })))).toContain('duplicate_title')
    expect(codes(checkSite(site('x', { extra: twin('Hello again') })))).not.toContain('duplicate_title')
  })

  test('a page no link, menu or collection reaches is a note; links, menus and collections reach', () => {
    const lonely = (b: ReturnType<typeof createPreviewData>) => b.page({ title: 'Lonely', slug: 'lonely', content: 'x' })
    expect(checkSite(site('x', { extra: lonely })).findings.filter((f) => f.code === 'unreachable')).toEqual([expect.objectContaining({ severity: 'info', source: '/content/pages/2', url: '/lonely/' })])
    expect(codes(checkSite(site('[l](/lonely/)', { extra: lonely })))).not.toContain('unreachable')
    expect(codes(checkSite(site('x', { extra: (b) => lonely(b).collection('c', { items: [{ page: 'lonely' }] }) })))).not.toContain('unreachable')
    // Only published documents pass the reach on: a draft's link does not count.
    expect(codes(checkSite(site('x', { extra: (b) => lonely(b).updatePost('wip', (p) => void (p.content = '[l](/lonely/)')) })))).toContain('unreachable')
  })

  test('posts are reached through the post index and its pages; without pagination, older posts through archives', () => {
    const many = (paginate: boolean) => (b: ReturnType<typeof createPreviewData>) => {
      let next = b.site({ posts_per_page: 2 }).postIndex({ paginate }).category({ name: 'Old' })
      for (let i = 0; i < 5; i++) next = next.post({ title: `P${i}`, slug: `p${i}`, author_id: 'a', published_at_iso: `2020-01-0${i + 1}T00:00:00Z`, content: 'x', category_slugs: i === 0 || i === 4 ? ['old'] : [] })
      return next
    }
    expect(codes(checkSite(site('x', { extra: many(true) })))).not.toContain('unreachable')
    // The one index page lists the two newest, hello and p4; p4 links its category, whose archive lists p0.
    const unreached = checkSite(site('x', { extra: many(false) })).findings.filter((f) => f.code === 'unreachable').map((f) => f.url)
    expect(unreached).toEqual(['/posts/p3/', '/posts/p2/', '/posts/p1/'])
  })

  test('an image without alternative text is a note, in Markdown and HTML; alt="" marks a decorative image', () => {
    const alts = (body: string, type: DocumentType = 'markdown') => bodyFindings(checkSite(site(body, { type }))).filter((f) => f.code === 'missing_alt').map((f) => f.target)
    expect(alts('![](/a.png) ![ ](/b.png) ![C](/c.png)')).toEqual(['/a.png', '/b.png'])
    expect(alts('<img src="/a.png"> <img src="/b.png" alt=""> <img src="/c.png" alt="C">', 'html')).toEqual(['/a.png'])
  })
})

describe('the result', () => {
  test('totals', () => {
    const result = checkSite(site('[a](/about/) [b](/nope/) [c](https://x.example) {{< figure >}}'))
    expect(result.totals).toEqual({
      documents: 4,
      // The menu's two links are among them.
      links: { internal: 4, ok: 3, broken: 1, old_origin: 0, to_drafts: 0, external: 1, not_checked: 0, unknown_site_url: 0 },
      media: { checked: false, files: 0, ok: 0, missing: 0 },
      templates: { total: 1, by_tag: { '{{< figure >}}': 1 } },
      findings: { error: 2, warning: 1, info: 0 },
    })
  })

  test('the same payload gives the same report', () => {
    const payload = site('[b](/nope/) {{< x >}} {% y %} [gallery]')
    expect(JSON.stringify(checkSite(payload))).toBe(JSON.stringify(checkSite(structuredClone(payload))))
  })

  test('does not change the payload', () => {
    const payload = site('[b](/nope/)')
    const copy = structuredClone(payload)
    checkSite(payload, { ...OLD, mediaFiles: new Set() } satisfies CheckOptions)
    expect(payload).toEqual(copy)
  })
})

// Two engineers saw `check` resolve the front page's relative URLs against the page's own path (looking for
// `home/pino-banner.png`): the Page that site.front_page names is shown at `/` (the contract: "That Page owns /"),
// where a browser resolves them.
describe("the front page's relative URLs resolve against /", () => {
  const payload = (front: string | undefined, style: Style = 'directory') => {
    let b = createPreviewData({ generator: 'check-test', generated_at: '2026-01-01T00:00:00Z' })
      .site({ title: 'S', url: 'https://site.example' })
      .permalinks({ output_style: style })
      .postIndex({ path: '/blog/' })
      .page({ title: 'Home', slug: 'home', content: '<img src="pino-banner.png" alt="Pino">\n\n[About](about/) and [the guide](docs/guide)\n' })
      .page({ title: 'About', slug: 'about', content: 'About.' })
      .page({ title: 'Guide', slug: 'guide', path: 'docs/guide', content: 'Guide.' })
    if (front !== undefined) b = b.frontPage({ page: front })
    return b.build()
  }
  // Only Home's body has links (the builder orders Pages by path).
  const broken = (p: PreviewData) => checkSite(p, { mediaFiles: new Set(['pino-banner.png']) }).findings.filter((f) => /^\/content\/pages\/\d+\/content$/.test(f.source)).map((f) => `${f.code} ${f.target}`)
  test.each<[string, string | undefined, Style, string[]]>([
    ['the front page, directory', 'home', 'directory', []],
    // html-extension serves About at /about, not /about/; Home at /home resolved these against / already.
    ['the front page, html-extension', 'home', 'html-extension', ['broken_link about/']],
    ['another page is the front page: home keeps its own base', 'about', 'directory', ['missing_media pino-banner.png', 'broken_link about/', 'broken_link docs/guide']],
    ['no front page', undefined, 'directory', ['missing_media pino-banner.png', 'broken_link about/', 'broken_link docs/guide']],
  ])('%s', (_name, front, style, findings) => {
    expect(broken(payload(front, style))).toEqual(findings)
  })
})
