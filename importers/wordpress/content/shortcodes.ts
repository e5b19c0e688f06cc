import { fromMatch, attrs as parseAttrs, replace as replaceFromStart } from '@wordpress/shortcode'
import { LIMITS } from '../limits.js'
import { renderCaption } from './caption.js'
import { embedHtml } from './embeds.js'
import { texturize } from './texturize.js'
import type { ShortcodeNames } from './texturize.js'
import { decodeEntities, escapeAttribute, escapeText, hasPreOrCode, isSpace } from './html.js'
import { FORM_SHORTCODES, LAYOUT_SHORTCODES, PLUGIN_SHORTCODES } from './plugin-shortcodes.js'
import type { ShortcodeAttrs } from './plugin-shortcodes.js'

/**
 * `replace` of @wordpress/shortcode, in time linear in the text. Its pattern (WordPress's own) looks for a closing
 * tag after every opening one, to the end of the text when there is none, so a body of many unclosed tags took
 * time growing with the square of its size (800 KB of `[caption id="x"]`: 43 s). No opening tag after the last
 * closing one can be closed, so that part is matched by the same pattern without its closing branch, and the part
 * before goes through `replace` itself, which finds the same shortcodes there as in the whole text.
 * @example
 * replaceShortcode('b', '[b]x[/b] [b]', (sc) => sc.type) // 'closed single'
 */
export function replaceShortcode(tag: string, text: string, callback: Parameters<typeof replaceFromStart>[2]): string {
  const closer = `[/${tag}]`
  const last = text.lastIndexOf(closer)
  let cut = last < 0 ? 0 : last + closer.length
  // An escaped shortcode, `[[b]x[/b]]`, keeps its last bracket with it.
  if (text[cut] === ']') cut++
  const head = cut > 0 ? replaceFromStart(tag, text.slice(0, cut), callback) : ''
  const tail = text.slice(cut)
  if (!tail.includes(`[${tag}`)) return head + tail
  const unclosed = new RegExp(`\\[(\\[?)(${tag})(?![\\w-])([^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?)(\\/)?\\](\\]?)`, 'g')
  // A tag ends with `]` (an escaped one with `]]`), so none lies past the last `]`; there, `[video` read on to the end
  // from every `[` (quadratic).
  const end = tail.lastIndexOf(']') + 1
  return (
    head +
    tail.slice(0, end).replace(unclosed, (match: string, left: string, name: string, attrs: string, slash: string | undefined, right: string) => {
      if (left === '[' && right === ']') return match
      // As the library's pattern would give them: no content and no closing tag.
      const result = callback(fromMatch([match, left, name, attrs, slash, undefined, undefined, right] as unknown as ArrayLike<string>))
      return result || result === '' ? left + result + right : match
    }) +
    tail.slice(end)
  )
}

/** An image as shortcodes need it: a URL and, when known, its size. */
export interface ShortcodeImage {
  src: string
  width?: number
  height?: number
  alt: string
  /** The attachment's excerpt as stored: HTML. */
  caption: string
  /** Named size variants from the attachment metadata (`thumbnail`, `medium`…). */
  sizes: Record<string, { src: string; width: number; height: number }>
}

/** What shortcode rendering may look up about the export. */
export interface ShortcodeContext {
  /** The WordPress id of the item being rendered (a gallery without ids shows its attached images). */
  postId: number
  /** Keep shortcodes that are not rendered as they are written (`--keep-shortcodes`), instead of removing their tags. */
  keepShortcodes?: boolean
  attachment(id: number): ShortcodeImage | undefined
  /** Ids of the attachments whose parent is `postId`, in WordPress's gallery order (menu_order, then id). */
  childAttachments(postId: number): number[]
}

/**
 * What rendering did, for the report: shortcodes rendered, removed (their inner text kept), dropped (removed with
 * nothing in their place: a form, a plugin's widget) and kept as written.
 */
export interface ShortcodeStats {
  rendered: Record<string, number>
  removed: Record<string, number>
  dropped: Record<string, number>
  /** The same by post: `<post id>:<name>`, so the report can say where each was. */
  droppedIn?: Record<string, number>
  kept: Record<string, number>
  missingAttachments: number[]
}

type Attrs = ShortcodeAttrs

const bump = (map: Record<string, number>, key: string) => {
  map[key] = (map[key] ?? 0) + 1
}

const dimension = (v: string | undefined): number | undefined => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 && n < 100000 ? n : undefined
}

function renderGallery(a: Attrs, ctx: ShortcodeContext, stats: ShortcodeStats): string {
  let ids = idList(a.named.ids ?? a.named.include)
  if (ids.length === 0) ids = ctx.childAttachments(Number(a.named.id) || ctx.postId)
  const exclude = new Set(idList(a.named.exclude))
  const size = a.named.size ?? 'thumbnail'
  const columns = Math.min(9, Math.max(1, Number(a.named.columns) || 3))
  const linkTo = a.named.link ?? ''
  const items: string[] = []
  for (const id of ids) {
    if (exclude.has(id)) continue
    const image = ctx.attachment(id)
    if (!image) {
      stats.missingAttachments.push(id)
      continue
    }
    const variant = image.sizes[size]
    const src = variant?.src ?? image.src
    const w = variant?.width ?? image.width
    const h = variant?.height ?? image.height
    const dims = w && h ? ` width="${w}" height="${h}"` : ''
    let img = `<img src="${escapeAttribute(src)}"${dims} alt="${escapeAttribute(image.alt)}" loading="lazy" />`
    // Attachment pages are not imported, so every linked gallery links to the full-size file.
    if (linkTo !== 'none') img = `<a href="${escapeAttribute(image.src)}">${img}</a>`
    // gallery_shortcode prints the attachment's excerpt, HTML as the body is, through wptexturize itself (the gallery
    // runs after the body's), when PHP's trim() leaves something of it (media.php).
    const caption = PHP_BLANK.test(image.caption) ? '' : `<figcaption class="wp-caption-text gallery-caption">${texturizeBody(image.caption)}</figcaption>`
    items.push(`<figure class="gallery-item">${img}${caption}</figure>`)
  }
  // gallery_shortcode prints nothing when it has no image to show.
  if (items.length === 0) return ''
  return `<div class="gallery gallery-columns-${columns} gallery-size-${escapeAttribute(size)}">${items.join('')}</div>`
}

// What PHP's trim() leaves nothing of: spaces, tabs, line ends, NUL and vertical tabs only.
const PHP_BLANK = /^[ \t\n\r\0\v]*0?[ \t\n\r\0\v]*$/

function renderMedia(tag: 'audio' | 'video', a: Attrs, content: string): string {
  const formats = tag === 'audio' ? ['src', 'mp3', 'm4a', 'ogg', 'wav', 'wma'] : ['src', 'mp4', 'm4v', 'webm', 'ogv', 'wmv', 'flv']
  const src = formats.map((f) => a.named[f]).find((v) => v) || content?.trim()
  const dims = tag === 'video' && dimension(a.named.width) && dimension(a.named.height) ? ` width="${dimension(a.named.width)}" height="${dimension(a.named.height)}"` : ''
  const poster = tag === 'video' && a.named.poster ? ` poster="${escapeAttribute(a.named.poster)}"` : ''
  return (src ? [src] : positionalFiles(a)).map((file) => `<${tag} controls preload="metadata" src="${escapeAttribute(file)}"${dims}${poster}></${tag}>`).join('')
}

/**
 * The files of WordPress.com's older form, `[audio URL]`, `[audio=URL]` or `[audio URL,URL2|titles=A,B]` (Jetpack's
 * audio shortcode: files before the first `|`, separated by commas), which WordPress.com still plays; web URLs only.
 * @example
 * positionalFiles({ named: {}, numeric: ['https://x.test/a.mp3|titles=A'] }) // ['https://x.test/a.mp3']
 */
function positionalFiles(a: Attrs): string[] {
  const written = decodeEntities(a.numeric.join(' ').replace(/^=/, '').split('|')[0])
  return written.split(',').map((s) => s.trim()).filter((s) => /^https?:\/\/[^\s<>"]+$/i.test(s))
}

/**
 * Core's gallery, and Jetpack's `[slideshow]` (WordPress.com), which shows the same images, chosen by the same
 * attributes (`ids`, `include`, `exclude`, `id`), one at a time: printed as the gallery readers without its script saw.
 */
const GALLERY_SHORTCODES = ['gallery', 'slideshow'] as const

/**
 * Page builders' shortcodes that show the export's attachments by id, with the attributes that name them: WPBakery's
 * galleries, carousels and single images; Divi's gallery; Avada's gallery, gallery image and image frame (whose
 * `image_id` is an id and a size, `60|full`).
 */
const BUILDER_IMAGE_IDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['vc_gallery', ['images', 'image']], ['vc_images_carousel', ['images', 'image']], ['vc_single_image', ['images', 'image']],
  ['et_pb_gallery', ['gallery_ids']], ['fusion_gallery', ['image_ids']], ['fusion_gallery_image', ['image_id']], ['fusion_imageframe', ['image_id']],
])
const BUILDER_IMAGE_SHORTCODES: readonly string[] = [...BUILDER_IMAGE_IDS.keys()]
// Builders' galleries printed as a gallery of the images they name: each with the attribute naming them and the size shown.
const BUILDER_GALLERIES = [
  { tag: 'vc_gallery', ids: 'images' }, { tag: 'vc_images_carousel', ids: 'images' }, { tag: 'et_pb_gallery', ids: 'gallery_ids' }, { tag: 'fusion_gallery', ids: 'image_ids' },
] as const

/**
 * Whether a raw body shows attachments by id (galleries, playlists, page builders' images), which may come later in
 * the export.
 */
export function showsAttachments(raw: string): boolean {
  return (
    raw.includes('[gallery') || raw.includes('[playlist') || raw.includes('[slideshow') ||
    ((raw.includes('[vc_') || raw.includes('[et_pb_') || raw.includes('[fusion_')) && BUILDER_IMAGE_SHORTCODES.some((tag) => raw.includes(`[${tag}`)))
  )
}

/** The attachments a body's galleries may show: those they name, and the children of the posts they show. */
export type GalleryShows = { ids: number[]; parents: number[] }

/**
 * What the `[gallery]` and `[playlist]` shortcodes of a raw body may show, as `renderGallery` will read them: the ids they name
 * (`ids`, `include`), or else the attachments of a post (`id`, else the body's own post).
 * @example
 * galleryShows('[gallery ids="4,5"] [gallery]', 9) // { ids: [4, 5], parents: [9] }
 */
export function galleryShows(html: string, postId: number): GalleryShows {
  const shows: GalleryShows = { ids: [], parents: [] }
  // A [playlist] lists attachments the same way (its tracks); WPBakery's images name theirs in `images` or `image`.
  for (const tag of [...GALLERY_SHORTCODES, 'playlist', ...BUILDER_IMAGE_SHORTCODES] as const) {
    if (!html.includes(`[${tag}`)) continue
    replaceShortcode(tag, html, (sc) => {
      const a = sc.attrs as Attrs
      const names = BUILDER_IMAGE_IDS.get(tag)
      if (names) {
        for (const id of idList(names.map((name) => a.named[name]).find((v) => v !== undefined))) shows.ids.push(id)
        return undefined as unknown as string
      }
      const ids = idList(a.named.ids ?? a.named.include)
      // A loop, not push(...ids): a spread of 300,000 arguments overflows the stack.
      if (ids.length > 0) for (const id of ids) shows.ids.push(id)
      else shows.parents.push(Number(a.named.id) || postId)
      return undefined as unknown as string
    })
  }
  parseAttrs.clear()
  return shows
}

/** The ids of a comma-separated list (`4, 5`); Avada writes each with its size (`60|full`). */
function idList(v: string | undefined): number[] {
  return (v ?? '').split(',').map((s) => Number(s.split('|')[0].trim())).filter((n) => Number.isInteger(n) && n > 0)
}

/**
 * A `[playlist]` as the static list WordPress prints for readers without JavaScript: a player for the first track
 * and every track as a link, in the order of `ids` (else the item's attached files).
 */
function renderPlaylist(a: Attrs, ctx: ShortcodeContext, stats: ShortcodeStats): string {
  const type = a.named.type === 'video' ? 'video' : 'audio'
  const listed = (a.named.ids ?? a.named.include ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0)
  const ids = listed.length > 0 ? listed : ctx.childAttachments(Number(a.named.id) || ctx.postId)
  const tracks: ShortcodeImage[] = []
  for (const id of ids) {
    const track = ctx.attachment(id)
    if (track) tracks.push(track)
    else stats.missingAttachments.push(id)
  }
  if (tracks.length === 0) return ''
  const items = tracks.map((t) => `<li><a href="${escapeAttribute(t.src)}">${escapeText(decodeEntities(t.caption) || fileName(t.src))}</a></li>`).join('')
  return `<figure class="wp-playlist wp-${type}-playlist"><${type} controls preload="none" src="${escapeAttribute(tracks[0].src)}"></${type}><ol class="wp-playlist-tracks">${items}</ol></figure>`
}

function fileName(url: string): string {
  const name = url.replace(/[?#].*$/, '').split('/').pop() ?? url
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

// SyntaxHighlighter's shortcodes (WordPress.com and SyntaxHighlighter Evolved): `[code]`, `[sourcecode]` and one per
// language, each with a closing tag; WordPress.com shows their content as preformatted code.
const CODE_SHORTCODES = new Set([
  'code', 'sourcecode', 'source', 'as3', 'actionscript3', 'bash', 'shell', 'coldfusion', 'cf', 'clojure', 'clj', 'cpp', 'c', 'c-sharp', 'csharp',
  'css', 'delphi', 'pas', 'pascal', 'diff', 'patch', 'erl', 'erlang', 'fsharp', 'go', 'golang', 'groovy', 'haskell', 'html', 'xhtml', 'xml', 'xslt',
  'java', 'javafx', 'jfx', 'javascript', 'js', 'jscript', 'json', 'matlab', 'objc', 'obj-c', 'perl', 'pl', 'php', 'plain', 'text', 'powershell', 'ps',
  'posh', 'python', 'py', 'r', 'splus', 'ruby', 'rails', 'ror', 'rb', 'scala', 'sql', 'swift', 'vb', 'vbnet', 'yaml',
])
const CODE_CLOSER = /\[\/([a-z][\w-]*)\]/gi

/**
 * Renders SyntaxHighlighter's code shortcodes (`[code language="css"]…[/code]`, `[python]…[/python]`) as
 * `<pre><code>`, before `wpautop` as the plugin does, so the code keeps its lines and characters.
 * @example
 * renderCodeShortcodes('[code lang="js"]a < b[/code]', stats) // '<pre class="wp-block-code"><code class="language-js">a &lt; b</code></pre>'
 */
export function renderCodeShortcodes(html: string, stats: ShortcodeStats): string {
  if (!html.includes('[/')) return html
  let out = html
  const names = new Set<string>()
  for (const m of html.matchAll(CODE_CLOSER)) if (CODE_SHORTCODES.has(m[1].toLowerCase())) names.add(m[1])
  for (const name of names) {
    out = replaceShortcode(name, out, (sc) => {
      if (sc.type !== 'closed') return undefined as unknown as string
      const a = sc.attrs as Attrs
      const language = (a.named.language ?? a.named.lang ?? (['code', 'sourcecode', 'source'].includes(name.toLowerCase()) ? '' : name)).toLowerCase().replace(/[^a-z0-9+#-]/g, '')
      bump(stats.rendered, name.toLowerCase())
      const code = (sc.content ?? '').replace(/^\r?\n/, '').replace(/\r?\n$/, '')
      return `<pre class="wp-block-code"><code${language ? ` class="language-${language}"` : ''}>${escapeText(code)}</code></pre>`
    })
  }
  return out
}

/**
 * Renders `[embed]` shortcodes, which WordPress runs before `wpautop`.
 * @example
 * renderEmbedShortcodes('[embed]https://vimeo.com/1[/embed]', stats).includes('iframe') // true
 */
export function renderEmbedShortcodes(html: string, stats: ShortcodeStats): string {
  if (!html.includes('[embed')) return html
  return replaceShortcode('embed', html, (sc) => {
    const url = (sc.content ?? '').trim()
    if (!/^https?:\/\/\S+$/.test(url)) return undefined as unknown as string
    bump(stats.rendered, 'embed')
    return embedHtml(url).html
  })
}

/**
 * Renders the common WordPress shortcodes as static HTML: `[caption]`/`[wp_caption]` as a figure, `[gallery]`
 * from the export's attachments, `[audio]` and `[video]` as media elements. Other shortcodes stay as they are and
 * are counted in `stats.unknown`.
 * @example
 * renderShortcodes('[caption width="300"]<img src="/a.jpg" /> A cat[/caption]', ctx, stats) // '<figure …><img …><figcaption …>A cat</figcaption></figure>'
 */
export function renderShortcodes(html: string, ctx: ShortcodeContext, stats: ShortcodeStats): string {
  if (!html.includes('[')) return html
  let out = html
  for (const tag of ['caption', 'wp_caption'] as const) {
    if (out.includes(`[${tag}`)) {
      out = replaceShortcode(tag, out, (sc) => {
        bump(stats.rendered, 'caption')
        return renderCaption(sc.attrs as Attrs, sc.content ?? '')
      })
    }
  }
  for (const tag of GALLERY_SHORTCODES) {
    if (out.includes(`[${tag}`)) {
      out = replaceShortcode(tag, out, (sc) => {
        bump(stats.rendered, tag)
        return renderGallery(sc.attrs as Attrs, ctx, stats)
      })
    }
  }
  for (const tag of ['audio', 'video'] as const) {
    if (out.includes(`[${tag}`)) {
      out = replaceShortcode(tag, out, (sc) => {
        bump(stats.rendered, tag)
        return renderMedia(tag, sc.attrs as Attrs, sc.content ?? '')
      })
    }
  }
  for (const { tag, ids } of BUILDER_GALLERIES) {
    if (out.includes(`[${tag}`) && !ctx.keepShortcodes) {
      out = replaceShortcode(tag, out, (sc) => {
        const a = sc.attrs as Attrs
        if (idList(a.named[ids]).length === 0) return undefined as unknown as string
        bump(stats.rendered, tag)
        // As a gallery of the images it names, in their order, each linked to its file (the builders' lightbox).
        const size = /^[a-z_-]+$/i.test(a.named.img_size ?? '') ? a.named.img_size : 'thumbnail'
        return renderGallery({ named: { ids: a.named[ids], size, columns: '3' }, numeric: [] }, ctx, stats)
      })
    }
  }
  if (out.includes('[playlist')) {
    out = replaceShortcode('playlist', out, (sc) => {
      bump(stats.rendered, 'playlist')
      return renderPlaylist(sc.attrs as Attrs, ctx, stats)
    })
  }
  if (out.includes('[latex') && !ctx.keepShortcodes) {
    out = replaceShortcode('latex', out, (sc) => {
      if (sc.type !== 'closed') return undefined as unknown as string
      bump(stats.rendered, 'latex')
      // The formula in MathJax's and KaTeX's inline delimiters, which themes with either render and others show as text.
      return `<span class="latex">\\(${escapeText(sc.content ?? '')}\\)</span>`
    })
  }
  if (out.includes('[footnote') && !ctx.keepShortcodes) out = renderFootnotes(out, stats)
  out = otherShortcodes(out, ctx, stats)
  // @wordpress/shortcode memoizes attribute parsing forever; clearing keeps a 100,000-post import flat in memory.
  parseAttrs.clear()
  return out
}

/**
 * Footnote plugins' `[footnote]…[/footnote]` (Easy Footnotes and its kind): a numbered reference where the note stood,
 * and the notes in a list at the end of the body, as those plugins print them.
 * @example
 * renderFootnotes('A[footnote]Note[/footnote].', stats) // 'A<sup class="footnote-ref"><a href="#footnote-1" id="footnote-ref-1">1</a></sup>.<ol class="footnotes"><li id="footnote-1">Note <a href="#footnote-ref-1">↩</a></li></ol>'
 */
export function renderFootnotes(html: string, stats: ShortcodeStats): string {
  const notes: string[] = []
  const out = replaceShortcode('footnote', html, (sc) => {
    if (sc.type !== 'closed') return undefined as unknown as string
    bump(stats.rendered, 'footnote')
    notes.push(sc.content ?? '')
    const n = notes.length
    return `<sup class="footnote-ref"><a href="#footnote-${n}" id="footnote-ref-${n}">${n}</a></sup>`
  })
  if (notes.length === 0) return html
  return `${out}<ol class="footnotes">${notes.map((note, i) => `<li id="footnote-${i + 1}">${note} <a href="#footnote-ref-${i + 1}">↩</a></li>`).join('')}</ol>`
}

// A shortcode tag: `[name`, attributes, an optional `/`, then `]`; or a closing `[/name]`. WordPress.com's embeds
// are also written `[youtube=URL]`, which WordPress's pattern reads as attributes (kept only for those names).
const SHORTCODE_TAG = /\[(\/)?([A-Za-z][\w-]{0,48})(\s[^\][]*?|=[^\][]*?)?(\s?\/)?\]/g

// Shortcodes of Jetpack and WordPress.com that are often written bare (`[toc]`, `[wpvideo abc]`): bare words in
// brackets that are not in this list are text, as WordPress prints a bracketed word no plugin registered.
const BARE_SHORTCODES = new Set([
  'archives', 'contact-form', 'crowdsignal', 'polldaddy', 'googlemaps', 'slideshow', 'soundcloud', 'spotify', 'instagram', 'gist',
  'wpvideo', 'videopress', 'youtube', 'vimeo', 'dailymotion', 'ted', 'twitter', 'tweet', 'recipe', 'sitemap', 'toc', 'portfolio',
  'testimonials', 'blog_subscription_form', 'jetpack_subscription_form', 'display-posts', 'scribd', 'slide', 'presentation', 'wufoo',
  'sharing', 'sharedaddy', 'related-posts', 'jetpack-related-posts', 'email', 'contact-field', 'gravityform', 'contact-form-7', 'ninja_form',
  'wpforms', 'mc4wp_form', 'woocommerce_cart', 'woocommerce_checkout', 'woocommerce_my_account', 'products', 'product', 'product_page',
  'add_to_cart', 'vc_row', 'vc_column', 'vc_column_text', 'et_pb_section', 'et_pb_row', 'et_pb_column', 'et_pb_text', 'fusion_builder_container',
  // Easy Digital Downloads' store, LuckyWP's table of contents, the end of Tabby Responsive Tabs' tabs.
  'downloads', 'lwptoc', 'tabbyending',
])

// `[[name …]]`, WordPress's escape for a shortcode shown as text.
const ESCAPED = /\[\[(([A-Za-z][\w-]*)(?:\s[^\][]*)?)\]\]/g
// The shortcodes WordPress core registers (an escaped one of these is shown as text by every WordPress).
const CORE_SHORTCODES = new Set(['caption', 'wp_caption', 'gallery', 'audio', 'video', 'playlist', 'embed'])

// The shortcodes this importer knows: WordPress core's and plugins'. SyntaxHighlighter's are rendered as code before
// texturizing, so they are not among them (else an unclosed `[code]` would stop texturizing the rest of the body, as
// WordPress leaves `[code]` alone).
const KNOWN_SHORTCODES: ReadonlySet<string> = new Set([
  ...CORE_SHORTCODES, ...GALLERY_SHORTCODES, ...PLUGIN_SHORTCODES.keys(), ...FORM_SHORTCODES, ...LAYOUT_SHORTCODES, ...BARE_SHORTCODES,
  ...BUILDER_IMAGE_SHORTCODES, 'latex', 'footnote',
])
// A closing tag, or an opening one with an attribute: a shortcode of a plugin the site had (see otherShortcodes).
const PLUGIN_TAG = /\[\/([A-Za-z][\w-]{0,48})\]|\[([A-Za-z][\w-]{0,48})[ \t\n]+[\w-]{1,64}=/g

/**
 * The shortcodes a body's site registered, as far as the body tells, for wptexturize (which leaves their tags as
 * written): those this importer knows, and any with a closing tag or an attribute, which this importer takes for a
 * plugin's as it removes or keeps them.
 * @example
 * registeredShortcodes('[my_box color="red"]Hi[/my_box]').has('my_box') // true
 */
export function registeredShortcodes(html: string): ShortcodeNames {
  if (!html.includes('[')) return NO_SHORTCODES
  let plugins: Set<string> | undefined
  for (const m of html.matchAll(PLUGIN_TAG)) (plugins ??= new Set()).add(m[1] ?? m[2])
  return plugins === undefined ? KNOWN_SHORTCODES : { has: (name) => KNOWN_SHORTCODES.has(name) || plugins.has(name) }
}

// A body without a `[` holds no shortcode.
const NO_SHORTCODES: ShortcodeNames = { has: () => false, none: true }

/**
 * HTML of a body or an excerpt as WordPress's wptexturize prints it, with the shortcodes its site registered.
 * @example
 * texturizeBody('[gallery ids="1"] "Hi"') // '[gallery ids="1"] &#8220;Hi&#8221;'
 */
export function texturizeBody(html: string): string {
  return texturize(html, registeredShortcodes(html), UNTEXTURIZED_SHORTCODES)
}

// Shortcodes whose text WordPress never texturized: Jetpack adds `latex` to no_texturize_shortcodes (a formula's
// `f''` and `--` are not typography), and SyntaxHighlighter's render (priority 7) before wptexturize, so their code
// was never curled; here the body's are already `<pre>` by then, but a `<!--more-->` teaser is cut before they are.
const UNTEXTURIZED_SHORTCODES = ['latex', ...CODE_SHORTCODES]

/**
 * Shortcodes of plugins: those whose output can be printed without the plugin (`PLUGIN_SHORTCODES`: embeds, page
 * builders' headings, images and buttons) are rendered; the others are removed with their inner text kept (WordPress
 * printed what the plugin made of it, which is gone with the plugin), forms and widgets with nothing to keep counted
 * as dropped; with `keepShortcodes`, all are kept as written. Each is counted by name. A bracketed word counts as a
 * shortcode only when it looks like one: attributes with `=`, a `/]` or a closing tag, or a well-known plugin name;
 * `a[mid]` (code), `[[x]]` (escaped) and text in `<pre>` and `<code>` are left alone.
 */
function otherShortcodes(html: string, ctx: ShortcodeContext, stats: ShortcodeStats): string {
  // Once the known shortcodes are rendered, most bodies hold no `[` at all.
  if (!html.includes('[')) return html
  const parts = hasPreOrCode(html) ? html.split(/(<pre[\s>][\s\S]*?<\/pre>|<code[\s>][\s\S]*?<\/code>)/i) : [html]
  for (let i = 0; i < parts.length; i += 2) {
    if (parts[i].includes('[')) parts[i] = otherShortcodesIn(parts[i], ctx, stats)
  }
  let out = parts.join('')
  if (out.includes(BLOCK_START)) out = paragraphsAroundBlocks(out)
  if (out !== html) out = out.replace(/<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>\n?/g, '')
  // WordPress prints an escaped shortcode (`[[gallery]]`) as the shortcode's text, once its own brackets are gone.
  return out.includes('[[') && !ctx.keepShortcodes ? out.replace(ESCAPED, (whole, inner: string, name: string) => (CORE_SHORTCODES.has(name.toLowerCase()) || BARE_SHORTCODES.has(name.toLowerCase()) || /=/.test(inner) ? `[${inner}]` : whole)) : out
}

function otherShortcodesIn(text: string, ctx: ShortcodeContext, stats: ShortcodeStats): string {
  const names = new Map<string, string>()
  const closed = new Set<string>()
  const opened: Array<{ name: string; attrs: string; selfClosing: boolean; afterWord: boolean; alone: boolean }> = []
  // Where the last tag that looks like a shortcode ended: page builders write theirs one against the other
  // (`[vc_column width="1/2"][vc_single_image image="5"]`), so a tag right after one is no `x][y`.
  let shortcodeEnd = -1
  for (const m of text.matchAll(SHORTCODE_TAG)) {
    const at = m.index ?? 0
    const before = at > 0 ? text[at - 1] : ''
    const name = m[2]
    if (m[1]) {
      closed.add(name.toLowerCase())
      shortcodeEnd = at + m[0].length
      continue
    }
    // `[[name]]` is WordPress's escape.
    if (before === '[' || (m[3]?.startsWith('=') && !PLUGIN_SHORTCODES.has(name.toLowerCase()))) continue
    const end = at + m[0].length
    const o = { name, attrs: m[3] ?? '', selfClosing: m[4] !== undefined, afterWord: /[\w)]/.test(before) || (before === ']' && at !== shortcodeEnd), alone: standsAlone(text, at, end) }
    opened.push(o)
    if (!o.afterWord && looksLikeShortcode(o)) shortcodeEnd = at + m[0].length
  }
  for (const o of opened) {
    const key = o.name.toLowerCase()
    // A closing tag makes it a shortcode wherever it stands (`a note[footnote]…[/footnote]`); otherwise one right after a
    // word or bracket (`a[i]`, `x][y`) is code or text.
    if (closed.has(key) || (!o.afterWord && looksLikeShortcode(o))) names.set(key, o.name)
  }
  let out = text
  // Each name is a pass over the text: past a budget of passes × length (a hostile body of thousands of distinct
  // names), the rest are left as written and counted as kept, so the time stays linear in the body.
  let passes = Math.max(LIMITS.minShortcodePasses, Math.floor(LIMITS.shortcodePassUnits / Math.max(1, text.length)))
  for (const [key, name] of names) {
    if (passes-- <= 0) {
      stats.kept[key] = (stats.kept[key] ?? 0) + 1
      continue
    }
    if (ctx.keepShortcodes) {
      let count = 0
      replaceShortcode(name, out, () => (count++, undefined as unknown as string))
      if (count > 0) stats.kept[key] = (stats.kept[key] ?? 0) + count
      continue
    }
    out = replaceShortcode(name, out, (sc) => removeShortcode(key, sc.attrs as Attrs, sc.content ?? '', ctx, stats))
    // A closing tag without its opening one: WordPress shows it as text when the plugin is gone; it goes with the rest.
    out = out.split(`[/${name}]`).join('')
  }
  return out
}

// Rendered shortcodes come after `wpautop`, which may have put them in a paragraph: block-level output (a heading, a
// figure) is marked with characters no body holds (XML forbids them, and reading removes them), so that the
// paragraph it stands in can be closed before it and opened again after it.
const BLOCK_START = '\u0001'
const BLOCK_END = '\u0002'
const BLOCK_OUTPUT = /<(?:h[1-6]|p|figure|blockquote|hr|div|ul|ol|table)[\s>/]/
const PARAGRAPH_OR_BLOCK = /<p[\s>]|<\/p>|\u0001|\u0002/g

/**
 * Closes the paragraph a marked block stands in before it and opens it again after it, and removes the marks; the
 * paragraphs left empty go with the other empty ones.
 * @example
 * paragraphsAroundBlocks('<p>A \u0001<h2>B</h2>\u0002 C</p>') // '<p>A </p><h2>B</h2><p> C</p>'
 */
export function paragraphsAroundBlocks(html: string): string {
  let open = false
  // Whether a paragraph was open where each enclosing block began (a block's own content may hold paragraphs).
  const outside: boolean[] = []
  return html.replace(PARAGRAPH_OR_BLOCK, (token) => {
    if (token === BLOCK_START) {
      outside.push(open)
      const close = open
      open = false
      return close ? '</p>' : ''
    }
    if (token === BLOCK_END) {
      open = outside.pop() ?? false
      return open ? '<p>' : ''
    }
    open = token !== '</p>'
    return token
  })
}

/** Whether an opening tag that follows no word looks like a shortcode: attributes, `/]`, or a well-known name. */
function looksLikeShortcode(o: { name: string; attrs: string; selfClosing: boolean; alone: boolean }): boolean {
  const key = o.name.toLowerCase()
  return (
    o.attrs.includes('=') || o.selfClosing || BARE_SHORTCODES.has(key) || PLUGIN_SHORTCODES.has(key) || FORM_SHORTCODES.has(key) || BUILDER_PREFIX.test(key) ||
    // A plugin's widget placed in a paragraph of its own (`<p>[instagram-feed]</p>`): a name of joined words alone in
    // a paragraph is no prose (a line of one, `[section_name]` in a config file, may be).
    (o.alone && /[-_]/.test(key))
  )
}

/** Whether `text[from, to)` is a paragraph's whole text: `<p>`, blanks, it, blanks, `</p>`. */
function standsAlone(text: string, from: number, to: number): boolean {
  let i = from
  while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--
  let j = to
  while (j < text.length && isSpace(text.charCodeAt(j))) j++
  return i >= 3 && text.startsWith('<p>', i - 3) && text.startsWith('</p>', j)
}

// The prefixes of page builders' shortcodes (WPBakery, Divi, Shortcodes Ultimate, Avada, Enfold, Cornerstone, Flatsome):
// `[vc_separator]` bare is the builder's, not text.
const BUILDER_PREFIX = /^(?:vc|et_pb|su|fusion|av|cs|ux)_/

/**
 * What a plugin's shortcode leaves: its static HTML when `PLUGIN_SHORTCODES` can print it, nothing for a form, else
 * its inner text; counted as rendered, dropped (nothing left of something that showed: a form, a widget) or removed.
 */
function removeShortcode(key: string, attrs: Attrs, content: string, ctx: ShortcodeContext, stats: ShortcodeStats): string {
  const rendered = PLUGIN_SHORTCODES.get(key)?.(attrs, content, ctx)
  if (rendered !== undefined) {
    bump(stats.rendered, key)
    return BLOCK_OUTPUT.test(rendered) ? BLOCK_START + rendered + BLOCK_END : rendered
  }
  const keptText = FORM_SHORTCODES.has(key) ? '' : content
  // A plugin's video shortcode around a bare link (`[embedyt]https://youtu.be/…[/embedyt]`) showed that video.
  const url = keptText.trim()
  if (/^https?:\/\/[^\s<>"]+$/.test(url) && embedHtml(url).kind === 'iframe') {
    bump(stats.rendered, key)
    return embedHtml(url).html
  }
  const dropped = keptText.trim() === '' && !LAYOUT_SHORTCODES.has(key)
  bump(dropped ? stats.dropped : stats.removed, key)
  if (dropped && stats.droppedIn) bump(stats.droppedIn, `${ctx.postId}:${key}`)
  return keptText
}
