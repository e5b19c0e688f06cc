import { attrs, codeBlock, codeSpan, escapeHtml, inlineMarkup, isImagePath, safeUrl, trimBlankLines } from './_html.js'
import { blankStart, lineBounds, NextFinder, Out, unchanged } from './_out.js'
import { admonitionOpen } from './docusaurus.js'
import type { PassResult } from './_out.js'
import { pairTags, renderTags } from './_render.js'
import type { Expansion, Tag } from './_render.js'
import { lookupPath, stripFrontMatter, toText } from './_values.js'
import type { TemplateContext } from './types.js'
import { scanMarkdownFast } from '../../../src/check/markdown/fast.js'
import { scanMarkdownWithRemark } from '../../../src/check/markdown/slow.js'

/** A Hugo shortcode tag: `{{< name params >}}` (content is HTML) or `{{% name params %}}` (content is Markdown). */
interface ShortcodeTag extends Tag {
  delim: '<' | '%'
  positional: string[]
  named: Map<string, string>
  // The escaped form {{</* x */>}}, printed as {{< x >}}.
  literal?: string
  /** Why a tag could not be read. */
  broken?: string
}

/** How deep Hugo `include`-style shortcodes may nest before the rest is reported instead of read. */
const MAX_INCLUDE_DEPTH = 8

// Expands Hugo shortcodes. Hugo reads shortcodes before Markdown, everywhere in the body, code blocks included (its
// documentation says a shortcode in a code block runs unless escaped), so this pass does not skip code; the escapes
// {{</* x */>}} and {{%/* x */%}} print {{< x >}} and {{% x %}}, as Hugo prints them.
export function expandHugo(body: string, ctx: TemplateContext, depth = 0): PassResult {
  if (!body.includes('{{<') && !body.includes('{{%')) return unchanged(body)
  const out = new Out(body)
  const tags = lexShortcodes(body)
  pairTags(tags)
  renderTags(body, tags, out, (tag) => expandShortcode(tag, body, ctx, out, depth))
  return out.finish()
}

/**
 * Hugo's Markdown renderer with `markup.goldmark.renderer.unsafe` false (its default) prints `<!-- raw HTML omitted -->`
 * for every raw HTML block and inline tag of a Markdown body (checked with Hugo 0.111: a `<div>` block goes whole, an
 * inline `<span>` goes and its text stays). The old site never showed that HTML, so it is left out here too, rather
 * than shown for the first time (a hidden `<div>`, a `<script>`, a comment). Kept as Hugo keeps it: code, the summary
 * divider `<!--more-->`, the inner text of a `{{< shortcode >}}` (its template prints it as written), HTML content
 * files, and every body of a site that sets `unsafe = true` or renders Markdown otherwise (see `hugoRendersRawHtml`).
 */
export function omitHugoRawHtml(body: string, ctx: TemplateContext): PassResult {
  if (/\.html?$/i.test(ctx.file) || hugoRendersRawHtml(ctx.data.site) || !/<[a-z/?!]/i.test(body)) return unchanged(body)
  const tags = lexShortcodes(body)
  pairTags(tags)
  // Offsets inside `{{< >}}` shortcodes and their inner text, which Hugo hands to the shortcode's template unrendered.
  // Tags come in order of their starts, so the ranges merge in one pass into disjoint ones, in order.
  const kept: Array<[number, number]> = []
  for (const t of tags) {
    if (t.delim !== '<' || t.kind === 'close') continue
    const end = t.kind === 'open' && t.match >= 0 ? tags[t.match].end : t.end
    const last = kept[kept.length - 1]
    if (last && t.start < last[1]) last[1] = Math.max(last[1], end)
    else kept.push([t.start, end])
  }
  const nodes = htmlNodes(body)
  if (nodes === null) {
    return { body, findings: [{ line: 1, name: 'raw HTML', action: 'unresolved', message: `Hugo's markup.goldmark.renderer.unsafe is false (its default), so the old site omitted this body's raw HTML, but the body is too large to find it in (over ${MAX_REMARK_BODY / 1024} KB of Markdown the fast reader leaves to remark); it was kept. Remove the raw HTML by hand, or set unsafe = true if it belongs.` }] }
  }
  const out = new Out(body)
  let cursor = 0
  let omitted = 0
  let k = 0
  for (const { start, end } of nodes) {
    while (k < kept.length && kept[k][1] <= start) k++
    const html = body.slice(start, end).trim()
    if (start < cursor || (k < kept.length && kept[k][0] < end) || html === '<!--more-->') continue
    if (omitted === 0) out.find(start, 'raw HTML', 'removed', "Hugo's markup.goldmark.renderer.unsafe is false (its default), so the old site omitted the raw HTML of this body; it was left out here too. Set unsafe = true under [markup.goldmark.renderer] and import again to keep it.")
    out.copy(cursor, start)
    cursor = end
    omitted++
  }
  if (omitted === 0) return unchanged(body)
  out.copy(cursor, body.length)
  return out.finish()
}

/**
 * Whether a Hugo site's configuration lets raw HTML through (keys in any case): `markup.goldmark.renderer.unsafe`; or
 * another Markdown handler (`markup.defaultMarkdownHandler`); or a configuration for Blackfriday and none for Goldmark,
 * a site made for Hugo before 0.60, whose Markdown renderer printed raw HTML.
 */
function hugoRendersRawHtml(site: Record<string, unknown>): boolean {
  const handler = lookupPath(site, ['markup', 'defaultMarkdownHandler'], true)
  if (typeof handler === 'string' && handler.toLowerCase() !== 'goldmark') return true
  if (lookupPath(site, ['markup', 'goldmark'], true) === undefined && lookupPath(site, ['blackfriday'], true) !== undefined) return true
  return lookupPath(site, ['markup', 'goldmark', 'renderer', 'unsafe'], true) === true
}

/** Bodies the fast reader passes to remark are read by it up to this size: remark grows faster than the body. */
const MAX_REMARK_BODY = 32 * 1024

/**
 * The raw HTML of a Markdown body (CommonMark's HTML blocks and inline tags) as offsets, in order, read as check reads
 * it (its fast reader, else remark); null when the body is too large for remark. An inline tag whose text differs
 * from the source (one running over the lines of a block quote) is left where it is.
 */
function htmlNodes(body: string): Array<{ start: number; end: number }> | null {
  const scan = scanMarkdownFast(body) ?? (body.length <= MAX_REMARK_BODY ? scanMarkdownWithRemark(body) : null)
  if (!scan) return null
  const found: Array<{ start: number; end: number }> = []
  for (const h of scan.html) {
    if (h.block) found.push({ start: h.offset, end: h.groupEnd })
    else if (body.startsWith(h.value, h.offset)) found.push({ start: h.offset, end: h.offset + h.value.length })
  }
  return found
}

function lexShortcodes(body: string): ShortcodeTag[] {
  const tags: ShortcodeTag[] = []
  const finder = new NextFinder(body)
  let pos = 0
  for (;;) {
    const i = body.indexOf('{{', pos)
    if (i === -1) break
    const delim = body[i + 2]
    if (delim !== '<' && delim !== '%') {
      pos = i + 1
      continue
    }
    const right = delim === '<' ? '>}}' : '%}}'
    if (body.startsWith('/*', i + 3)) {
      const close = finder.next(`*/${right}`, i + 5)
      if (close !== -1) {
        const literal = `{{${delim}${body.slice(i + 5, close)}${right}`
        tags.push(tag(i, close + 2 + right.length, 'self', '', delim, { literal }))
        pos = close + 2 + right.length
        continue
      }
    }
    const close = finder.next(right, i + 3)
    if (close === -1) {
      // Hugo stops with "unclosed shortcode"; here the opening delimiter and the rest of its line go, reported.
      const end = lineBounds(body, i).end
      const name = /^\s*(?:\/\s*)?([^\s"'`=>%]{1,80})/.exec(body.slice(i + 3, i + 100))?.[1] ?? ''
      tags.push(tag(i, end, 'self', name, delim, { broken: `This shortcode tag is never closed (Hugo stops with an error); it was removed up to the end of its line. Close it with ${right}, or escape it as {{${delim}/* \u2026 */${right}.` }))
      pos = end
      continue
    }
    tags.push(parseShortcode(body, i, close + right.length, delim))
    pos = close + right.length
  }
  return tags
}

function tag(start: number, end: number, kind: Tag['kind'], name: string, delim: '<' | '%', extra: Partial<ShortcodeTag> = {}): ShortcodeTag {
  return { start, end, kind, name, match: -1, delim, positional: [], named: new Map(), ...extra }
}

/** Reads `name params` between the delimiters: quoted ("…" with \" escapes, `raw`) or bare values, `key=value`. */
function parseShortcode(body: string, start: number, end: number, delim: '<' | '%'): ShortcodeTag {
  let i = start + 3
  const stop = end - 3
  const skip = () => {
    while (i < stop && /\s/.test(body[i])) i++
  }
  skip()
  let kind: Tag['kind'] = 'open'
  if (body[i] === '/') {
    kind = 'close'
    i++
    skip()
  }
  let nameEnd = i
  while (nameEnd < stop && !/[\s"'`=]/.test(body[nameEnd])) nameEnd++
  let name = body.slice(i, nameEnd)
  i = nameEnd
  const t = tag(start, end, kind, '', delim)
  // `{{< name />}}`: the self-closing form of a shortcode that could take content.
  if (name.endsWith('/') && name.length > 1 && kind === 'open') {
    name = name.slice(0, -1)
    t.kind = 'self'
  }
  t.name = name
  if (name === '' || name === '/') {
    t.broken = 'A shortcode tag without a name was removed.'
    t.kind = 'self'
    return t
  }
  for (;;) {
    skip()
    if (i >= stop) break
    if (body[i] === '/' && blankTo(body, i + 1, stop)) {
      if (t.kind === 'open') t.kind = 'self'
      break
    }
    let key: string | undefined
    let k = i
    while (k < stop && /[\w.-]/.test(body[k])) k++
    if (k > i && body[k] === '=') {
      key = body.slice(i, k)
      i = k + 1
    }
    const [value, next] = readValue(body, i, stop)
    i = next
    if (key !== undefined) t.named.set(key, value)
    else t.positional.push(value)
  }
  return t
}

function blankTo(body: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!/\s/.test(body[i])) return false
  return true
}

function readValue(body: string, i: number, stop: number): [string, number] {
  const q = body[i]
  if (q === '"') {
    let value = ''
    let k = i + 1
    while (k < stop && body[k] !== '"') {
      if (body[k] === '\\' && k + 1 < stop) k++
      value += body[k++]
    }
    return [value, k + 1]
  }
  if (q === '`') {
    const close = body.indexOf('`', i + 1)
    const end = close === -1 || close >= stop ? stop : close
    return [body.slice(i + 1, end), end + 1]
  }
  let k = i
  while (k < stop && !/\s/.test(body[k])) k++
  return [body.slice(i, k), k]
}

const get = (t: ShortcodeTag, name: string, position?: number): string | undefined =>
  t.named.get(name) ?? (position !== undefined && t.named.size === 0 ? t.positional[position] : undefined)

const bool = (value: string | undefined, fallback: boolean) => (value === undefined ? fallback : value === 'true')

type Handler = (t: ShortcodeTag, ctx: TemplateContext, out: Out, body: string, depth: number) => Expansion

function expandShortcode(t: ShortcodeTag, body: string, ctx: TemplateContext, out: Out, depth: number): Expansion {
  const display = t.delim === '<' ? '{{< >}}' : '{{% %}}'
  if (t.literal !== undefined) return { text: t.literal }
  if (t.broken !== undefined) {
    out.find(t.start, t.name || display, 'removed', t.broken)
    return { text: '' }
  }
  if (t.kind === 'close') {
    out.find(t.start, t.name, 'removed', `A closing shortcode {{${t.delim} /${t.name} ${t.delim === '<' ? '>' : '%'}}} without an opening one was removed.`)
    return { text: '' }
  }
  if (t.name.endsWith('.inline')) {
    out.find(t.start, t.name, 'removed', 'An inline shortcode holds Go template code, which is never executed here; it was removed with its content. Write its output into the page instead.')
    return { text: '' }
  }
  const handler = HANDLERS[t.name] ?? (t.kind === 'open' && t.match !== -1 ? THEME_HANDLERS[t.name] : undefined)
  if (handler) return handler(t, ctx, out, body, depth)
  return unknown(t, out)
}

const IMAGE_PARAMETERS = ['src', 'image', 'img', 'path', 'file', 'url']

/**
 * Paired theme shortcodes every theme that has them gives one meaning (Docsy, Hugo Book, Relearn, Hextra, Blowfish):
 * tabs keep each tab's label (a tab's `lang` makes its content code), callouts their kind and title, expanders their
 * title, written as the other conventions' tabs, admonitions and details are. Their templates are the site's, never
 * read; a tab without a label is left to `unknown` (its text kept).
 */
const THEME_HANDLERS: Record<string, Handler> = {
  tabs: (t, _ctx, out) => (expanded(out, t), { before: '<div class="tabs">\n\n', after: '\n\n</div>', block: true }),
  tabpane: (t, _ctx, out) => (expanded(out, t), { before: '<div class="tabs">\n\n', after: '\n\n</div>', block: true }),
  tab(t, _ctx, out) {
    const label = t.named.get('header') ?? t.named.get('name') ?? t.named.get('title') ?? t.positional[0]
    if (label === undefined || label.trim() === '') return unknown(t, out)
    const lang = t.named.get('lang') ?? t.named.get('language')
    expanded(out, t)
    const summary = `<details class="tab" open>\n<summary>${inlineMarkup(label)}</summary>\n\n`
    if (lang === undefined) return { before: summary, after: '\n\n</details>', block: true }
    return { render: (inner) => `${summary}${codeBlock(trimBlankLines(inner), lang.replace(/[^\w+#.-]/g, ''))}\n\n</details>`, block: true }
  },
  expand(t, _ctx, out) {
    expanded(out, t)
    return { before: `<details>\n<summary>${inlineMarkup(t.positional[0] ?? t.named.get('title') ?? 'Expand')}</summary>\n\n`, after: '\n\n</details>', block: true }
  },
  alert: (t, _ctx, out) => callout(t, out, t.named.get('color') ?? t.named.get('type') ?? t.positional[0], t.named.get('title')),
  hint: (t, _ctx, out) => callout(t, out, t.positional[0] ?? t.named.get('type'), t.named.get('title')),
  notice: (t, _ctx, out) => callout(t, out, t.positional[0] ?? t.named.get('style'), t.positional[1] ?? t.named.get('title')),
  callout: (t, _ctx, out) => callout(t, out, t.named.get('type') ?? t.positional[0], t.named.get('title')),
}

/** A theme's callout as an admonition: its kind in the admonition's words (`error` is `danger`), its title if it has one. */
function callout(t: ShortcodeTag, out: Out, kind: string | undefined, title: string | undefined): Expansion {
  const k = (kind ?? 'note').toLowerCase()
  const type = k === 'error' ? 'danger' : k === 'primary' || k === 'default' || k === 'secondary' || k === 'light' || k === 'dark' ? 'note' : k
  expanded(out, t)
  return { before: `${admonitionOpen(type, title)}\n\n`, after: '\n\n</aside>', block: true }
}

/** A shortcode of the site's own (`layouts/shortcodes/`): its template is not part of the content, so it cannot be run. */
function unknown(t: ShortcodeTag, out: Out): Expansion {
  const paired = t.kind === 'open' && t.match !== -1
  // Themes' image shortcodes name their image in many ways (`src`, `image`, Docsy's `imgproc "a.jpg" Fill "300x"`).
  const src = IMAGE_PARAMETERS.map((k) => t.named.get(k)).concat(t.positional[0]).find((v) => v !== undefined && isImagePath(v) && safeUrl(v) !== undefined)
  if (src !== undefined) {
    out.find(t.start, t.name, 'removed', `The site's own shortcode "${t.name}" cannot be run here; its image was kept as an <img>${paired ? ' and the text inside it kept' : ''}.`)
    const img = `<img${attrs([['src', safeUrl(src)], ['alt', t.named.get('alt') ?? t.named.get('title') ?? t.named.get('caption') ?? '']])}>`
    return paired ? { before: img, after: '' } : { text: img }
  }
  out.find(
    t.start,
    t.name,
    'removed',
    paired
      ? `The site's own shortcode "${t.name}" cannot be run here: it was removed and the text inside it kept.`
      : `The site's own shortcode "${t.name}" cannot be run here: it was removed. Put what it printed into the page if it matters.`,
  )
  return { before: '', after: '' }
}

const expanded = (out: Out, t: ShortcodeTag, message?: string) => out.find(t.start, t.name, 'expanded', message)

/** The indentation of the line a tag starts on, when only blanks stand before it (for a fence's closing line). */
function indentBefore(body: string, at: number): string {
  const start = blankStart(body, at)
  return start === -1 ? '' : body.slice(start, at)
}

const onOwnLine = (out: Out) => {
  const c = out.lastChar()
  return c === '' || c === '\n'
}

const iframe = (src: string, title: string, cls: string | undefined, extra: Array<[string, string | boolean | undefined]>) => {
  // Hugo's embedded templates use a responsive wrapper with inline styles unless a class is given.
  const wrap = cls === undefined ? ' style="position: relative; padding-bottom: 56.25%; height: 0; overflow: hidden;"' : attrs([['class', cls]])
  const style = cls === undefined ? 'position: absolute; top: 0; left: 0; width: 100%; height: 100%; border:0;' : undefined
  return `<div${wrap}><iframe${attrs([['src', src], ['title', title], ['style', style], ...extra])}></iframe></div>`
}

/** Hugo's privacy settings, from the site configuration (`privacy.youTube.privacyEnhanced`), any key case. */
function privacy(ctx: TemplateContext, service: string, key: string): boolean {
  const value = lookupPath(ctx.data.site, ['privacy', service, key], true)
  return value === true || value === 'true'
}

const HANDLERS: Record<string, Handler> = {
  youtube(t, ctx, out) {
    const id = get(t, 'id', 0)
    if (!id || !/^[\w-]+$/.test(id)) return bad(t, out, 'a YouTube video id')
    const auto = bool(t.named.get('autoplay'), false)
    const query = new URLSearchParams()
    if (auto) query.set('autoplay', '1')
    if (auto || bool(t.named.get('mute'), false)) query.set('mute', '1')
    if (!bool(t.named.get('controls'), true)) query.set('controls', '0')
    if (bool(t.named.get('loop'), false)) query.set('loop', '1')
    for (const k of ['start', 'end']) if (/^\d+$/.test(t.named.get(k) ?? '')) query.set(k, t.named.get(k)!)
    const host = privacy(ctx, 'youtube', 'privacyEnhanced') ? 'www.youtube-nocookie.com' : 'www.youtube.com'
    const qs = query.toString()
    expanded(out, t)
    return {
      text: iframe(`https://${host}/embed/${id}${qs ? `?${qs}` : ''}`, t.named.get('title') ?? 'YouTube video', t.named.get('class'), [
        ['allow', 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share'],
        ['allowfullscreen', bool(t.named.get('allowFullScreen'), true)],
        ['loading', t.named.get('loading') ?? 'eager'],
        ['referrerpolicy', 'strict-origin-when-cross-origin'],
      ]),
      block: true,
    }
  },
  vimeo(t, ctx, out) {
    const id = get(t, 'id', 0)
    if (!id || !/^\d+$/.test(id)) return bad(t, out, 'a Vimeo video id')
    const dnt = privacy(ctx, 'vimeo', 'enableDNT') ? '?dnt=1' : ''
    expanded(out, t)
    return {
      text: iframe(`https://player.vimeo.com/video/${id}${dnt}`, t.named.get('title') ?? 'vimeo video', t.named.get('class'), [
        ['allow', 'autoplay; fullscreen; picture-in-picture'],
        ['allowfullscreen', bool(t.named.get('allowFullScreen'), true)],
        ['loading', t.named.get('loading') ?? 'eager'],
      ]),
      block: true,
    }
  },
  figure(t, _ctx, out) {
    const src = safeUrl(t.named.get('src'))
    if (!src) return bad(t, out, 'an image src')
    const link = safeUrl(t.named.get('link'))
    const img = `<img${attrs([
      ['src', src],
      ['alt', t.named.get('alt') ?? t.named.get('caption') ?? ''],
      ['width', t.named.get('width')],
      ['height', t.named.get('height')],
      ['loading', t.named.get('loading')],
    ])}>`
    const title = t.named.get('title')
    const caption = t.named.get('caption')
    const attr = t.named.get('attr')
    const attrlink = safeUrl(t.named.get('attrlink'))
    let figcaption = ''
    if (title !== undefined || caption !== undefined || attr !== undefined) {
      const credit = attr === undefined ? '' : attrlink ? `<a href="${escapeHtml(attrlink)}">${inlineMarkup(attr)}</a>` : inlineMarkup(attr)
      const para = caption !== undefined || attr !== undefined ? `<p>${[caption === undefined ? '' : inlineMarkup(caption), credit].filter((s) => s).join(' ')}</p>` : ''
      figcaption = `<figcaption>${title !== undefined ? `<h4>${inlineMarkup(title)}</h4>` : ''}${para}</figcaption>`
    }
    const linked = link ? `<a${attrs([['href', link], ['target', t.named.get('target')], ['rel', t.named.get('rel')]])}>${img}</a>` : img
    expanded(out, t)
    return { text: `<figure${attrs([['class', t.named.get('class')]])}>${linked}${figcaption}</figure>`, block: true }
  },
  highlight(t, _ctx, out, body) {
    const lang = t.positional[0] ?? t.named.get('lang') ?? ''
    const inline = /\bhl_inline\s*=\s*true\b/i.test(t.positional[1] ?? '') || t.named.get('hl_inline') === 'true'
    expanded(out, t)
    const indent = indentBefore(body, t.start)
    return {
      render: (inner) => {
        if (inline) return codeSpan(inner.trim())
        return `${onOwnLine(out) ? '' : '\n'}${codeBlock(inner, lang, indent)}`
      },
      block: true,
    }
  },
  details(t, _ctx, out) {
    expanded(out, t)
    const summary = t.named.get('summary') ?? 'Details'
    const open = `<details${attrs([['open', bool(t.named.get('open'), false)], ['class', t.named.get('class')], ['name', t.named.get('name')], ['title', t.named.get('title')]])}>`
    return { before: `${open}\n<summary>${inlineMarkup(summary)}</summary>\n`, after: '\n</details>', block: true }
  },
  param(t, ctx, out) {
    const name = get(t, 'name', 0) ?? ''
    const path = name.split('.').filter((s) => s !== '')
    const page = ctx.data.page
    const site = ctx.data.site
    const value = [lookupPath(page, path), lookupPath(page, ['params', ...path]), lookupPath(site, ['params', ...path]), lookupPath(site, path)].find((v) => v !== undefined)
    if (value === undefined) {
      out.find(t.start, t.name, 'unresolved', `The parameter "${name}" is in neither the front matter nor the site parameters, so nothing was printed (Hugo stops with an error here). Add it to the front matter.`)
      return { text: '' }
    }
    expanded(out, t)
    return { text: toText(value, 'hugo') }
  },
  ref: (t, ctx, out) => reference(t, ctx, out),
  relref: (t, ctx, out) => reference(t, ctx, out),
  gist(t, _ctx, out) {
    const [user, id, file] = t.positional
    if (!user || !id || !/^[\w-]+$/.test(user) || !/^[\w]+$/.test(id)) return bad(t, out, 'a user and a gist id')
    const href = `https://gist.github.com/${user}/${id}${file ? `#file-${file.replace(/[^\w-]/g, '-').toLowerCase()}` : ''}`
    expanded(out, t, 'Embedded as a link to the gist: its script is not added to the page.')
    return { text: `<p><a href="${escapeHtml(href)}">${escapeHtml(`${user}/${id}${file ? ` (${file})` : ''}`)}</a></p>`, block: true }
  },
  x: (t, _ctx, out) => post(t, out),
  twitter: (t, _ctx, out) => post(t, out),
  tweet: (t, _ctx, out) => post(t, out),
  instagram(t, _ctx, out) {
    const id = get(t, 'id', 0)
    if (!id || !/^[\w-]+$/.test(id)) return bad(t, out, 'an Instagram post id')
    const href = `https://www.instagram.com/p/${id}/`
    expanded(out, t, 'Embedded as a link to the post: Instagram\u2019s script is not added to the page.')
    return { text: `<blockquote class="instagram-media"><p><a href="${href}">${href}</a></p></blockquote>`, block: true }
  },
  qr(t, _ctx, out) {
    const text = t.named.get('text')
    out.find(t.start, t.name, 'removed', 'Hugo draws a QR code image here, which cannot be generated by the importer; the encoded text was kept instead.')
    const show = (s: string) => {
      const trimmed = s.trim()
      const url = /^https?:\/\//.test(trimmed) ? safeUrl(trimmed) : undefined
      return url ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(trimmed)
    }
    if (text !== undefined || t.kind === 'self' || t.match === -1) return { text: show(text ?? '') }
    return { render: show }
  },
  comment(t, _ctx, out) {
    expanded(out, t)
    return { text: '' }
  },
  // The Hugo documentation's own shortcodes, whose meaning is plain from their documentation (contribute/documentation).
  'code-toggle'(t, _ctx, out, body) {
    if (t.kind === 'self' || t.match === -1) {
      out.find(t.start, t.name, 'removed', 'The Hugo documentation theme prints a configuration section here from its own data; it cannot be reproduced, so it was removed.')
      return { text: '' }
    }
    expanded(out, t, 'The Hugo documentation theme shows this configuration in TOML, YAML and JSON tabs; it was kept as one code block as written.')
    const indent = indentBefore(body, t.start)
    return {
      render: (inner) => {
        const first = trimBlankLines(inner).trimStart()
        const lang = first.startsWith('{') ? 'json' : /^[\w-]+:(\s|$)/.test(first) ? 'yaml' : 'toml'
        return `${onOwnLine(out) ? '' : '\n'}${codeBlock(inner, lang, indent)}`
      },
      block: true,
    }
  },
  include: (t, ctx, out, _body, depth) => include(t, ctx, out, depth),
  readfile: (t, ctx, out, _body, depth) => include(t, ctx, out, depth),
}

function bad(t: ShortcodeTag, out: Out, what: string): Expansion {
  out.find(t.start, t.name, 'removed', `The "${t.name}" shortcode needs ${what}; it had none that could be used, so it was removed.`)
  return { text: '' }
}

function post(t: ShortcodeTag, out: Out): Expansion {
  const user = t.named.get('user') ?? (t.positional.length >= 2 ? t.positional[0] : undefined)
  const id = t.named.get('id') ?? t.positional[t.positional.length - 1]
  if (!id || !/^\d+$/.test(id) || (user !== undefined && !/^\w+$/.test(user))) return bad(t, out, 'a user and a post id')
  const href = `https://x.com/${user ?? 'i/web'}/status/${id}`
  expanded(out, t, 'Embedded as a link to the post: X\u2019s script is not added to the page.')
  return { text: `<blockquote class="twitter-tweet"><p><a href="${href}">${href}</a></p></blockquote>`, block: true }
}

function reference(t: ShortcodeTag, ctx: TemplateContext, out: Out): Expansion {
  const target = get(t, 'path', 0) ?? ''
  const hash = target.indexOf('#')
  const path = hash === -1 ? target : target.slice(0, hash)
  const anchor = hash === -1 ? '' : target.slice(hash)
  if (path === '') {
    expanded(out, t)
    return { text: anchor }
  }
  const url = ctx.resolve('ref', path)
  if (url === undefined) {
    out.find(t.start, t.name, 'unresolved', `No page matches "${target}"; the path was printed as written. Fix the reference or add the page.`)
    return { text: target }
  }
  const extra = t.named.get('outputFormat') || t.named.get('lang') ? ' (its lang and outputFormat arguments were not applied)' : ''
  expanded(out, t, extra ? `Resolved to the page's new URL${extra}.` : undefined)
  return { text: url.includes('#') || anchor === '' ? url : `${url}${anchor}` }
}

/** An `include "path"` shortcode (the Hugo documentation's own; many sites have one): the file's body, expanded. */
function include(t: ShortcodeTag, ctx: TemplateContext, out: Out, depth: number): Expansion {
  const path = (get(t, 'path', 0) ?? get(t, 'file', 0) ?? '').replace(/^\/+/, '')
  const text = path && depth < MAX_INCLUDE_DEPTH ? ctx.readFile('include', path) : undefined
  if (text === undefined) {
    out.find(t.start, t.name, 'unresolved', depth >= MAX_INCLUDE_DEPTH ? `Includes nest deeper than ${MAX_INCLUDE_DEPTH} levels; "${path}" was not read.` : `The included file "${path}" was not found in the site, so nothing was printed. Add the file or put its text into the page.`)
    return { text: '' }
  }
  const inner = expandHugo(stripFrontMatter(text), ctx, depth + 1)
  for (const f of inner.findings) out.find(t.start, f.name, f.action, f.message)
  expanded(out, t)
  return { text: trimBlankLines(inner.body), block: true }
}
