import { autop } from './autop.js'
import { embedHtml } from './embeds.js'
import { escapeAttribute, escapeText } from './html.js'
import { link as linked } from './plugin-shortcodes.js'

/** One element of Elementor's layout (`_elementor_data`): a section, column or container, or a widget. */
type ElementorElement = { elType?: unknown; widgetType?: unknown; settings?: unknown; elements?: unknown }
type Settings = Record<string, unknown>

/** What reading a layout gave: its HTML, and the widgets that only Elementor could draw, by type. */
export type ElementorBody = { html: string; skipped: Record<string, number> }

// Layouts are trees of sections, columns and containers: deeper than this is no page.
const MAX_DEPTH = 32

/**
 * The body of a page Elementor built, from its layout (`_elementor_data`), for a page whose own body is empty (Elementor
 * keeps a plain copy there, but not always): headings, text, images, buttons, videos, lists, HTML and shortcodes
 * widgets, in layout order. Widgets only Elementor draws (forms, sliders, posts) are counted in `skipped`. Undefined
 * when the data is not a layout.
 * @example
 * elementorBody('[{"elType":"widget","widgetType":"heading","settings":{"title":"Hi"}}]')?.html // '<h2>Hi</h2>\n'
 */
export function elementorBody(data: string): ElementorBody | undefined {
  let tree: unknown
  try {
    tree = JSON.parse(data)
  } catch {
    return undefined
  }
  if (!Array.isArray(tree)) return undefined
  const out: string[] = []
  const skipped: Record<string, number> = {}
  const walk = (elements: unknown, depth: number) => {
    if (!Array.isArray(elements) || depth > MAX_DEPTH) return
    for (const element of elements as ElementorElement[]) {
      if (element === null || typeof element !== 'object') continue
      if (element.elType === 'widget') {
        const type = typeof element.widgetType === 'string' ? element.widgetType : ''
        const html = widget(type, isSettings(element.settings) ? element.settings : {})
        if (html === undefined) skipped[type] = (skipped[type] ?? 0) + 1
        else if (html !== '') out.push(html)
      } else walk(element.elements, depth + 1)
    }
  }
  walk(tree, 0)
  return { html: out.map((h) => h + '\n').join(''), skipped }
}

const isSettings = (v: unknown): v is Settings => v !== null && typeof v === 'object' && !Array.isArray(v)
const text = (v: unknown): string => (typeof v === 'string' ? v : '')
const url = (v: unknown): string => (isSettings(v) ? text(v.url) : '')

/** A widget's static HTML, '' for one that shows nothing by design, undefined for one only Elementor draws. */
function widget(type: string, s: Settings): string | undefined {
  switch (type) {
    case 'heading': {
      const size = /^h[1-6]$/.test(text(s.header_size)) ? text(s.header_size) : 'h2'
      return text(s.title) ? `<${size}>${linked(url(s.link), text(s.title))}</${size}>` : ''
    }
    case 'text-editor':
      return autop(text(s.editor)).trim()
    case 'html':
      return text(s.html)
    case 'shortcode':
      return text(s.shortcode)
    case 'image': {
      const src = url(s.image)
      if (!src) return ''
      const img = linked(url(s.link), `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(isSettings(s.image) ? text(s.image.alt) : '')}" loading="lazy" />`)
      return `<figure class="wp-block-image">${img}${text(s.caption) ? `<figcaption>${escapeText(text(s.caption))}</figcaption>` : ''}</figure>`
    }
    case 'button':
      return text(s.text) ? `<p>${linked(url(s.link), escapeText(text(s.text)))}</p>` : ''
    case 'video': {
      const src = text(s.youtube_url) || text(s.vimeo_url) || text(s.dailymotion_url)
      return /^https?:\/\/\S+$/.test(src) ? embedHtml(src).html : undefined
    }
    case 'image-box':
      return [url(s.image) ? `<img src="${escapeAttribute(url(s.image))}" alt="" loading="lazy" />` : '', text(s.title_text) ? `<h3>${text(s.title_text)}</h3>` : '', text(s.description_text) ? `<p>${text(s.description_text)}</p>` : ''].join('')
    case 'icon-list': {
      const items = Array.isArray(s.icon_list) ? s.icon_list.filter(isSettings) : []
      return items.length ? `<ul>${items.map((i) => `<li>${linked(url(i.link), text(i.text))}</li>`).join('')}</ul>` : ''
    }
    case 'testimonial':
      return `<blockquote>${autop(text(s.testimonial_content)).trim()}${text(s.testimonial_name) ? `<p>— ${escapeText(text(s.testimonial_name))}</p>` : ''}</blockquote>`
    case 'divider':
      return '<hr />'
    case 'spacer':
      return ''
    default:
      return undefined
  }
}
