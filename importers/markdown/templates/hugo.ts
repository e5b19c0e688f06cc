import { MAX_INCLUDES, outputLimit } from './_engine.js'
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

/** How deep the shortcode being expanded sits in `include`s, and what one page's includes may still add (shared by all of them). */
interface Includes {
  depth: number
  left: { files: number; chars: number }
}

// Expands Hugo shortcodes. Hugo reads shortcodes before Markdown, everywhere in the body, code blocks included (its
// documentation says a shortcode in a code block runs unless escaped), so this pass does not skip code; the escapes
// {{</* x */>}} and {{%/* x */%}} print {{< x >}} and {{% x %}}, as Hugo prints them.
export function expandHugo(body: string, ctx: TemplateContext, includes: Includes = { depth: 0, left: { files: MAX_INCLUDES, chars: outputLimit(body.length) } }): PassResult {
  if (!body.includes('{{<') && !body.includes('{{%')) return unchanged(body)
  const out = new Out(body)
  const tags = lexShortcodes(body)
  pairTags(tags)
  labelTabs(tags)
  renderTags(body, tags, out, (tag) => expandShortcode(tag, body, ctx, out, includes))
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

/**
 * Hextra names its tabs on the container, `tabs items="JSON,YAML"`, and each `tab` takes the next name: the label
 * is written onto the tab as its `name` (a tab's own label wins). One pass with a stack of the open containers.
 */
function labelTabs(tags: ShortcodeTag[]): void {
  const open: Array<{ close: number; items: string[]; next: number }> = []
  tags.forEach((t, i) => {
    while (open.length > 0 && open[open.length - 1].close <= i) open.pop()
    if (t.kind !== 'open' || t.match === -1) return
    // Every container counts, so that a tab inside a nested `tabs` without items takes no name from outside it.
    if (t.name === 'tabs') open.push({ close: t.match, items: (t.named.get('items') ?? '').split(','), next: 0 })
    else if (t.name === 'tab' && open.length > 0) {
      const box = open[open.length - 1]
      const label = box.items[box.next++]?.trim()
      if (label && !t.named.has('name') && !t.named.has('header') && !t.named.has('title') && t.positional.length === 0) t.named.set('name', label)
    }
  })
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

type Handler = (t: ShortcodeTag, ctx: TemplateContext, out: Out, body: string, includes: Includes) => Expansion

function expandShortcode(t: ShortcodeTag, body: string, ctx: TemplateContext, out: Out, includes: Includes): Expansion {
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
  if (handler) return handler(t, ctx, out, body, includes)
  return unknown(t, out)
}

const IMAGE_PARAMETERS = ['src', 'image', 'img', 'path', 'file', 'url']

/**
 * Paired shortcodes of popular themes (Docsy, Hugo Book, Relearn, Hextra, Blowfish and Congo, PaperMod, LoveIt and
 * DoIt, Stack), each with the one meaning every theme that has it gives it, in their documentation: tabs keep each
 * tab's label (a tab's `lang` makes its content code), callouts their kind and title, expanders their title, written
 * as the other conventions' tabs, admonitions and details are; wrappers keep their content in a `<div>` named after
 * them. Their templates are the site's, never read; a tab without a label is left to `unknown` (its text kept).
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
  expand: (t, _ctx, out) => disclosure(t, out, t.positional[0] ?? t.named.get('title') ?? 'Expand', false),
  // PaperMod: `collapse summary="…" openByDefault=true`; Blowfish: `accordionItem title="…" open=true`.
  collapse: (t, _ctx, out) => disclosure(t, out, t.named.get('summary') ?? t.positional[0] ?? 'Details', bool(t.named.get('openByDefault'), false)),
  accordionItem: (t, _ctx, out) => disclosure(t, out, t.named.get('title') ?? t.positional[0] ?? 'Details', bool(t.named.get('open'), false)),
  alert: (t, _ctx, out) => callout(t, out, t.named.get('color') ?? t.named.get('type') ?? t.positional[0], t.named.get('title')),
  hint: (t, _ctx, out) => callout(t, out, t.positional[0] ?? t.named.get('type'), t.named.get('title')),
  notice: (t, _ctx, out) => callout(t, out, t.positional[0] ?? t.named.get('style'), t.positional[1] ?? t.named.get('title')),
  callout: (t, _ctx, out) => callout(t, out, t.named.get('type') ?? t.positional[0], t.named.get('title')),
  // LoveIt, DoIt, FixIt: `admonition type title open` (named or in that order); the title defaults to the type's name.
  admonition(t, _ctx, out) {
    const type = (t.named.get('type') ?? t.positional[0] ?? 'note').toLowerCase()
    const title = t.named.get('title') ?? t.positional[1] ?? (CALLOUT_KINDS[type] === type ? undefined : type.charAt(0).toUpperCase() + type.slice(1))
    return callout(t, out, type, title)
  },
  // Relearn: a block of LaTeX; Hugo Book: `katex [display]`; written as Markdown math, as the other conventions do.
  math: (t, _ctx, out) => math(t, out, true),
  mermaid(t, _ctx, out) {
    expanded(out, t)
    return { render: (inner) => `${onOwnLine(out) ? '' : '\n'}${codeBlock(inner, 'mermaid')}`, block: true }
  },
  lead: (t, _ctx, out) => wrapper(t, out, 'lead'),
  steps: (t, _ctx, out) => wrapper(t, out, 'steps'),
  cards: (t, _ctx, out) => wrapper(t, out, 'cards'),
  gallery: (t, _ctx, out) => wrapper(t, out, 'gallery'),
  pageinfo: (t, _ctx, out) => wrapper(t, out, 'pageinfo'),
  timeline: (t, _ctx, out) => wrapper(t, out, 'timeline'),
  accordion: (t, _ctx, out) => wrapper(t, out, 'accordion'),
  'blocks/section': (t, _ctx, out) => wrapper(t, out, 'section'),
  'blocks/lead': (t, _ctx, out) => wrapper(t, out, 'lead'),
  'blocks/cover': (t, _ctx, out) => wrapper(t, out, 'cover', t.named.get('title'), 'h1'),
  'blocks/feature': (t, _ctx, out) => wrapper(t, out, 'feature', t.named.get('title'), 'h3'),
  timelineItem: (t, _ctx, out) => wrapper(t, out, 'timeline-item', t.named.get('header'), 'h3'),
  ltr: (t, _ctx, out) => (expanded(out, t), { before: '<div dir="ltr">\n\n', after: '\n\n</div>', block: true }),
  rtl: (t, _ctx, out) => (expanded(out, t), { before: '<div dir="rtl">\n\n', after: '\n\n</div>', block: true }),
  // Hugo Book: columns separated by a `<--->` line.
  columns(t, _ctx, out) {
    expanded(out, t)
    return { render: (inner) => `<div class="columns">\n\n${inner.split(/^[ \t]*<--->[ \t]*$/m).map((c) => `<div>\n\n${trimBlankLines(c)}\n\n</div>`).join('\n\n')}\n\n</div>`, block: true }
  },
  // PaperMod `rawhtml`, LoveIt `raw`: their content is printed as written.
  rawhtml: (t, _ctx, out) => (expanded(out, t), { before: '', after: '' }),
  raw: (t, _ctx, out) => (expanded(out, t), { before: '', after: '' }),
  // LoveIt `style "css"` and Blowfish/LoveIt `typeit`: the text stays; the style and the typing animation do not.
  style: (t, _ctx, out) => (expanded(out, t, 'Its content was kept; its style was not applied.'), { before: '', after: '' }),
  typeit(t, _ctx, out) {
    const lang = t.named.get('code')
    expanded(out, t, 'Its text was kept, without the typing animation.')
    if (lang === undefined) return { before: '', after: '' }
    return { render: (inner) => `${onOwnLine(out) ? '' : '\n'}${codeBlock(inner, lang)}`, block: true }
  },
  // Blowfish, Congo, Hugo Book, Relearn: a link drawn as a button, its label inside.
  button(t, ctx, out) {
    const href = buttonHref(t, ctx)
    if (href === undefined) return unknown(t, out)
    expanded(out, t)
    // On one line, so that a label written on its own lines is read as text and not as part of an HTML block.
    const open = `<a${attrs([['class', 'button'], ['href', href], ['target', t.named.get('target')], ['rel', t.named.get('rel')]])}>`
    return { render: (inner) => `${open}${inner.split('\n').map((l) => l.trim()).filter((l) => l !== '').join(' ')}</a>` }
  },
  keyword: (t, _ctx, out) => (expanded(out, t), { before: '<span class="keyword">', after: '</span>' }),
  // Stack: `quote author source url`.
  quote(t, _ctx, out) {
    const author = t.named.get('author')
    const source = t.named.get('source')
    const url = safeUrl(t.named.get('url'))
    const cite = source === undefined ? '' : url ? `<cite><a href="${escapeHtml(url)}">${inlineMarkup(source)}</a></cite>` : `<cite>${inlineMarkup(source)}</cite>`
    const credit = author !== undefined || cite !== '' ? `\n\n<p>\u2014 ${[author === undefined ? '' : inlineMarkup(author), cite].filter((s) => s).join(', ')}</p>` : ''
    expanded(out, t)
    return { before: '<blockquote>\n\n', after: `${credit}\n\n</blockquote>`, block: true }
  },
  // Charts and maps whose content is a script's data (Blowfish `chart`, LoveIt `echarts` and `mapbox`): never text.
  chart: (t, _ctx, out) => drawn(t, out),
  echarts: (t, _ctx, out) => drawn(t, out),
  mapbox: (t, _ctx, out) => drawn(t, out),
}

/** Callout kinds in the admonition's words: Docsy's colours, Relearn's styles, LoveIt's types, Blowfish's icons. */
const CALLOUT_KINDS: Record<string, string> = {
  note: 'note', tip: 'tip', info: 'info', warning: 'warning', danger: 'danger', caution: 'caution', important: 'important', success: 'success',
  error: 'danger', failure: 'danger', bug: 'danger', red: 'danger', orange: 'warning', green: 'tip', blue: 'info', grey: 'note', gray: 'note',
  primary: 'note', secondary: 'note', default: 'note', light: 'note', dark: 'note', accent: 'note',
  abstract: 'note', summary: 'note', tldr: 'note', example: 'note', quote: 'note', question: 'info', hint: 'tip', check: 'success', done: 'success',
  attention: 'warning', fail: 'danger', missing: 'danger',
}

/** A theme's callout as an admonition: its kind in the admonition's words (`error` is `danger`; a kind none of them
 *  has, such as Blowfish's icon names, is a note), its title if it has one. */
function callout(t: ShortcodeTag, out: Out, kind: string | undefined, title: string | undefined): Expansion {
  const type = CALLOUT_KINDS[(kind ?? 'note').toLowerCase()] ?? 'note'
  expanded(out, t)
  return { before: `${admonitionOpen(type, title)}\n\n`, after: '\n\n</aside>', block: true }
}

function disclosure(t: ShortcodeTag, out: Out, summary: string, open: boolean): Expansion {
  expanded(out, t)
  return { before: `<details${open ? ' open' : ''}>\n<summary>${inlineMarkup(summary)}</summary>\n\n`, after: '\n\n</details>', block: true }
}

/** A theme's block wrapper as a `<div>` with its name as class, and its title as a heading when it has one. */
function wrapper(t: ShortcodeTag, out: Out, cls: string, title?: string, heading = 'h3'): Expansion {
  expanded(out, t)
  const head = title === undefined || title.trim() === '' ? '' : `\n<${heading}>${inlineMarkup(title)}</${heading}>`
  return { before: `<div class="${cls}">${head}\n\n`, after: '\n\n</div>', block: true }
}

/** LaTeX between `$$` lines (a block) or `$` (inline), the way Markdown math is written elsewhere; LaTeX that has
 *  its delimiters already (Relearn's examples write `$$…$$` inside `math`) keeps them. */
function math(t: ShortcodeTag, out: Out, display: boolean): Expansion {
  expanded(out, t)
  return {
    render: (inner) => {
      const tex = inner.trim()
      if (/^(?:\$|\\\[|\\\()/.test(tex)) return display ? `${onOwnLine(out) ? '' : '\n'}${tex}` : tex
      return display ? `${onOwnLine(out) ? '' : '\n'}$$\n${tex}\n$$` : `$${tex}$`
    },
    block: display,
  }
}

/** A shortcode that draws from a script's data (a chart, a map): removed with its content, which is not text. */
function drawn(t: ShortcodeTag, out: Out): Expansion {
  out.find(t.start, t.name, 'removed', `The theme's "${t.name}" shortcode draws a chart or map with a script from the data inside it; that cannot be shown here, so it was removed with its data. Put an image of it into the page if it matters.`)
  return { text: '' }
}

/** A button's target: `href`, or Hugo Book's `relref`/`ref` (a page, resolved to its new URL). */
function buttonHref(t: ShortcodeTag, ctx: TemplateContext): string | undefined {
  const href = t.named.get('href') ?? t.named.get('link') ?? t.named.get('url')
  if (href !== undefined) return safeUrl(href)
  const ref = t.named.get('relref') ?? t.named.get('ref')
  if (ref === undefined) return undefined
  const hash = ref.indexOf('#')
  const path = hash === -1 ? ref : ref.slice(0, hash)
  const url = path === '' ? '' : ctx.resolve('ref', path)
  return url === undefined ? undefined : `${url}${hash === -1 ? '' : ref.slice(hash)}`
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
    // Blowfish names the link `href`.
    const link = safeUrl(t.named.get('link') ?? t.named.get('href'))
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
    // PaperMod's `align=center` is a class.
    const align = t.named.get('align')
    const cls = [t.named.get('class'), align === undefined ? undefined : `align-${align}`].filter((c) => c !== undefined).join(' ')
    return { text: `<figure${attrs([['class', cls || undefined]])}>${linked}${figcaption}</figure>`, block: true }
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
    // Themes replace Hugo's own: Hextra's `details title="…" [closed=true]` is open unless closed; Hugo Book's
    // `details "Title" [open]` is closed unless `open` follows the title.
    const hextra = !t.named.has('summary') && (t.named.has('closed') || t.named.has('title'))
    const book = !t.named.has('summary') && t.positional.length > 0
    const summary = (hextra ? t.named.get('title') : book ? t.positional[0] : t.named.get('summary')) ?? 'Details'
    const opened = hextra && !t.named.has('open') ? !bool(t.named.get('closed'), false) : bool(t.named.get('open'), book && t.positional[1] === 'open')
    const open = `<details${attrs([['open', opened], ['class', t.named.get('class')], ['name', t.named.get('name')], ['title', hextra ? undefined : t.named.get('title')]])}>`
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
  // LoveIt and DoIt `image src alt caption title linked`: the figure Hugo's `figure` draws; a site's own `image`
  // with other parameters is left to `unknown`, which keeps its image.
  image: (t, ctx, out, body, includes) => (t.named.has('src') && !(t.kind === 'open' && t.match !== -1) ? HANDLERS.figure(t, ctx, out, body, includes) : unknown(t, out)),
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
  include: (t, ctx, out, _body, includes) => include(t, ctx, out, includes),
  readfile: (t, ctx, out, _body, includes) => include(t, ctx, out, includes),
  // Popular themes' shortcodes that may stand alone (see THEME_HANDLERS for the paired ones).
  // Hugo Book `katex [display]` around LaTeX; Blowfish and Congo `katex` alone only load KaTeX on the page.
  katex(t, _ctx, out) {
    if (t.kind === 'open' && t.match !== -1) return math(t, out, t.positional.includes('display') || bool(t.named.get('display'), false))
    expanded(out, t, 'It only loads KaTeX on the page, for the math written in it; nothing is printed.')
    return { text: '' }
  },
  // Blowfish, Congo, Relearn: `badge` around its text (Relearn's `title` goes first); Hextra: `badge "text"` alone.
  badge(t, _ctx, out) {
    const title = t.named.get('title')
    if (t.kind === 'open' && t.match !== -1) return (expanded(out, t), { before: `<span class="badge">${title ? `${inlineMarkup(title)} ` : ''}`, after: '</span>' })
    const text = t.named.get('content') ?? title ?? t.positional[0]
    if (text === undefined) return bad(t, out, 'a text')
    expanded(out, t)
    return { text: `<span class="badge">${inlineMarkup(text)}</span>` }
  },
  // Blowfish, Congo, Relearn, Hextra: an icon from the theme's set, drawn beside text; nothing to show without it.
  icon(t, _ctx, out) {
    out.find(t.start, t.name, 'removed', "The theme's icon was removed: its drawing is part of the theme, not of the content.")
    return { text: '' }
  },
  // Hextra and Hugo Blox: a card linking to a page, with a title, a subtitle and an image; inside `cards`.
  card(t, _ctx, out) {
    const title = t.named.get('title') ?? ''
    const href = safeUrl(t.named.get('link') ?? t.named.get('url') ?? t.named.get('href'))
    const subtitle = t.named.get('subtitle')
    const image = safeUrl(t.named.get('image'))
    if (title.trim() === '' && href === undefined) return unknown(t, out)
    expanded(out, t)
    const head = href === undefined ? `<strong>${inlineMarkup(title)}</strong>` : `<a href="${escapeHtml(href)}">${inlineMarkup(title || href)}</a>`
    const img = image === undefined ? '' : `<img${attrs([['src', image], ['alt', t.named.get('imageAlt') ?? title]])}>\n`
    const text = `<div class="card">\n${img}<p>${head}${subtitle === undefined ? '' : `<br>${inlineMarkup(subtitle)}`}</p>`
    if (t.kind === 'open' && t.match !== -1) return { before: `${text}\n\n`, after: '\n\n</div>', block: true }
    return { text: `${text}\n</div>`, block: true }
  },
  // Hextra: `filetree/container` holding `filetree/folder name state` and `filetree/file name`: a nested list.
  'filetree/container': (t, _ctx, out) => (expanded(out, t), { before: '<ul class="file-tree">', after: '</ul>' }),
  'filetree/folder'(t, _ctx, out) {
    expanded(out, t)
    const name = `<li>${escapeHtml(t.named.get('name') ?? t.positional[0] ?? '')}/`
    if (t.kind === 'open' && t.match !== -1) return { before: `${name}<ul>`, after: '</ul></li>' }
    return { text: `${name}</li>` }
  },
  'filetree/file': (t, _ctx, out) => (expanded(out, t), { text: `<li>${escapeHtml(t.named.get('name') ?? t.positional[0] ?? '')}</li>` }),
  // Relearn: a site parameter, as `param` prints one.
  siteparam(t, ctx, out) {
    const name = get(t, 'name', 0) ?? ''
    const path = name.split('.').filter((s) => s !== '')
    const value = [lookupPath(ctx.data.site, ['params', ...path]), lookupPath(ctx.data.site, path)].find((v) => v !== undefined)
    if (value === undefined) {
      out.find(t.start, t.name, 'unresolved', `The site parameter "${name}" is not in the site configuration, so nothing was printed. Add it under [params].`)
      return { text: '' }
    }
    expanded(out, t)
    return { text: toText(value, 'hugo') }
  },
  // Blowfish `youtubeLite id label`: the video, as Hugo's `youtube` embeds it.
  youtubeLite: (t, ctx, out, body, includes) => HANDLERS.youtube({ ...t, named: new Map([...t.named, ['title', t.named.get('label') ?? 'YouTube video']]) }, ctx, out, body, includes),
  // LoveIt, Stack, Blowfish: `bilibili BV… [page]` (or `id=`), Bilibili's player.
  bilibili(t, _ctx, out) {
    const id = t.named.get('id') ?? t.positional[0]
    if (!id || !/^(?:BV[\w]+|(?:av)?\d+)$/i.test(id)) return bad(t, out, 'a Bilibili video id')
    const page = /^\d+$/.test(t.named.get('p') ?? t.positional[1] ?? '') ? (t.named.get('p') ?? t.positional[1]) : '1'
    const video = /^BV/i.test(id) ? `bvid=${id}` : `aid=${id.replace(/^av/i, '')}`
    expanded(out, t)
    return { text: iframe(`https://player.bilibili.com/player.html?${video}&page=${page}`, t.named.get('title') ?? 'Bilibili video', undefined, [['allowfullscreen', true]]), block: true }
  },
  // PaperMod, Stack, Blowfish: `video src` (or the source first): an HTML video with its controls.
  video(t, _ctx, out) {
    const src = safeUrl(t.named.get('src') ?? t.named.get('url') ?? t.positional[0])
    if (!src) return bad(t, out, 'a video src')
    expanded(out, t)
    return { text: `<video${attrs([['src', src], ['controls', true], ['preload', 'metadata'], ['poster', safeUrl(t.named.get('poster'))], ['width', t.named.get('width')]])}></video>`, block: true }
  },
  // Lists the theme draws from other pages or files (Relearn `children`, `attachments`, `resources`; Hugo Book
  // `section`; Blowfish `list`): generated, so removed, said so.
  children: (t, _ctx, out) => listing(t, out),
  attachments: (t, _ctx, out) => listing(t, out),
  resources: (t, _ctx, out) => listing(t, out),
  section: (t, _ctx, out) => listing(t, out),
  list: (t, _ctx, out) => listing(t, out),
  // Blowfish `github repo="owner/name"` (and its `codeberg`, `gitea`, `forgejo` kin with a `server`): a repository card, kept as a link.
  github: (t, _ctx, out) => repository(t, out, 'https://github.com'),
  codeberg: (t, _ctx, out) => repository(t, out, 'https://codeberg.org'),
}

function listing(t: ShortcodeTag, out: Out): Expansion {
  if (t.kind === 'open' && t.match !== -1) return unknown(t, out)
  out.find(t.start, t.name, 'removed', `The theme's "${t.name}" shortcode lists other pages or files of the site, generated when it was built; the list was removed. Link the pages by hand if the page needs them.`)
  return { text: '' }
}

function repository(t: ShortcodeTag, out: Out, server: string): Expansion {
  const repo = t.named.get('repo') ?? t.positional[0]
  if (!repo || !/^[\w.-]+\/[\w.-]+$/.test(repo)) return bad(t, out, 'a repository as owner/name')
  expanded(out, t, 'Kept as a link to the repository: its card is drawn from data fetched at build time.')
  return { text: `<p><a href="${server}/${repo}">${escapeHtml(repo)}</a></p>`, block: true }
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

/**
 * An `include "path"` shortcode (the Hugo documentation's own; many sites have one): the file's body, expanded. What
 * one body's includes may add is bounded, as the other dialects' includes are: files included in all (a file that
 * includes another twice, which includes another twice… doubles the work at every level) and their characters.
 */
function include(t: ShortcodeTag, ctx: TemplateContext, out: Out, includes: Includes): Expansion {
  const path = (get(t, 'path', 0) ?? get(t, 'file', 0) ?? '').replace(/^\/+/, '')
  const { depth, left } = includes
  const over = depth >= MAX_INCLUDE_DEPTH || left.files <= 0
  const text = path && !over ? ctx.readFile('include', path) : undefined
  if (text === undefined) {
    out.find(t.start, t.name, 'unresolved', over ? `Includes nest deeper than ${MAX_INCLUDE_DEPTH} levels or number more than ${MAX_INCLUDES} in one page (a file that includes itself?); "${path}" was not read.` : `The included file "${path}" was not found in the site, so nothing was printed. Add the file or put its text into the page.`)
    return { text: '' }
  }
  if (text.length > left.chars) {
    out.find(t.start, t.name, 'removed', `Including "${path}" would make the page longer than the importer allows (its includes may add eight times the page's own text and 4 MB); it was left out.`)
    return { text: '' }
  }
  left.files--
  left.chars -= text.length
  const inner = expandHugo(stripFrontMatter(text), ctx, { depth: depth + 1, left })
  for (const f of inner.findings) out.find(t.start, f.name, f.action, f.message)
  expanded(out, t)
  return { text: trimBlankLines(inner.body), block: true }
}
