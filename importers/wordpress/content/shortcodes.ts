import { attrs as parseAttrs, replace } from '@wordpress/shortcode'
import { embedHtml } from './embeds.js'
import { escapeAttribute, hasPreOrCode } from './html.js'

/** An image as shortcodes need it: a URL and, when known, its size. */
export interface ShortcodeImage {
  src: string
  width?: number
  height?: number
  alt: string
  caption: string
  /** Named size variants from the attachment metadata (`thumbnail`, `medium`…). */
  sizes: Record<string, { src: string; width: number; height: number }>
}

/** What shortcode rendering may look up about the export. */
export interface ShortcodeContext {
  /** The WordPress id of the item being rendered (a gallery without ids shows its attached images). */
  postId: number
  attachment(id: number): ShortcodeImage | undefined
  /** Ids of the attachments whose parent is `postId`, in WordPress's gallery order (menu_order, then id). */
  childAttachments(postId: number): number[]
}

/** What rendering did, for the report. */
export interface ShortcodeStats {
  rendered: Record<string, number>
  unknown: Record<string, number>
  missingAttachments: number[]
}

type Attrs = { named: Record<string, string | undefined>; numeric: string[] }

const bump = (map: Record<string, number>, key: string) => {
  map[key] = (map[key] ?? 0) + 1
}

const dimension = (v: string | undefined): number | undefined => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 && n < 100000 ? n : undefined
}

// The image (optionally linked) that opens a caption's content, as WordPress's img_caption_shortcode expects it.
const CAPTION_CONTENT = /^\s*((?:<a\s[^>]+>\s*)?<img\s[^>]+>(?:\s*<\/a>)?)([\s\S]*)$/i

function renderCaption(a: Attrs, content: string): string {
  const m = CAPTION_CONTENT.exec(content ?? '')
  const image = m ? m[1] : (content ?? '')
  const text = (m ? m[2] : '').trim() || (a.named.caption ?? '')
  const id = a.named.id ? ` id="${escapeAttribute(a.named.id)}"` : ''
  const align = a.named.align ?? 'alignnone'
  const width = dimension(a.named.width)
  const style = width ? ` style="width: ${width}px"` : ''
  const caption = text ? `<figcaption class="wp-caption-text">${text}</figcaption>` : ''
  return `<figure${id} class="wp-caption ${escapeAttribute(align)}"${style}>${image}${caption}</figure>`
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
    const caption = image.caption ? `<figcaption class="wp-caption-text gallery-caption">${escapeAttribute(image.caption)}</figcaption>` : ''
    items.push(`<figure class="gallery-item">${img}${caption}</figure>`)
  }
  return `<div class="gallery gallery-columns-${columns} gallery-size-${escapeAttribute(size)}">${items.join('')}</div>`
}

function renderMedia(tag: 'audio' | 'video', a: Attrs, content: string): string {
  const formats = tag === 'audio' ? ['src', 'mp3', 'm4a', 'ogg', 'wav', 'wma'] : ['src', 'mp4', 'm4v', 'webm', 'ogv', 'wmv', 'flv']
  const src = formats.map((f) => a.named[f]).find((v) => v) ?? content?.trim() ?? ''
  if (!src) return ''
  const dims = tag === 'video' && dimension(a.named.width) && dimension(a.named.height) ? ` width="${dimension(a.named.width)}" height="${dimension(a.named.height)}"` : ''
  const poster = tag === 'video' && a.named.poster ? ` poster="${escapeAttribute(a.named.poster)}"` : ''
  return `<${tag} controls preload="metadata" src="${escapeAttribute(src)}"${dims}${poster}></${tag}>`
}

/** The attachments a body's galleries may show: those they name, and the children of the posts they show. */
export type GalleryShows = { ids: number[]; parents: number[] }

/**
 * What the `[gallery]` shortcodes of a raw body may show, as `renderGallery` will read them: the ids they name
 * (`ids`, `include`), or else the attachments of a post (`id`, else the body's own post).
 * @example
 * galleryShows('[gallery ids="4,5"] [gallery]', 9) // { ids: [4, 5], parents: [9] }
 */
export function galleryShows(html: string, postId: number): GalleryShows {
  const shows: GalleryShows = { ids: [], parents: [] }
  if (!html.includes('[gallery')) return shows
  replace('gallery', html, (sc) => {
    const a = sc.attrs as Attrs
    const ids = idList(a.named.ids ?? a.named.include)
    if (ids.length > 0) shows.ids.push(...ids)
    else shows.parents.push(Number(a.named.id) || postId)
    return undefined as unknown as string
  })
  parseAttrs.clear()
  return shows
}

function idList(v: string | undefined): number[] {
  return (v ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0)
}

/**
 * Renders `[embed]` shortcodes, which WordPress runs before `wpautop`.
 * @example
 * renderEmbedShortcodes('[embed]https://vimeo.com/1[/embed]', stats).includes('iframe') // true
 */
export function renderEmbedShortcodes(html: string, stats: ShortcodeStats): string {
  if (!html.includes('[embed')) return html
  return replace('embed', html, (sc) => {
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
      out = replace(tag, out, (sc) => {
        bump(stats.rendered, 'caption')
        return renderCaption(sc.attrs as Attrs, sc.content ?? '')
      })
    }
  }
  if (out.includes('[gallery')) {
    out = replace('gallery', out, (sc) => {
      bump(stats.rendered, 'gallery')
      return renderGallery(sc.attrs as Attrs, ctx, stats)
    })
  }
  for (const tag of ['audio', 'video'] as const) {
    if (out.includes(`[${tag}`)) {
      out = replace(tag, out, (sc) => {
        bump(stats.rendered, tag)
        return renderMedia(tag, sc.attrs as Attrs, sc.content ?? '')
      })
    }
  }
  countUnknown(out, stats)
  // @wordpress/shortcode memoizes attribute parsing forever; clearing keeps a 100,000-post import flat in memory.
  parseAttrs.clear()
  return out
}

// A shortcode-looking token: `[name`, then whitespace, `]` or `/`. Text inside <pre> and <code> is skipped.
const SHORTCODE_OPEN = /\[([A-Za-z][\w-]{1,48})(?=[\s\]/])[^\]\n]*\]/g

function countUnknown(html: string, stats: ShortcodeStats): void {
  // Once the known shortcodes are rendered, most bodies hold no `[` at all.
  if (!html.includes('[')) return
  const parts = hasPreOrCode(html) ? html.split(/<pre[\s>][\s\S]*?<\/pre>|<code[\s>][\s\S]*?<\/code>/i) : [html]
  for (const part of parts) {
    for (const m of part.matchAll(SHORTCODE_OPEN)) {
      // An escaped `[[name]]` is literal text in WordPress, not a shortcode.
      if (m.index !== undefined && m.index > 0 && part[m.index - 1] === '[') continue
      bump(stats.unknown, m[1].toLowerCase())
    }
  }
}
