import type { Definition, Nodes, Parents, Root } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { isFootnoteLabel, looksLikeEsm } from './scan.js'
import type { MarkdownScan } from './scan.js'

const remark = unified().use(remarkParse)

/**
 * Reads a Markdown body with the project's remark pipeline (remark-parse, CommonMark) and collects what a check
 * needs. This is the reference reading: the fast reader (`fast.ts`) must give the same scan wherever it gives one.
 * @example
 * scanMarkdownWithRemark('See [the guide](/guide/).').refs // [{ kind: 'link', url: '/guide/', offset: 4 }]
 */
export function scanMarkdownWithRemark(body: string): MarkdownScan {
  const tree = remark.parse(body) as Root
  // By identifier: the URL, or null for a footnote's (remark still makes references to it, which link nowhere).
  const definitions = new Map<string, string | null>()
  visit(tree, (node) => {
    // The first definition of a label wins, as in CommonMark.
    if (node.type !== 'definition' || definitions.has(node.identifier)) return
    definitions.set(node.identifier, isFootnoteLabel(rawLabel(body, node.position?.start.offset ?? 0)) ? null : (node as Definition).url)
  })
  const scan: MarkdownScan = { refs: [], html: [], code: [], esm: [] }
  let groups = 0
  const walk = (node: Nodes, parent: Parents | null, group: number, groupEnd: number): void => {
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? start
    switch (node.type) {
      case 'link':
        scan.refs.push({ kind: 'link', url: node.url, offset: start })
        break
      case 'image':
        scan.refs.push({ kind: 'image', url: node.url, offset: start, noAlt: (node.alt ?? '').trim() === '' })
        break
      case 'linkReference': {
        const url = definitions.get(node.identifier)
        if (typeof url === 'string') scan.refs.push({ kind: 'link', url, offset: start })
        break
      }
      case 'imageReference': {
        const url = definitions.get(node.identifier)
        if (typeof url === 'string') scan.refs.push({ kind: 'image', url, offset: start, noAlt: (node.alt ?? '').trim() === '' })
        break
      }
      case 'code':
      case 'inlineCode':
        scan.code.push(start, end)
        return
      case 'html': {
        const block = parent === null || !PHRASING_PARENTS.has(parent.type)
        if (block) scan.html.push({ offset: start, value: node.value, block, group: groups++, groupEnd: end })
        else scan.html.push({ offset: start, value: node.value, block, group, groupEnd })
        return
      }
      case 'paragraph':
      case 'heading':
        group = groups++
        groupEnd = end
        if (node.type === 'paragraph' && parent?.type === 'root' && node.position?.start.column === 1) {
          const firstLine = body.slice(start, body.indexOf('\n', start) === -1 ? body.length : body.indexOf('\n', start))
          if (looksLikeEsm(firstLine)) scan.esm.push(start)
        }
        break
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes, node as Parents, group, groupEnd)
  }
  walk(tree, null, -1, 0)
  return scan
}

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'link', 'linkReference', 'emphasis', 'strong', 'delete', 'tableCell'])

/**
 * A definition's label as written, from the definition's start: mdast's `label` has its escapes and character
 * references decoded (`[\\^1]:` gives `^1`, which is no footnote), its `identifier` its whitespace folded.
 */
function rawLabel(body: string, start: number): string {
  const from = body.indexOf('[', start) + 1
  let i = from
  // A label holds no unescaped bracket: the first `]` not after a backslash ends it.
  while (i < body.length && body.charCodeAt(i) !== 0x5d) i += body.charCodeAt(i) === 0x5c ? 2 : 1
  return body.slice(from, i)
}

function visit(node: Nodes, fn: (node: Nodes) => void): void {
  fn(node)
  if ('children' in node) for (const child of node.children) visit(child as Nodes, fn)
}
