import { embedHtml } from './embeds.js'
import { decodeEntities, escapeAttribute, escapeText } from './html.js'
import type { ShortcodeContext } from './shortcodes.js'
import { decodeOrKeep } from '../../shared/decode.js'

/** A shortcode's attributes as `@wordpress/shortcode` parses them. */
export type ShortcodeAttrs = { named: Record<string, string | undefined>; numeric: string[] }

/**
 * Static HTML for a plugin's shortcode, from its attributes and (already rendered) content, as the plugin printed it
 * less its scripts and styles; `undefined` when the attributes say too little, so the shortcode is removed instead.
 */
type PluginRender = (a: ShortcodeAttrs, content: string, ctx: ShortcodeContext) => string | undefined

// Jetpack's and WordPress.com's embed shortcodes, which WordPress printed as the provider's player: each one's URL
// (from `[name URL]`, `[name url="…"]` or an id) goes the way of a bare URL on its own line (`embedHtml`).
const EMBED_URLS: Record<string, (a: ShortcodeAttrs) => string | undefined> = {
  youtube: (a) => withId(first(a, 'url', 'id'), /^[A-Za-z0-9_-]{11}$/, (id) => `https://www.youtube.com/watch?v=${id}`),
  vimeo: (a) => withId(first(a, 'url', 'id'), /^\d{1,15}$/, (id) => `https://vimeo.com/${id}`),
  dailymotion: (a) => withId(first(a, 'url', 'id'), /^[A-Za-z0-9]{4,20}$/, (id) => `https://www.dailymotion.com/video/${id}`),
  ted: (a) => withId(first(a, 'url', 'id'), /^[A-Za-z0-9_]{1,120}$/, (id) => `https://www.ted.com/talks/${id}`),
  spotify: (a) => withId(first(a, 'url', 'id', 'uri'), /^spotify:[a-z]+:[A-Za-z0-9]+$/, (uri) => `https://open.spotify.com/${uri.split(':').slice(1).join('/')}`),
  soundcloud: (a) => first(a, 'url'),
  tweet: (a) => withId(first(a, 'tweet', 'url'), /^\d{1,25}$/, (id) => `https://twitter.com/i/status/${id}`),
  instagram: (a) => first(a, 'url'),
  gist: (a) => withId(first(a, 'url', 'id'), /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9]+)?$/, (id) => `https://gist.github.com/${id}`),
  flickr: (a) => first(a, 'video', 'photo', 'url'),
  slideshare: (a) => first(a, 'url'),
}

/** The first attribute of `names` that is set, else the first positional one (`[youtube URL]`, `[youtube=URL]`). */
function first(a: ShortcodeAttrs, ...names: string[]): string | undefined {
  for (const name of names) if (a.named[name]) return a.named[name]
  // `[youtube=URL]` (WordPress.com's form) gives the URL with its `=`.
  return a.numeric[0]?.replace(/^=/, '')
}

/** `value` when it is a web URL, the URL `toUrl` makes of it when it is an id (`pattern`), else `undefined`. */
function withId(value: string | undefined, pattern: RegExp, toUrl: (id: string) => string): string | undefined {
  const v = decodeEntities(value ?? '')
  if (/^https?:\/\/\S+$/i.test(v)) return v
  return pattern.test(v) ? toUrl(v) : undefined
}

/** The embed for a URL: the player of a provider `embedHtml` knows, a SoundCloud API track's player, else a link. */
function embed(written: string | undefined): string | undefined {
  // Attribute values keep the entities of the editor's HTML (`&amp;`).
  const url = decodeEntities(written ?? '')
  if (!/^https?:\/\/[^\s<>"]+$/i.test(url)) return undefined
  if (/^https?:\/\/api\.soundcloud\.com\//i.test(url)) {
    return `<iframe width="560" height="166" src="https://w.soundcloud.com/player/?url=${encodeURIComponent(url)}" loading="lazy" allowfullscreen></iframe>`
  }
  return embedHtml(url).html
}

/** A Google Maps URL (Jetpack's `[googlemaps]`) as the map's frame, as Jetpack printed it; another URL as a link. */
function googleMap(a: ShortcodeAttrs): string | undefined {
  const url = decodeEntities(first(a, 'url') ?? '')
  if (!/^https?:\/\/(?:www\.|maps\.)?google\.[a-z.]{2,6}\/maps[/?][^\s<>"]*$/i.test(url)) return embed(url)
  const query = URL.canParse(url) ? new URL(url).searchParams : new URLSearchParams()
  const size = (key: string, fallback: number) => Number(query.get(key)) || fallback
  return `<iframe width="${Math.min(2000, size('w', 425))}" height="${Math.min(2000, size('h', 350))}" src="${escapeAttribute(url)}" loading="lazy"></iframe>`
}

/** A VideoPress video (`[wpvideo GUID]`) as VideoPress's player, which its id alone addresses. */
function videoPress(a: ShortcodeAttrs): string | undefined {
  const guid = a.numeric[0] ?? ''
  if (!/^[A-Za-z0-9]{8}$/.test(guid)) return undefined
  return `<iframe width="560" height="315" src="https://videopress.com/embed/${guid}" loading="lazy" allowfullscreen></iframe>`
}

/**
 * WPBakery's `vc_link` attribute (`url:https%3A%2F%2F…|title:Read|target:_blank`), URL-encoded part by part; a plain
 * URL (older versions) as it is.
 */
function vcLink(value: string | undefined): string | undefined {
  if (!value) return undefined
  if (!value.includes('url:')) return value
  for (const part of value.split('|')) {
    if (part.startsWith('url:')) return decodeOrKeep(part.slice(4))
  }
  return undefined
}

/** Divi writes `"`, `[` and `]` in attribute values as `%22`, `%91` and `%93`, so they do not end the shortcode. */
function diviText(value: string | undefined): string {
  return (value ?? '').replace(/%22/g, '"').replace(/%91/g, '[').replace(/%93/g, ']')
}

/** A link with `text`, or the text alone when there is no usable URL. */
export function link(url: string | undefined, text: string): string {
  const href = (url ?? '').trim()
  // Web, mail and relative links only: a `javascript:` (or any other scheme) button is text.
  const usable = href !== '' && (/^(?:https?:|mailto:|tel:)/i.test(href) || !/^[^/?#]*:/.test(href))
  return usable ? `<a href="${escapeAttribute(href)}">${text}</a>` : text
}

/** An image from its URL, linked when `href` is given; `undefined` without a URL. */
function image(src: string | undefined, alt: string | undefined, href?: string): string | undefined {
  if (!src || !/^(?:https?:\/\/|\/)[^\s<>"]+$/i.test(src.trim())) return undefined
  const img = `<img src="${escapeAttribute(src.trim())}" alt="${escapeAttribute(alt ?? '')}" loading="lazy" />`
  return href ? link(href, img) : img
}

/** An attachment of the export by its id, in a named size when it has one. */
function attachmentImage(ctx: ShortcodeContext, id: string | undefined, size: string | undefined, href?: string): string | undefined {
  const image = ctx.attachment(Number(id))
  if (!image) return undefined
  const variant = size ? image.sizes[size] : undefined
  const src = variant?.src ?? image.src
  const w = variant?.width ?? image.width
  const h = variant?.height ?? image.height
  const img = `<img src="${escapeAttribute(src)}"${w && h ? ` width="${w}" height="${h}"` : ''} alt="${escapeAttribute(image.alt)}" loading="lazy" />`
  return href ? link(href, img) : img
}

/**
 * The image of Avada's image frame: its content is the image's URL (Avada 5 on; an `<img>` before), else its `src`,
 * else the attachment its `image_id` names (`60|full`: an id and a size), as Avada looks for it.
 */
function avadaImage(a: ShortcodeAttrs, content: string, ctx: ShortcodeContext): string | undefined {
  const written = content.replace(/<\/?p>|<br\s*\/?>/gi, '').trim()
  if (/^<img\s[^>]*>$/i.test(written)) return written
  const [id, size] = (a.named.image_id ?? '').split('|')
  return image(decodeEntities(written) || a.named.src, a.named.alt) ?? attachmentImage(ctx, id, size)
}

/** A heading (`h1`…`h6`, else `fallback`) with text, or nothing when the text is empty. */
function heading(tag: string | undefined, text: string | undefined, fallback = 'h2'): string {
  const t = (text ?? '').trim()
  if (!t) return ''
  const name = /^h[1-6]$/.test(tag ?? '') ? (tag as string) : fallback
  return `<${name}>${escapeText(t)}</${name}>`
}

/** A titled section of tabs, accordions and toggles: its title as a heading, then its content. */
const titled =
  (key: string, tag = 'h3'): PluginRender =>
  (a, content) =>
    heading(tag, diviText(a.named[key])) + content

/**
 * Plugin shortcodes whose output can be printed without the plugin: embeds (Jetpack), and the page builders' (WPBakery,
 * Divi, Shortcodes Ultimate) elements that hold their text, image or link in attributes, which removing the shortcode
 * with its inner text would lose. Keyed by lower-case name.
 */
export const PLUGIN_SHORTCODES: ReadonlyMap<string, PluginRender> = new Map<string, PluginRender>([
  ...Object.entries(EMBED_URLS).map(([name, url]): [string, PluginRender] => [name, (a) => embed(url(a))]),
  ['googlemaps', googleMap],
  ['wpvideo', videoPress],
  ['videopress', videoPress],
  // WPBakery (Visual Composer).
  ['vc_custom_heading', (a) => {
    const tag = /(?:^|\|)tag:(h[1-6]|p|div)/.exec(a.named.font_container ?? '')?.[1]
    const text = heading(tag === 'p' || tag === 'div' ? 'h2' : tag, decodeOrKeep(a.named.text ?? ''))
    return text ? (a.named.link ? link(vcLink(a.named.link), text) : text) : undefined
  }],
  ['vc_btn', (a) => (a.named.title ? `<p>${link(vcLink(a.named.link), escapeText(a.named.title))}</p>` : undefined)],
  ['vc_button', (a) => (a.named.title ? `<p>${link(a.named.href, escapeText(a.named.title))}</p>` : undefined)],
  ['vc_button2', (a) => (a.named.title ? `<p>${link(vcLink(a.named.link), escapeText(a.named.title))}</p>` : undefined)],
  ['vc_single_image', (a, _content, ctx) => {
    const href = a.named.onclick === 'custom_link' ? vcLink(a.named.link) : undefined
    const img = a.named.source === 'external_link' ? image(a.named.custom_src, a.named.alt, href) : attachmentImage(ctx, a.named.image, a.named.img_size, href)
    return img ? `<figure class="wp-block-image">${img}${a.named.title && a.named.add_caption ? `<figcaption>${escapeText(a.named.title)}</figcaption>` : ''}</figure>` : undefined
  }],
  ['vc_video', (a) => embed(decodeEntities(a.named.link ?? ''))],
  // Raw HTML is stored base64-encoded, each character URL-encoded first (rawurldecode(base64_decode($content))).
  ['vc_raw_html', (_a, content) => {
    // Tags (the paragraphs wpautop added) and blanks are not base64. No tag ends after the last `>`: there, `<[^>]*>`
    // read on to the end from every `<` (quadratic).
    const end = content.lastIndexOf('>') + 1
    const text = content.slice(0, end).replace(/<[^>]*>|\s+/g, '') + content.slice(end).replace(/\s+/g, '')
    if (!/^[A-Za-z0-9+/]+=*$/.test(text)) return undefined
    return decodeOrKeep(Buffer.from(text, 'base64').toString('utf8'))
  }],
  ['vc_separator', () => '<hr />'],
  ['vc_text_separator', (a) => heading('h4', a.named.title) || '<hr />'],
  ['vc_tta_section', titled('title')],
  ['vc_tab', titled('title')],
  ['vc_accordion_tab', titled('title')],
  ['vc_toggle', (a, content) => heading('h4', a.named.title) + content],
  ['vc_cta', (a, content) => heading('h2', a.named.h2) + heading('h4', a.named.h4) + content + (a.named.add_button && a.named.btn_title ? `<p>${link(vcLink(a.named.btn_link), escapeText(a.named.btn_title))}</p>` : '')],
  // Divi.
  ['et_pb_image', (a) => {
    const img = image(a.named.src, diviText(a.named.alt), a.named.url)
    return img ? `<figure class="wp-block-image">${img}</figure>` : undefined
  }],
  ['et_pb_button', (a) => (a.named.button_text ? `<p>${link(a.named.button_url, escapeText(diviText(a.named.button_text)))}</p>` : undefined)],
  ['et_pb_blurb', (a, content) => (image(a.named.image, diviText(a.named.alt)) ?? '') + heading('h4', diviText(a.named.title)) + content],
  ['et_pb_cta', (a, content) => heading('h2', diviText(a.named.title)) + content + (a.named.button_text ? `<p>${link(a.named.button_url, escapeText(diviText(a.named.button_text)))}</p>` : '')],
  ['et_pb_fullwidth_image', (a) => {
    const img = image(a.named.src, diviText(a.named.alt), a.named.url)
    return img ? `<figure class="wp-block-image">${img}</figure>` : undefined
  }],
  ['et_pb_slide', (a, content) => heading('h2', diviText(a.named.heading)) + content + (a.named.button_text ? `<p>${link(a.named.button_link, escapeText(diviText(a.named.button_text)))}</p>` : '')],
  ['et_pb_team_member', (a, content) => (image(a.named.image_url, diviText(a.named.name)) ?? '') + heading('h4', diviText(a.named.name)) + (a.named.position ? `<p>${escapeText(diviText(a.named.position))}</p>` : '') + content],
  ['et_pb_audio', (a) => (/^https?:\/\/[^\s<>"]+$/i.test(a.named.audio ?? '') ? heading('h4', diviText(a.named.title)) + `<audio controls preload="metadata" src="${escapeAttribute(a.named.audio as string)}"></audio>` : undefined)],
  ['et_pb_video', (a) => embed(a.named.src)],
  ['et_pb_divider', () => '<hr />'],
  ['et_pb_toggle', titled('title', 'h4')],
  ['et_pb_accordion_item', titled('title', 'h4')],
  ['et_pb_tab', titled('title')],
  ['et_pb_testimonial', (a, content) => `<blockquote>${content}${a.named.author ? `<p>— ${escapeText(diviText(a.named.author))}</p>` : ''}</blockquote>`],
  ['et_pb_fullwidth_header', (a, content) => heading('h1', diviText(a.named.title)) + (a.named.subhead ? `<p>${escapeText(diviText(a.named.subhead))}</p>` : '') + content + (a.named.button_one_text ? `<p>${link(a.named.button_one_url, escapeText(diviText(a.named.button_one_text)))}</p>` : '')],
  // Avada (Fusion Builder).
  ['fusion_title', (a, content) => {
    const h = /^[1-6]$/.test(a.named.size ?? '') ? `h${a.named.size}` : 'h2'
    return `<${h}>${content}</${h}>`
  }],
  ['fusion_button', (a, content) => `<p>${link(a.named.link, content.trim() || escapeText(a.named.title ?? ''))}</p>`],
  ['fusion_imageframe', (a, content, ctx) => {
    const img = avadaImage(a, content, ctx)
    return img ? `<figure class="wp-block-image">${a.named.link ? link(a.named.link, img) : img}</figure>` : undefined
  }],
  ['fusion_gallery_image', (a, content, ctx) => {
    const img = avadaImage({ named: { ...a.named, src: a.named.image }, numeric: [] }, content, ctx)
    return img ? `<figure class="gallery-item">${a.named.link ? link(a.named.link, img) : img}</figure>` : undefined
  }],
  ['fusion_content_box', (a, content) => (image(a.named.image, '') ?? '') + heading('h3', a.named.title) + content + (a.named.link && a.named.linktext ? `<p>${link(a.named.link, escapeText(a.named.linktext))}</p>` : '')],
  ['fusion_checklist', (_a, content) => `<ul>${content.trim()}</ul>`],
  ['fusion_li_item', (_a, content) => `<li>${content.trim()}</li>`],
  ['fusion_tab', titled('title')],
  // Tabby Responsive Tabs: `[tabby title="…"]` opens a tab that runs to the next one or to `[tabbyending]`.
  ['tabby', titled('title')],
  ['fusion_toggle', titled('title', 'h4')],
  ['fusion_youtube', (a) => embed(withId(a.named.id, /^[A-Za-z0-9_-]{11}$/, (id) => `https://www.youtube.com/watch?v=${id}`))],
  ['fusion_vimeo', (a) => embed(withId(a.named.id, /^\d{1,15}$/, (id) => `https://vimeo.com/${id}`))],
  // Enfold (Avia Layout Builder): links are written `manually,URL`.
  ['av_heading', (a) => heading(a.named.tag, diviText(a.named.heading)) || undefined],
  ['av_image', (a) => {
    const img = image(a.named.src, a.named.alt, a.named.link?.replace(/^manually,/, ''))
    return img ? `<figure class="wp-block-image">${img}</figure>` : undefined
  }],
  ['av_button', (a) => (a.named.label ? `<p>${link(a.named.link?.replace(/^manually,/, ''), escapeText(a.named.label))}</p>` : undefined)],
  ['av_video', (a) => embed(a.named.src)],
  // Jetpack's recipe: its title is an attribute.
  ['recipe', (a, content) => heading('h3', a.named.title) + content],
  // Shortcodes Ultimate.
  ['su_button', (a, content) => link(a.named.url ?? a.named.link, content)],
  ['su_youtube', (a) => embed(a.named.url)],
  ['su_vimeo', (a) => embed(a.named.url)],
  ['su_spoiler', titled('title', 'h4')],
  ['su_tab', titled('title', 'h4')],
  ['su_heading', (_a, content) => `<h3>${content}</h3>`],
])

/**
 * Plugins' forms, whose fields and submission need the plugin: removed with everything inside them (a form's fields
 * are shortcodes too) and reported as dropped.
 */
export const FORM_SHORTCODES = new Set([
  'contact-form', 'contact-form-7', 'gravityform', 'gravityforms', 'ninja_form', 'ninja_forms', 'wpforms', 'mc4wp_form', 'formidable', 'caldera_form',
  'everest_form', 'forminator_form', 'fluentform', 'jetpack_subscription_form', 'blog_subscription_form',
])

/** Shortcodes that only lay out or space content: removing one loses nothing, even when it holds nothing. */
export const LAYOUT_SHORTCODES = new Set(['vc_empty_space', 'et_pb_column', 'vc_column', 'vc_column_inner', 'vc_row', 'vc_row_inner', 'su_spacer', 'su_divider', 'clear', 'clearfix', 'fusion_separator'])
