import { phpUnserialize } from '../php-unserialize.js'
import type { PhpValue } from '../php-unserialize.js'
import { autop } from './autop.js'
import type { ElementorBody } from './elementor.js'
import { embedHtml } from './embeds.js'
import { escapeAttribute, escapeText } from './html.js'
import { link } from './plugin-shortcodes.js'

type Fields = { [key: string]: PhpValue }

/**
 * The body of a page SiteOrigin's Page Builder laid out, from its layout (`panels_data`, PHP-serialized: `widgets` in
 * layout order, each with its settings and `panels_info.class`), for a page whose own body is empty (the builder
 * copies its text there, but not always): text, editor and HTML widgets, images with a URL, headlines, buttons and
 * videos, as the widgets print them. Widgets only the plugin draws (sliders, post carousels, images named by id
 * alone) are counted in `skipped` by class. Undefined when the data is not such a layout.
 * @example
 * siteOriginBody('a:1:{s:7:"widgets";a:1:{i:0;a:2:{s:4:"text";s:2:"Hi";s:11:"panels_info";a:1:{s:5:"class";s:14:"WP_Widget_Text";}}}}')?.html // 'Hi\n'
 */
export function siteOriginBody(data: string): ElementorBody | undefined {
  const layout = phpUnserialize(data)
  if (!isFields(layout) || !isList(layout.widgets)) return undefined
  const out: string[] = []
  const skipped: Record<string, number> = {}
  for (const w of Object.values(layout.widgets)) {
    if (!isFields(w)) continue
    const info = isFields(w.panels_info) ? w.panels_info : {}
    const type = str(info.class)
    const html = widget(type, w)
    if (html === undefined) skipped[type || '(none)'] = (skipped[type || '(none)'] ?? 0) + 1
    else if (html !== '') out.push(html)
  }
  return { html: out.map((h) => h + '\n').join(''), skipped }
}

const isFields = (v: unknown): v is Fields => v !== null && typeof v === 'object' && !Array.isArray(v)
const isList = (v: unknown): v is Fields | PhpValue[] => v !== null && typeof v === 'object'
const str = (v: PhpValue | undefined): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const on = (v: PhpValue | undefined): boolean => v === true || v === 1 || v === '1' || v === 'on' || v === 'true'
const field = (v: PhpValue | undefined, key: string): string => (isFields(v) ? str(v[key]) : '')

/** A widget's title as the sidebar prints it, a heading. */
const title = (w: Fields): string => (str(w.title).trim() ? `<h3 class="widget-title">${escapeText(str(w.title).trim())}</h3>` : '')

/** An image from a web URL, linked when `href` is one; '' without a usable URL. */
function image(src: string, alt: string, href: string): string {
  if (!/^(?:https?:\/\/|\/)[^\s<>"]+$/i.test(src.trim())) return ''
  return `<figure class="wp-block-image">${link(href, `<img src="${escapeAttribute(src.trim())}" alt="${escapeAttribute(alt)}" loading="lazy" />`)}</figure>`
}

/** A widget's static HTML, '' for one that shows nothing, undefined for one only the plugin draws. */
function widget(type: string, w: Fields): string | undefined {
  switch (type) {
    case 'WP_Widget_Text':
      return title(w) + (on(w.filter) ? autop(str(w.text)).trim() : str(w.text))
    case 'SiteOrigin_Widget_Editor_Widget':
      return title(w) + (w.autop === undefined || on(w.autop) ? autop(str(w.text)).trim() : str(w.text))
    case 'WP_Widget_Custom_HTML':
      return title(w) + str(w.content)
    case 'WP_Widget_Media_Image': {
      const img = image(str(w.url), str(w.alt), str(w.link_url))
      return img ? title(w) + img : str(w.attachment_id) ? undefined : ''
    }
    case 'SiteOrigin_Widget_Image_Widget': {
      const img = image(str(w.image_fallback), str(w.alt), str(w.url))
      return img ? heading(str(w.title), 'h3') + img : str(w.image) ? undefined : ''
    }
    case 'SiteOrigin_Widget_Headline_Widget':
      return heading(field(w.headline, 'text'), field(w.headline, 'tag') || 'h1') + heading(field(w.sub_headline, 'text'), field(w.sub_headline, 'tag') || 'h3')
    case 'SiteOrigin_Widget_Button_Widget':
      return str(w.text).trim() ? `<p>${link(str(w.url), escapeText(str(w.text)))}</p>` : ''
    case 'WP_Widget_Media_Video':
    case 'SiteOrigin_Widget_Video_Widget': {
      const src = str(w.url) || str(w.video_url) || str(w.external_video)
      return /^https?:\/\/\S+$/.test(src) ? embedHtml(src).html : undefined
    }
    default:
      return undefined
  }
}

/** A heading (`h1`…`h6`, else `h2`) with text, '' when there is none. */
function heading(text: string, tag: string): string {
  const t = text.trim()
  if (!t) return ''
  const name = /^h[1-6]$/.test(tag) ? tag : 'h2'
  return `<${name}>${escapeText(t)}</${name}>`
}
