import { describe, expect, test } from 'vitest'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importWordPress, summarizeReport } from 'preview-data-sdk/wordpress'
import { elementorBody } from '../../../importers/wordpress/content/elementor.js'
import { siteOriginBody } from '../../../importers/wordpress/content/siteorigin.js'
import { withFootnotes } from '../../../importers/wordpress/content/footnotes.js'
import { withPodcastEpisode } from '../../../importers/wordpress/content/podcast.js'
import { builderAutop, isBuilderLayout } from '../../../importers/wordpress/content/page-builders.js'
import { proseText } from '../../../importers/wordpress/content/prose.js'
import { earlyRenderEnv, paragraphsInShortcodeBlocks, renderBody } from '../../../importers/wordpress/content/render.js'
import { galleryShows, paragraphsAroundBlocks, renderShortcodes } from '../../../importers/wordpress/content/shortcodes.js'
import type { ShortcodeContext, ShortcodeStats } from '../../../importers/wordpress/content/shortcodes.js'

const stats = (): ShortcodeStats => ({ rendered: {}, removed: {}, dropped: {}, kept: {}, missingAttachments: [] })
const ctx: ShortcodeContext = {
  postId: 1,
  attachment: (id) => (id === 5 ? { src: '/m/a.jpg', width: 800, height: 600, alt: 'A cat', caption: '', sizes: { medium: { src: '/m/a-300x225.jpg', width: 300, height: 225 } } } : undefined),
  childAttachments: () => [],
}
const YT = '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" loading="lazy" allowfullscreen></iframe>'

describe('plugin shortcodes WordPress printed without their plugin here', () => {
  // [shortcode as written, HTML it becomes, the count it adds]
  const rows: Array<[string, string, string]> = [
    ['[youtube https://www.youtube.com/watch?v=dQw4w9WgXcQ]', YT, 'rendered youtube'],
    ['[youtube=https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;w=640&amp;h=385]', YT, 'rendered youtube'],
    ['[youtube dQw4w9WgXcQ]', YT, 'rendered youtube'],
    ['[vimeo 76979871 w=400 h=300]', '<iframe width="560" height="315" src="https://player.vimeo.com/video/76979871" loading="lazy" allowfullscreen></iframe>', 'rendered vimeo'],
    ['[dailymotion id=x8abc]', '<iframe width="560" height="315" src="https://www.dailymotion.com/embed/video/x8abc" loading="lazy" allowfullscreen></iframe>', 'rendered dailymotion'],
    ['[tweet 20]', '<a href="https://twitter.com/i/status/20">https://twitter.com/i/status/20</a>', 'rendered tweet'],
    ['[gist octocat/abc123]', '<a href="https://gist.github.com/octocat/abc123">https://gist.github.com/octocat/abc123</a>', 'rendered gist'],
    ['[googlemaps https://maps.google.com/maps?q=paris&amp;output=embed&amp;w=500&amp;h=300]', '<iframe width="500" height="300" src="https://maps.google.com/maps?q=paris&amp;output=embed&amp;w=500&amp;h=300" loading="lazy"></iframe>', 'rendered googlemaps'],
    ['[soundcloud url="https://api.soundcloud.com/tracks/123?a=1&amp;b=2"]', '<iframe width="560" height="166" src="https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F123%3Fa%3D1%26b%3D2" loading="lazy" allowfullscreen></iframe>', 'rendered soundcloud'],
    ['[wpvideo bd2G0c0g]', '<iframe width="560" height="315" src="https://videopress.com/embed/bd2G0c0g" loading="lazy" allowfullscreen></iframe>', 'rendered wpvideo'],
    // What cannot be embedded goes as a shortcode whose plugin is gone: reported, never printed.
    ['[youtube not a video]', '', 'dropped youtube'],
    ['[vc_custom_heading text="Our %26 story" font_container="tag:h3|text_align:left"]', '<h3>Our &amp; story</h3>', 'rendered vc_custom_heading'],
    ['[vc_btn title="Go" link="url:https%3A%2F%2Fexample.com%2Fa|title:A|target:_blank"]', '<p><a href="https://example.com/a">Go</a></p>', 'rendered vc_btn'],
    ['[vc_btn title="Evil" link="url:javascript%3Aalert(1)"]', '<p>Evil</p>', 'rendered vc_btn'],
    ['[vc_single_image image="5" img_size="medium"]', '<figure class="wp-block-image"><img src="/m/a-300x225.jpg" width="300" height="225" alt="A cat" loading="lazy" /></figure>', 'rendered vc_single_image'],
    ['[vc_single_image image="404"]', '', 'dropped vc_single_image'],
    ['[vc_raw_html]JTNDcCUzRVJhdyUzQyUyRnAlM0U=[/vc_raw_html]', '<p>Raw</p>', 'rendered vc_raw_html'],
    ['[vc_separator]', '<hr />', 'rendered vc_separator'],
    ['[vc_empty_space height="32px"]', '', 'removed vc_empty_space'],
    ['[et_pb_image src="/m/a.jpg" alt="A %22cat%22"][/et_pb_image]', '<figure class="wp-block-image"><img src="/m/a.jpg" alt="A &quot;cat&quot;" loading="lazy" /></figure>', 'rendered et_pb_image'],
    ['[et_pb_button button_url="/shop/" button_text="Shop"][/et_pb_button]', '<p><a href="/shop/">Shop</a></p>', 'rendered et_pb_button'],
    ['[et_pb_toggle title="More"]Body[/et_pb_toggle]', '<h4>More</h4>Body', 'rendered et_pb_toggle'],
    ['[su_button url="https://example.com"]Click[/su_button]', '<a href="https://example.com">Click</a>', 'rendered su_button'],
    ['[contact-form-7 id="4" title="Contact"]', '', 'dropped contact-form-7'],
    ['[contact-form][contact-field label="Name"/][/contact-form]', '', 'dropped contact-form'],
    ['[su_note]Kept text[/su_note]', 'Kept text', 'removed su_note'],
    ['[fusion_title size="3"]Our team[/fusion_title]', '<h3>Our team</h3>', 'rendered fusion_title'],
    ['[fusion_button link="/contact/"]Contact us[/fusion_button]', '<p><a href="/contact/">Contact us</a></p>', 'rendered fusion_button'],
    ['[fusion_youtube id="dQw4w9WgXcQ"][/fusion_youtube]', YT, 'rendered fusion_youtube'],
    // Avada's image frame holds its image's URL (an <img> before Avada 5), else names its attachment: the image, linked or not.
    ['[fusion_imageframe image_id="5|full" link="/team/"]https://x.test/team.jpg[/fusion_imageframe]', '<figure class="wp-block-image"><a href="/team/"><img src="https://x.test/team.jpg" alt="" loading="lazy" /></a></figure>', 'rendered fusion_imageframe'],
    ['[fusion_imageframe image_id="5|medium" lightbox="yes"][/fusion_imageframe]', '<figure class="wp-block-image"><img src="/m/a-300x225.jpg" width="300" height="225" alt="A cat" loading="lazy" /></figure>', 'rendered fusion_imageframe'],
    ['[fusion_imageframe style_type="none"]<img src="/m/old.jpg" alt="Old" />[/fusion_imageframe]', '<figure class="wp-block-image"><img src="/m/old.jpg" alt="Old" /></figure>', 'rendered fusion_imageframe'],
    ['[fusion_gallery_image image="https://x.test/g.jpg" image_id="404|full"][/fusion_gallery_image]', '<figure class="gallery-item"><img src="https://x.test/g.jpg" alt="" loading="lazy" /></figure>', 'rendered fusion_gallery_image'],
    ['[fusion_tab title="Specs"]Weight: 2 kg[/fusion_tab]', '<h3>Specs</h3>Weight: 2 kg', 'rendered fusion_tab'],
    ['[fusion_toggle title="Shipping?" open="no"]Free.[/fusion_toggle]', '<h4>Shipping?</h4>Free.', 'rendered fusion_toggle'],
    ['[et_pb_slide heading="Spring sale" button_text="Shop" button_link="/shop/"]<p>20% off</p>[/et_pb_slide]', '<h2>Spring sale</h2><p>20% off</p><p><a href="/shop/">Shop</a></p>', 'rendered et_pb_slide'],
    ['[et_pb_fullwidth_image src="/m/wide.jpg" alt="Wide"][/et_pb_fullwidth_image]', '<figure class="wp-block-image"><img src="/m/wide.jpg" alt="Wide" loading="lazy" /></figure>', 'rendered et_pb_fullwidth_image'],
    ['[et_pb_team_member name="Ana" position="Chef" image_url="/m/ana.jpg"]<p>Cooks.</p>[/et_pb_team_member]', '<img src="/m/ana.jpg" alt="Ana" loading="lazy" /><h4>Ana</h4><p>Chef</p><p>Cooks.</p>', 'rendered et_pb_team_member'],
    ['[et_pb_audio audio="https://x.test/a.mp3" title="Episode 1"][/et_pb_audio]', '<h4>Episode 1</h4><audio controls preload="metadata" src="https://x.test/a.mp3"></audio>', 'rendered et_pb_audio'],
    ['[fusion_content_box title="Fast" image="/m/i.png" link="/about/" linktext="More"]We are quick.[/fusion_content_box]', '<img src="/m/i.png" alt="" loading="lazy" /><h3>Fast</h3>We are quick.<p><a href="/about/">More</a></p>', 'rendered fusion_content_box'],
    ['[fusion_checklist icon="fa-check"][fusion_li_item]One[/fusion_li_item][fusion_li_item]Two[/fusion_li_item][/fusion_checklist]', '<ul><li>One</li><li>Two</li></ul>', 'rendered fusion_checklist'],
    ['[et_pb_gallery gallery_ids="5,404"][/et_pb_gallery]', '<div class="gallery gallery-columns-3 gallery-size-thumbnail"><figure class="gallery-item"><a href="/m/a.jpg"><img src="/m/a.jpg" width="800" height="600" alt="A cat" loading="lazy" /></a></figure></div>', 'rendered et_pb_gallery'],
    ['[fusion_gallery image_ids="5"][/fusion_gallery]', '<div class="gallery gallery-columns-3 gallery-size-thumbnail"><figure class="gallery-item"><a href="/m/a.jpg"><img src="/m/a.jpg" width="800" height="600" alt="A cat" loading="lazy" /></a></figure></div>', 'rendered fusion_gallery'],
    ['[av_heading heading="Welcome" tag="h1"]', '<h1>Welcome</h1>', 'rendered av_heading'],
    ['[av_button label="Book" link="manually,https://example.com/book"]', '<p><a href="https://example.com/book">Book</a></p>', 'rendered av_button'],
    ['[recipe title="Soup"]Boil water.[/recipe]', '<h3>Soup</h3>Boil water.', 'rendered recipe'],
    // Written bare, alone in their paragraph: a store listing and a table of contents only their plugin can build.
    ['<p>[downloads]</p>', '', 'dropped downloads'],
    ['<p>[lwptoc]</p>', '', 'dropped lwptoc'],
    ['[tabby title="Sizes"]\n\nS, M, L\n\n[tabbyending]', '<h3>Sizes</h3>\n\nS, M, L\n\n', 'rendered tabby'],
  ]
  test.each(rows)('%s', (input, html, counted) => {
    const s = stats()
    expect(paragraphsAroundBlocks(renderShortcodes(input, ctx, s))).toBe(html)
    const [kind, name] = counted.split(' ') as ['rendered' | 'removed' | 'dropped', string]
    expect(s[kind][name]).toBe(1)
  })

  test('kept as written with keepShortcodes', () => {
    const s = stats()
    expect(renderShortcodes('[youtube dQw4w9WgXcQ] [vc_separator]', { ...ctx, keepShortcodes: true }, s)).toBe('[youtube dQw4w9WgXcQ] [vc_separator]')
    expect(s.kept).toEqual({ youtube: 1, vc_separator: 1 })
  })

  test('shortcodes written one against the other are all shortcodes; code is not', () => {
    const s = stats()
    expect(renderShortcodes('[vc_column width="1/2"][vc_single_image image="5"][vc_btn title="Go" link="url:%2Fa"][/vc_column] a[i][j] = x[k=1];', ctx, s)).not.toContain('[vc_')
    expect(renderShortcodes('a[i][j] = x[k=1]; [x][y=1]', ctx, stats())).toBe('a[i][j] = x[k=1]; [x][y=1]')
  })

  test('a block drawn in a paragraph closes it and opens it again; empty paragraphs go', () => {
    expect(renderShortcodes('<p>Intro [vc_custom_heading text="H"] more</p>', ctx, stats())).toBe('<p>Intro </p><h2>H</h2><p> more</p>')
    expect(renderShortcodes('<p>[vc_custom_heading text="H"]</p>\n<p>Next</p>', ctx, stats())).toBe('<h2>H</h2><p>Next</p>')
    expect(paragraphsAroundBlocks('<p>a\u0001<div><p>b</p></div>\u0002c</p>')).toBe('<p>a</p><div><p>b</p></div><p>c</p>')
  })

  test('the images WPBakery shows by id make the body wait for the export attachments', () => {
    expect(galleryShows('[vc_single_image image="7"][vc_gallery images="8,9"]', 1)).toEqual({ ids: [8, 9, 7], parents: [] })
    expect(galleryShows('[et_pb_gallery gallery_ids="3,4"][fusion_gallery image_ids="5"][fusion_gallery_image image_id="6|full"][fusion_imageframe image_id="7|medium"]', 1)).toEqual({ ids: [3, 4, 5, 6, 7], parents: [] })
  })
})

describe('page builder layouts', () => {
  test('only text elements get paragraphs; the layout is not wrapped', () => {
    expect(isBuilderLayout('[vc_row][vc_column]x[/vc_column][/vc_row]')).toBe(true)
    expect(isBuilderLayout('A [vc_btn title="x"] alone')).toBe(false)
    expect(builderAutop('[vc_row][vc_column][vc_column_text css=".a{}"]One\n\nTwo[/vc_column_text][vc_column_text]Three[/vc_column_text][/vc_column][/vc_row]')).toBe(
      '[vc_row][vc_column][vc_column_text css=".a{}"]<p>One</p>\n<p>Two</p>\n[/vc_column_text][vc_column_text]<p>Three</p>\n[/vc_column_text][/vc_column][/vc_row]',
    )
  })
  test('a whole Divi layout reads as its owner wrote it', () => {
    const env = earlyRenderEnv(stats(), {})
    const raw = '[et_pb_section][et_pb_row][et_pb_column type="4_4"][et_pb_text]Hello\n\nWorld[/et_pb_text][et_pb_button button_url="/a/" button_text="Go"][/et_pb_button][/et_pb_column][/et_pb_row][/et_pb_section]'
    expect(renderBody(raw, 1, env).html).toBe('<p>Hello</p>\n<p>World</p>\n<p><a href="/a/">Go</a></p>')
  })
})

describe('blocks plugins and WordPress render from elsewhere', () => {
  test('the footnotes block is rendered from the footnotes meta', () => {
    const raw = '<p>A<sup data-fn="x" class="fn"><a href="#x" id="x-link">1</a></sup>.</p>\n<!-- wp:footnotes {"style":{"a":{"b":1}}} /-->'
    expect(withFootnotes(raw, '[{"id":"x","content":"A <em>note</em>"}]')).toBe(
      '<p>A<sup data-fn="x" class="fn"><a href="#x" id="x-link">1</a></sup>.</p>\n<ol class="wp-block-footnotes"><li id="x">A <em>note</em> <a href="#x-link" aria-label="Jump to footnote reference 1">↩︎</a></li></ol>',
    )
    expect(withFootnotes(Buffer.from('<!-- wp:footnotes /-->'), '[{"id":"x","content":"N"}]')).toContain('<li id="x">N ')
    // Without usable notes the body is as it was (and the block is reported as dynamic).
    for (const meta of [undefined, '', 'not json', '{}', '[{"id":1}]']) expect(withFootnotes('<!-- wp:footnotes /-->', meta)).toBe('<!-- wp:footnotes /-->')
    // References and the list are not prose: the excerpt leaves them out, as WordPress's does.
    expect(proseText(withFootnotes(raw, '[{"id":"x","content":"A note"}]') as string)).toBe('A.')
  })
  test('the Shortcode block puts its text in paragraphs', () => {
    expect(paragraphsInShortcodeBlocks('<!-- wp:shortcode -->\n[x]Hi[/x]\n<!-- /wp:shortcode -->')).toBe('<!-- wp:shortcode --><p>[x]Hi[/x]</p>\n<!-- /wp:shortcode -->')
    expect(paragraphsInShortcodeBlocks('<!-- /wp:shortcode --> no opener')).toBe('<!-- /wp:shortcode --> no opener')
  })
})

describe('shortcodes of plugins nobody listed', () => {
  test('a widget alone in its paragraph is dropped and reported; bracketed words in prose stay', () => {
    const s = stats()
    expect(renderShortcodes('<p>[instagram-feed]</p>\n<p>See [ez-toc] and [my_note] here; [sic] [x]</p>\n<p>[sic]</p>\n<p> [custom_facebook_feed]\n</p>', ctx, s)).toBe(
      '<p>See [ez-toc] and [my_note] here; [sic] [x]</p>\n<p>[sic]</p>\n',
    )
    expect(s.dropped).toEqual({ 'instagram-feed': 1, custom_facebook_feed: 1 })
    // A config file's section on a line of its own is text (everet-zh-cn's rsync configuration).
    expect(renderShortcodes('<blockquote><p>[et_wordpress]<br />\npath = /var/www</p></blockquote>', ctx, stats())).toBe('<blockquote><p>[et_wordpress]<br />\npath = /var/www</p></blockquote>')
  })
  test('a video shortcode around a bare link becomes the player', () => {
    const s = stats()
    expect(renderShortcodes('[embedyt]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embedyt]', ctx, s)).toBe(YT)
    expect(s.rendered).toEqual({ embedyt: 1 })
  })
})

describe('pages Elementor built', () => {
  test('the layout gives the body, in order; widgets only Elementor draws are counted', () => {
    const data = JSON.stringify([
      { elType: 'section', elements: [{ elType: 'column', elements: [
        { elType: 'widget', widgetType: 'heading', settings: { title: 'Hi', header_size: 'h3', link: { url: 'javascript:x' } } },
        { elType: 'widget', widgetType: 'slides', settings: {} },
        { elType: 'widget', widgetType: 'button', settings: { text: 'Go', link: { url: '/go/' } } },
      ] }] },
    ])
    expect(elementorBody(data)).toEqual({ html: '<h3>Hi</h3>\n<p><a href="/go/">Go</a></p>\n', skipped: { slides: 1 } })
  })
  test('what is not a layout gives nothing, and a layout nested past reason stops', () => {
    for (const data of ['', '{', '{}', 'null', '"x"']) expect(elementorBody(data)).toBeUndefined()
    let deep: unknown = [{ elType: 'widget', widgetType: 'heading', settings: { title: 'Deep' } }]
    for (let i = 0; i < 1000; i++) deep = [{ elType: 'section', elements: deep }]
    expect(elementorBody(JSON.stringify(deep))).toEqual({ html: '', skipped: {} })
  })
})

describe("pages SiteOrigin's Page Builder laid out", () => {
  // panels_data as the plugin saves it: PHP-serialized, strings measured in UTF-8 bytes.
  const php = (v: unknown): string => {
    if (typeof v === 'string') return `s:${Buffer.byteLength(v)}:"${v}";`
    if (typeof v === 'number') return `i:${v};`
    if (typeof v === 'boolean') return `b:${v ? 1 : 0};`
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v as object)
    return `a:${entries.length}:{${entries.map(([k, x]) => (typeof k === 'number' ? `i:${k};` : php(k)) + php(x)).join('')}}`
  }
  const layout = (...widgets: Array<Record<string, unknown>>) => php({ widgets: widgets.map(({ class: c, ...w }) => ({ ...w, panels_info: { class: c, grid: 0, cell: 0 } })), grids: [], grid_cells: [] })

  test.each([
    ['a text widget, paragraphs when it asks for them', layout({ class: 'WP_Widget_Text', title: 'About', text: 'One\n\nTwo', filter: true }), '<h3 class="widget-title">About</h3><p>One</p>\n<p>Two</p>\n', {}],
    ["the builder's editor (paragraphs unless turned off) and custom HTML", layout({ class: 'SiteOrigin_Widget_Editor_Widget', title: '', text: 'Café' }, { class: 'WP_Widget_Custom_HTML', title: '', content: '<div>x</div>' }), '<p>Café</p>\n<div>x</div>\n', {}],
    ['images with a URL, linked; one named by id alone is counted', layout({ class: 'WP_Widget_Media_Image', url: '/m/a.jpg', alt: 'A', link_url: '/x/' }, { class: 'SiteOrigin_Widget_Image_Widget', image: 5, image_fallback: '' }), '<figure class="wp-block-image"><a href="/x/"><img src="/m/a.jpg" alt="A" loading="lazy" /></a></figure>\n', { SiteOrigin_Widget_Image_Widget: 1 }],
    ['headline and button', layout({ class: 'SiteOrigin_Widget_Headline_Widget', headline: { text: 'Big', tag: 'h2' }, sub_headline: { text: 'small' } }, { class: 'SiteOrigin_Widget_Button_Widget', text: 'Go', url: 'javascript:alert(1)' }), '<h2>Big</h2><h3>small</h3>\n<p>Go</p>\n', {}],
    ['a video, and a slider only the plugin draws', layout({ class: 'WP_Widget_Media_Video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, { class: 'SiteOrigin_Widget_Slider_Widget', frames: [] }), YT + '\n', { SiteOrigin_Widget_Slider_Widget: 1 }],
  ])('%s', (_name, data, html, skipped) => {
    expect(siteOriginBody(data)).toEqual({ html, skipped })
  })

  test('what is not a layout gives nothing', () => {
    for (const data of ['', 'a:1:{', 's:1:"x";', php({ grids: [] }), '{"widgets":[]}']) expect(siteOriginBody(data)).toBeUndefined()
  })
})

describe('podcast episodes (Blubrry PowerPress)', () => {
  const settings = 'a:1:{s:8:"duration";s:5:"30:00";}'
  const player = (kind: string, src: string) => `<figure class="wp-block-${kind} powerpress-player"><${kind} controls preload="none" src="${src}"></${kind}></figure>`
  // [enclosure meta, what is added after the body]
  test.each([
    ['an audio episode', `https://x.test/e1.mp3\n1234\naudio/mpeg\n${settings}`, `\n\n${player('audio', 'https://x.test/e1.mp3')}`],
    ['a URL with a quote in it', `https://x.test/v.mp4?a=1&b="2"\n1\nvideo/mp4\n${settings}`, ''],
    ['a video episode', `https://x.test/v.mp4?a=1&b=2\n1\nvideo/mp4\n${settings}`, `\n\n${player('video', 'https://x.test/v.mp4?a=1&amp;b=2')}`],
    ['the player turned off', 'https://x.test/e1.mp3\n1\naudio/mpeg\na:1:{s:9:"no_player";i:1;}', ''],
    ["WordPress's own enclosure (three lines)", 'https://x.test/e1.mp3\n1234\naudio/mpeg\n', ''],
    ['a file that is no audio or video', `https://x.test/a.pdf\n1\napplication/pdf\n${settings}`, ''],
    ['no web URL', `javascript:alert(1)\n1\naudio/mpeg\n${settings}`, ''],
    ['settings that are no PHP array', 'https://x.test/e1.mp3\n1\naudio/mpeg\na:1:{broken', ''],
    ['no enclosure', undefined, ''],
  ])('%s', (_, enclosure, added) => {
    expect(withPodcastEpisode('<p>Notes</p>', enclosure)).toBe(`<p>Notes</p>${added}`)
  })
  test('the player stays out of the paragraphs of a classic body, and out of its excerpt', () => {
    const body = renderBody(withPodcastEpisode('Notes\n\nMore', `https://x.test/e1.mp3\n1\naudio/mpeg\n${settings}`) as string, 1, earlyRenderEnv(stats(), {}))
    expect(body.html).toBe(`<p>Notes</p>\n<p>More</p>\n${player('audio', 'https://x.test/e1.mp3')}\n`)
    expect(proseText(body.html)).toBe('Notes More')
  })
})

describe('podcast episodes of password-protected posts', () => {
  // PowerPress prints no player while post_password_required(): kept as drafts, such posts get none.
  test('a password-protected episode kept as a draft gets no player; the same episode without its password does', async () => {
    const xml = readFileSync(fileURLToPath(new URL('../../fixtures/wordpress/podcast-episodes.xml', import.meta.url)), 'utf8')
    const dir = mkdtempSync(join(tmpdir(), 'podcast-password-'))
    const players = async (text: string) => {
      const file = join(dir, 'export.xml')
      writeFileSync(file, text)
      const { payload } = await importWordPress(file, { generatedAt: '2026-01-01T00:00:00Z', passwordProtected: 'draft' })
      return (payload.content.posts ?? []).filter((p) => p.content.includes('powerpress-player')).map((p) => p.title)
    }
    try {
      expect(await players(xml)).toContain('Episode One')
      const locked = xml.replace('<wp:post_password><![CDATA[]]>', '<wp:post_password><![CDATA[secret]]>')
      expect(locked).not.toBe(xml)
      const shown = await players(locked)
      expect(shown).not.toContain('Episode One')
      expect(shown).toContain('Episode Video')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('Advanced Custom Fields', () => {
  test('no field value reaches the payload, and the report counts the fields left out', async () => {
    const file = fileURLToPath(new URL('../../fixtures/wordpress/acf-fields.xml', import.meta.url))
    const { payload, report } = await importWordPress(file, { generatedAt: '2026-01-01T00:00:00Z' })
    const values = ['1280', 'Supplier owes us', 'Tue–Sat', 'field_5f3a9c1b2d4e6']
    // The export holds every value, so their absence from the payload says the importer left them out.
    for (const value of values) expect(readFileSync(file, 'utf8')).toContain(value)
    for (const value of values) expect(JSON.stringify(payload)).not.toContain(value)
    expect(report.custom_fields).toEqual({ acf: { items: 2, fields: 3 } })
    // The contract's Post/Page `data` holds structured data: the summary says why the fields are left out, not that
    // the payload has no place for them.
    expect(summarizeReport(report).split('\n')).toContain("Advanced Custom Fields: 3 fields on 2 items not imported: a field may hold what the theme never showed; a post's or page's `data` could carry those its templates printed.")
  })
})
