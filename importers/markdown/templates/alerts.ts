import { trimBoth } from '../../../src/trim.js'
import { admonitionOpen } from './docusaurus.js'
import type { PassResult } from './_out.js'
import { findCode } from './_scan.js'
import type { TemplateContext, TemplateFinding } from './types.js'
import { keepsIndentedCode } from './types.js'

/** What ends a quote's paragraph rather than goes on it: a heading, a fence, a thematic break, a list item, HTML. */
const LAZY_STOP = /^ {0,3}(?:#{1,6}(?:\s|$)|```|~~~|(?:[-*_][ \t]*){3,}$|[-*+][ \t]|\d+[.)][ \t]|<)/

/** `> [!NOTE]`, with Hugo's and Obsidian's optional fold sign; the title after it is read by `alertAt`. */
const ALERT = /^( {0,3})> ?\[!(note|tip|important|warning|caution)\]([+-]?)/i

/**
 * An alert's marker line: its indent, kind and title (`> [!WARNING]+ Radiation hazard`), or null. What
 * `/…\]([+-]?)(?:[ \t]+(.*?))?[ \t]*$/` reads, but linear: that lazy title read the blanks after each of its
 * characters again, so a title with a long run of blanks inside took time in the square of the run.
 */
function alertAt(line: string): { indent: string; kind: string; title: string | undefined } | null {
  const m = ALERT.exec(line)
  if (!m) return null
  const rest = line.slice(m[0].length)
  if (rest !== '' && rest[0] !== ' ' && rest[0] !== '\t') return null
  if (/[\r\n\u2028\u2029]/.test(rest)) return null
  const title = trimBoth(rest, ' \t')
  return { indent: m[1], kind: m[2].toLowerCase(), title: title === '' ? undefined : title }
}

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
  const code = findCode(body, { indentedCode: keepsIndentedCode(ctx) })
  const lines = body.split('\n')
  const out: string[] = []
  let offset = 0
  let r = 0
  for (let i = 0; i < lines.length; i++) {
    const start = offset
    offset += lines[i].length + 1
    while (r < code.length && code[r].end <= start) r++
    const m = r < code.length && code[r].start <= start ? null : alertAt(lines[i])
    if (!m) {
      out.push(lines[i])
      lineMap.push(i + 1)
      continue
    }
    const line = i + 1
    const indent = m.indent
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
    const opening = admonitionOpen(m.kind, m.title).split('\n')
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
