import { code, found, generated, image, link, prop, wrapBlock } from './_components.js'
import type { Component, Element, JsxEnv } from './_components.js'
import { attrs, escapeHtml, inlineMarkup, safeUrl } from './_html.js'
import { blank, blankEnd, lineBounds, Out, unchanged } from './_out.js'
import type { PassResult } from './_out.js'
import type { Expansion } from './_render.js'
import { findCode } from './_scan.js'
import type { TemplateContext } from './types.js'
import { keepsIndentedCode } from './types.js'

/**
 * Docusaurus' Markdown features (also Starlight's asides, which share the `:::` syntax): admonitions become
 * `<aside class="admonition admonition-note">` with their title, code block titles (`title="x"`) a title line above
 * the block. `<!-- truncate -->` stays for the importer's excerpt. Code is left as written.
 */
export function expandDocusaurus(body: string, ctx: TemplateContext): PassResult {
  if (!body.includes(':::') && !body.includes('title=')) return unchanged(body)
  const out = new Out(body)
  const ranges = findCode(body, { indentedCode: keepsIndentedCode(ctx) })
  const open: Array<{ type: string; colons: number; indent: string; at: number; known: boolean }> = []
  let cursor = 0
  let r = 0
  for (let pos = 0; pos < body.length; ) {
    const { end } = lineBounds(body, pos)
    const next = end + 1
    while (r < ranges.length && ranges[r].end <= pos) r++
    const range = ranges[r]
    if (range && range.start <= pos) {
      // A fenced block whose opening line is this one may carry a title.
      if (range.fence && range.fence.lineStart === pos) {
        const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(range.fence.info)
        if (title) {
          const text = title[1] ?? title[2] ?? title[3]
          out.copy(cursor, pos)
          out.emit(`${range.fence.indent}<div class="code-block-title">${escapeHtml(text)}</div>\n\n`, out.lines.line(pos))
          out.find(pos, 'code title', 'expanded')
          cursor = pos
        }
      }
      pos = range.end >= body.length ? body.length : lineBounds(body, range.end).end + 1
      continue
    }
    const line = body.slice(pos, end)
    const m = /^([ \t]*)(:{3,})(.*)$/.exec(line.length > 4096 ? line.slice(0, 4096) : line)
    if (m) {
      const [, indent, colons, rest] = m
      out.copy(cursor, pos)
      cursor = Math.min(next, body.length)
      if (blank(rest, 0, rest.length)) {
        const top = open[open.length - 1]
        if (top && colons.length >= top.colons) {
          open.pop()
          out.emit(top.known ? `\n${indent}</aside>\n` : '', out.lines.line(pos))
        } else out.find(pos, ':::', 'removed', 'A closing ::: without an open admonition was removed.')
      } else {
        const head = /^\s*([A-Za-z][\w-]*)?(?:\[([^\]]*)\])?(?:\{[^}]*\})?\s*(.*)$/.exec(rest)
        const type = (head?.[1] ?? '').toLowerCase()
        const title = head?.[2] ?? (head?.[3] ? head[3].trim() : undefined)
        const known = ADMONITIONS.has(type)
        open.push({ type, colons: colons.length, indent, at: pos, known })
        if (known) {
          // Every line of the opening carries the fence's indentation, so an admonition in a list item stays in it.
          out.emit(`${admonitionOpen(type, title || undefined).replace(/^/gm, indent)}\n\n`, out.lines.line(pos))
          out.find(pos, `:::${type}`, 'expanded')
        } else out.find(pos, `:::${type}`, 'removed', `":::${type}" is not a container type ${generatorsOf(ctx)} know (${[...ADMONITIONS].join(', ')}); its fences were removed and its content kept.`)
      }
    }
    pos = next
  }
  out.copy(cursor, body.length)
  for (const left of open.reverse()) {
    if (left.known) out.emit(`\n\n${left.indent}</aside>\n`, out.lines.line(body.length))
    out.find(left.at, `:::${left.type}`, 'removed', 'This admonition is never closed with :::; it was closed at the end of the body.')
  }
  return out.finish()
}

/** The generators whose `:::` containers a body uses, for messages: VuePress's and VitePress's when the Vue dialect is on. */
function generatorsOf(ctx: TemplateContext): string {
  return ctx.dialects.includes('vue') ? 'VuePress or VitePress' : 'Docusaurus or Starlight'
}

/** Admonition types of Docusaurus (note, tip, info, warning, danger; caution and the older names) and Starlight. */
const ADMONITIONS = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'secondary', 'success'])

const TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger', caution: 'Caution', important: 'Important', secondary: 'Note', success: 'Success' }

/** The opening HTML of an admonition; `</aside>` closes it. A title with `**bold**` or `code` keeps that markup. */
export function admonitionOpen(type: string, title?: string): string {
  const safeType = type.replace(/[^\w-]/g, '') || 'note'
  const label = title === undefined ? (TITLES[safeType] ?? safeType) : inlineMarkup(title)
  return `<aside class="admonition admonition-${safeType}">\n<p class="admonition-title">${label}</p>`
}

const admonition = (typeProp: string, defaultType: string): Component => (el, env) => {
  const type = (prop(el, typeProp) ?? defaultType).toLowerCase()
  found(el, env, 'expanded')
  const open = admonitionOpen(type, prop(el, 'title'))
  if (!el.paired) return { text: `${open}\n</aside>`, block: true }
  return wrapBlock(el, `${open}\n`, '</aside>')
}

/** A tab's label: its own `label`, else its parent's `values` entry for its `value`, else the value. */
function tabLabel(el: Element): string {
  const own = prop(el, 'label')
  if (own !== undefined) return own
  const value = prop(el, 'value')
  const values = el.parent?.props.get('values')
  if (Array.isArray(values)) {
    const entry = values.find((v) => v && typeof v === 'object' && (v as Record<string, unknown>).value === value) as Record<string, unknown> | undefined
    if (entry && typeof entry.label === 'string') return entry.label
  }
  return value ?? `Tab ${el.childIndex + 1}`
}

const tabs: Component = (el, env) => {
  found(el, env, 'expanded')
  return wrapBlock(el, '<div class="tabs">', '</div>')
}

/** Each tab becomes an open `<details>` with its label as summary: every tab's content stays visible and labelled. */
const tabItem: Component = (el, env) => {
  found(el, env, 'expanded')
  return wrapBlock(el, `<details class="tab" open>\n<summary>${escapeHtml(tabLabel(el))}</summary>`, '</details>')
}

const details: Component = (el, env) => {
  found(el, env, 'expanded')
  const summary = prop(el, 'summary')
  const open = `<details${attrs([['open', el.props.get('open') === true || prop(el, 'open') === 'true'], ['class', prop(el, 'className') ?? prop(el, 'class')]])}>${summary ? `\n<summary>${escapeHtml(summary)}</summary>` : ''}`
  return wrapBlock(el, open, '</details>')
}

/** `<summary>` inside details: a blank line after it lets the Markdown that follows be read as Markdown. */
const summary: Component = (el: Element, env: JsxEnv): Expansion => {
  found(el, env, 'expanded')
  const src = env.out.src
  const close = el.close ?? el.tag
  const atLineEnd = blankEnd(src, close.end) !== -1
  return { before: '<summary>', after: atLineEnd ? '</summary>\n' : '</summary>' }
}

/**
 * A card (Starlight's `<Card title icon>`); one with an `href` (Fumadocs' and most MDX component sets' `<Card href>`)
 * is a link, kept on its title, or under its content when it has none.
 */
const card: Component = (el, env) => {
  found(el, env, 'expanded')
  const title = prop(el, 'title')
  const href = safeUrl(prop(el, 'href'))
  const a = (text: string) => `<a href="${escapeHtml(href ?? '')}">${text}</a>`
  const head = title ? `\n<p class="card-title"><strong>${href ? a(escapeHtml(title)) : escapeHtml(title)}</strong></p>` : ''
  if (!el.paired && href) return { text: `<div class="card">${head}${!title ? `\n<p>${a(escapeHtml(href))}</p>` : ''}\n</div>`, block: true }
  return wrapBlock(el, `<div class="card">${head}`, `${href && !title ? `<p>${a(escapeHtml(href))}</p>\n` : ''}</div>`)
}

const wrapper =
  (cls: string): Component =>
  (el, env) => {
    found(el, env, 'expanded')
    return wrapBlock(el, `<div class="${cls}">`, '</div>')
  }

const linkCard: Component = (el, env) => {
  const result = link(el, env)
  const description = prop(el, 'description')
  if ('text' in result && description) return { text: `<p>${result.text}<br>${escapeHtml(description)}</p>`, block: true }
  return result
}

const badge: Component = (el, env) => {
  found(el, env, 'expanded')
  const text = prop(el, 'text')
  return text !== undefined ? { text: `<span class="badge">${escapeHtml(text)}</span>` } : { before: '<span class="badge">', after: '</span>' }
}

/** `<ThemedImage sources={{ light, dark }} alt>` (@theme/ThemedImage): the light image, as a plain `<img>`. */
const themedImage: Component = (el, env) => {
  const sources = el.props.get('sources')
  const light = sources !== null && typeof sources === 'object' ? (sources as Record<string, unknown>).light : undefined
  return image({ ...el, props: new Map([...el.props, ['src', typeof light === 'string' ? light : undefined]]) }, env)
}

const decorative: Component = (el, env) => {
  found(el, env, 'removed', `<${el.name}> is a decorative icon; it was removed.`)
  return { text: '' }
}

/**
 * Components Docusaurus (`@theme/Tabs`, `@theme/TabItem`, `@theme/Admonition`, `@theme/Details`,
 * `@theme/CodeBlock`, `@theme/TOCInline`, `@theme/DocCardList`) and Starlight (`@astrojs/starlight/components`)
 * document, with the HTML each becomes.
 */
export const DOCUSAURUS_COMPONENTS: Record<string, Component> = {
  Tabs: tabs,
  TabItem: tabItem,
  Admonition: admonition('type', 'note'),
  details,
  Details: details,
  summary,
  CodeBlock: code,
  ThemedImage: themedImage,
  TOCInline: generated,
  DocCardList: generated,
  // Starlight
  Aside: admonition('type', 'note'),
  Card: card,
  CardGrid: wrapper('card-grid'),
  LinkCard: linkCard,
  LinkButton: link,
  Steps: wrapper('steps'),
  FileTree: wrapper('file-tree'),
  Badge: badge,
  Icon: decorative,
  Code: code,
}
