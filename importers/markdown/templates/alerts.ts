import { admonitionOpen } from './docusaurus.js'
import type { PassResult } from './_out.js'
import { findCode } from './_scan.js'
import type { TemplateContext, TemplateFinding } from './types.js'

/** What ends a quote's paragraph rather than goes on it: a heading, a fence, a thematic break, a list item, HTML. */
const LAZY_STOP = /^ {0,3}(?:#{1,6}(?:\s|$)|```|~~~|(?:[-*_][ \t]*){3,}$|[-*+][ \t]|\d+[.)][ \t]|<)/

/** `> [!NOTE]`, with Hugo's and Obsidian's optional fold sign and title (`> [!WARNING]+ Radiation hazard`). */
const ALERT = /^( {0,3})> ?\[!(note|tip|important|warning|caution)\]([+-]?)(?:[ \t]+(.*?))?[ \t]*$/i

/**
 * GitHub's alerts (`> [!NOTE]` opening a block quote), which GitHub, VitePress and Hugo's block quote render hooks
 * show as callouts, become the admonition asides the other conventions' callouts become
 * (`<aside class="admonition admonition-note">` with its title); a plain renderer would print `[!NOTE]` in a quote.
 * A title written after the marker is the aside's title. Code is left as written; linear in the body.
 */
export function expandAlerts(body: string, ctx: TemplateContext): PassResult {
  if (!body.includes('[!')) return { body, findings: [] }
  // The input line each output line came from: an aside's own lines are the marker's.
  const lineMap: number[] = []
  const findings: TemplateFinding[] = []
  const code = findCode(body, { indentedCode: !/\.mdx$/i.test(ctx.file) })
  const lines = body.split('\n')
  const out: string[] = []
  let offset = 0
  let r = 0
  for (let i = 0; i < lines.length; i++) {
    const start = offset
    offset += lines[i].length + 1
    while (r < code.length && code[r].end <= start) r++
    const m = r < code.length && code[r].start <= start ? null : ALERT.exec(lines[i])
    if (!m) {
      out.push(lines[i])
      lineMap.push(i + 1)
      continue
    }
    const line = i + 1
    const indent = m[1]
    const quoted = new RegExp(`^${indent} {0,3}> ?`)
    const inner: string[] = []
    // Quoted lines, and (CommonMark's lazy continuation) unquoted text that goes on a paragraph of the quote.
    let paragraph = true
    while (i + 1 < lines.length) {
      const next = lines[i + 1]
      const isQuoted = quoted.test(next)
      if (!isQuoted && !(paragraph && next.trim() !== '' && !LAZY_STOP.test(next))) break
      i++
      offset += next.length + 1
      const text = isQuoted ? next.replace(quoted, '') : next
      inner.push(text)
      paragraph = text.trim() !== '' && !/^\s*(?:```|~~~)/.test(text)
    }
    const title = m[4] === undefined || m[4] === '' ? undefined : m[4]
    const opening = admonitionOpen(m[2].toLowerCase(), title).split('\n')
    const aside = [...opening, '', ...inner, '', '</aside>']
    out.push(aside.map((l) => (l === '' ? '' : indent + l)).join('\n'))
    // The opening lines are the marker's, each quoted line its own, the closing ones the quote's last.
    for (let k = 0; k <= opening.length; k++) lineMap.push(line)
    inner.forEach((_, k) => lineMap.push(line + 1 + k))
    lineMap.push(i + 1, i + 1)
    findings.push({ line, name: '[!alert]', action: 'expanded' })
  }
  return { body: out.join('\n'), findings, lineMap }
}
