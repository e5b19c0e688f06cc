// Helpers to compare the fast Markdown reader with remark: both scans in a form where differences that cannot change
// a finding (whitespace at the edges of a code range, how groups are numbered) are gone.
import type { MarkdownScan } from '../../src/check/markdown/scan.js'

export function comparable(body: string, scan: MarkdownScan) {
  const trimEnd = (end: number) => {
    while (end > 0 && /\s/.test(body[end - 1])) end--
    return end
  }
  const code: [number, number][] = []
  for (let i = 0; i < scan.code.length; i += 2) {
    let [s, e] = [scan.code[i], scan.code[i + 1]]
    while (s < e && /\s/.test(body[s])) s++
    e = trimEnd(e)
    if (s >= e) continue
    const last = code[code.length - 1]
    if (last && s <= last[1]) last[1] = Math.max(last[1], e)
    else code.push([s, e])
  }
  const firstOfGroup = new Map<number, number>()
  const html = scan.html.map((h, i) => {
    if (!firstOfGroup.has(h.group)) firstOfGroup.set(h.group, i)
    return { offset: h.offset, value: h.value, block: h.block, sameGroupAs: firstOfGroup.get(h.group), groupEnd: trimEnd(h.groupEnd) }
  })
  return { refs: scan.refs, html, code, esm: scan.esm }
}
