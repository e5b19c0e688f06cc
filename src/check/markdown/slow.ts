import type { Definition, Nodes, Parents, Root } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { looksLikeEsm } from './scan.js'
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
  const definitions = new Map<string, string>()
  visit(tree, (node) => {
    // The first definition of a label wins, as in CommonMark.
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, (node as Definition).url)
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
        if (url !== undefined) scan.refs.push({ kind: 'link', url, offset: start })
        break
      }
      case 'imageReference': {
        const url = definitions.get(node.identifier)
        if (url !== undefined) scan.refs.push({ kind: 'image', url, offset: start, noAlt: (node.alt ?? '').trim() === '' })
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

function visit(node: Nodes, fn: (node: Nodes) => void): void {
  fn(node)
  if ('children' in node) for (const child of node.children) visit(child as Nodes, fn)
}
