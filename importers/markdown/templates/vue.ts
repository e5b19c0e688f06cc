import { escapeHtml, inlineMarkup } from './_html.js'
import { lineBounds, Out, unchanged } from './_out.js'
import type { PassResult } from './_out.js'
import { findCode } from './_scan.js'
import type { TemplateContext } from './types.js'

/**
 * What VuePress and VitePress add to Markdown beyond its containers (vuepress.vuejs.org "Markdown", vitepress.dev
 * "Using Vue in Markdown"): a page is compiled as a Vue template, so `{{ expression }}` outside code is evaluated
 * (`{{ $frontmatter.title }}` prints the front matter; anything else needs the site's running app and is removed,
 * reported), `::: v-pre` shows its content as written (its braces are kept as text, as entities), `::: details
 * Title` is a `<details>` block, and `<script>`/`<style>` blocks at the top level are the page's component code,
 * never content. Other containers (`::: tip`) are left to the admonition pass. Code is left as written.
 */
export function expandVue(body: string, ctx: TemplateContext): PassResult {
  if (!body.includes(':::') && !body.includes('{{') && !/^<(?:script|style)\b/im.test(body)) return unchanged(body)
  const out = new Out(body)
  const ranges = findCode(body, { indentedCode: true })
  const open: Array<{ kind: 'v-pre' | 'details' | 'other'; colons: number }> = []
  let cursor = 0
  let r = 0
  const verbatim = () => open.some((c) => c.kind === 'v-pre')
  for (let pos = 0; pos < body.length; ) {
    const { end } = lineBounds(body, pos)
    const next = Math.min(end + 1, body.length)
    while (r < ranges.length && ranges[r].end <= pos) r++
    const block = ranges[r]
    if (block && block.start <= pos && (block.fence || block.end > end)) {
      // A code block: as written.
      pos = block.end >= body.length ? body.length : lineBounds(body, block.end).end + 1
      continue
    }
    const line = body.slice(pos, end)
    const container = /^[ \t]*(:{3,})[ \t]*(.*?)[ \t]*$/.exec(line.length > 4096 ? line.slice(0, 4096) : line)
    const component = /^<(script|style)\b/i.exec(line)
    if (container && container[2] === '') {
      const top = open[open.length - 1]
      if (top && container[1].length >= top.colons) {
        open.pop()
        if (top.kind !== 'other') {
          out.copy(cursor, pos)
          out.emit(top.kind === 'details' ? '\n</details>\n' : '', out.lines.line(pos))
          cursor = next
        }
      }
    } else if (container) {
      const [name, ...rest] = container[2].split(/\s+/)
      const kind = name === 'v-pre' ? 'v-pre' : name === 'details' ? 'details' : 'other'
      open.push({ kind, colons: container[1].length })
      if (kind !== 'other') {
        out.copy(cursor, pos)
        const title = rest.join(' ')
        out.emit(kind === 'details' ? `<details class="details">\n<summary>${title ? inlineMarkup(title) : 'Details'}</summary>\n\n` : '', out.lines.line(pos))
        out.find(pos, `:::${name}`, 'expanded')
        cursor = next
      }
    } else if (component && !verbatim()) {
      // The page's component code: up to its closing tag, which may be on this line or a later one.
      const close = body.toLowerCase().indexOf(`</${component[1].toLowerCase()}>`, pos)
      const stop = close === -1 ? body.length : Math.min(lineBounds(body, close).end + 1, body.length)
      out.copy(cursor, pos)
      out.find(pos, `<${component[1].toLowerCase()}>`, 'removed', `A <${component[1].toLowerCase()}> block is the page's Vue component code, run by the site's own app; it was removed.`)
      cursor = stop
      while (r < ranges.length && ranges[r].end <= stop) r++
      pos = stop
      continue
    } else {
      cursor = interpolations(body, pos, end, cursor, ranges, r, out, ctx, verbatim())
    }
    pos = next
  }
  out.copy(cursor, body.length)
  return out.finish()
}

/**
 * Handles the `{{ … }}` of one line (outside code spans) and returns the new cursor: in a `v-pre` container the braces
 * become entities (shown as written, never read as a template again); elsewhere `$frontmatter.x` prints the value and
 * any other expression is removed.
 */
function interpolations(body: string, start: number, end: number, cursor: number, ranges: ReturnType<typeof findCode>, r: number, out: Out, ctx: TemplateContext, verbatim: boolean): number {
  let at = body.indexOf('{{', start)
  while (at !== -1 && at < end) {
    while (r < ranges.length && ranges[r].end <= at) r++
    if (r < ranges.length && ranges[r].start <= at) {
      at = body.indexOf('{{', ranges[r].end)
      continue
    }
    const close = body.indexOf('}}', at + 2)
    if (close === -1 || close >= end) break
    out.copy(cursor, at)
    const expr = body.slice(at + 2, close).trim()
    if (verbatim) out.emit(`&#123;&#123;${escapeHtml(body.slice(at + 2, close))}&#125;&#125;`, out.lines.line(at))
    else {
      const field = /^\$frontmatter\.([A-Za-z_$][\w$]*)$/.exec(expr)
      const value = field ? ctx.data.page[field[1]] : undefined
      if (typeof value === 'string' || typeof value === 'number') {
        out.emit(escapeHtml(String(value)), out.lines.line(at))
        out.find(at, '{{ }}', 'expanded')
      } else out.find(at, '{{ }}', 'removed', `The Vue expression {{ ${expr.length > 60 ? expr.slice(0, 60) + '…' : expr} }} is evaluated by the site's own app; it was removed. Write its result in the text.`)
    }
    cursor = close + 2
    at = body.indexOf('{{', cursor)
  }
  return cursor
}
