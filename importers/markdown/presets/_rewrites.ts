/**
 * VitePress's `rewrites` (vitepress.dev "Routing" → "Route Rewrites"): a map from a page's path in the source folder
 * to the path it is served as, `'packages/pkg-a/src/index.md': 'pkg-a/index.md'`, or with parameters,
 * `'packages/:pkg/src/(.*)': ':pkg/(.*)'` (a `:name` matches one path segment, `(.*)` anything; matched without
 * regard to case, the first rule that matches a page wins). Rules that are regular expressions of the site's own
 * (`^…`, or groups other than `(.*)` and `(.+)`), or whose matching could take time in a power of the path's length
 * (two wildcards, two parameters in one segment), are not run: they are returned in `unsupported`.
 */
export interface Rewrites {
  /** The path a page (relative to the source folder) is served as, or the page's own when no rule matches. */
  apply(page: string): string
  unsupported: string[]
}

interface Rule {
  /** Where the rule was written: the first rule that matches wins. */
  order: number
  match: RegExp
  /** The target's parts: literal text, or the name (or unnamed group index) of a matched value. */
  to: Array<{ text: string } | { param: string }>
}

/**
 * Reads the rules, in the order written. A rule without parameters (one page to one path, as a site moving its pages
 * one by one lists them) is looked up by the page's path in upper case, which every spelling its case-blind match
 * accepts shares; only the rules with parameters are tried one by one (a rule per page, tried for every page, was
 * time in the square of the pages: 4,000 took 9 s).
 */
export function readRewrites(rules: ReadonlyArray<[string, string]>): Rewrites {
  const withParameters: Rule[] = []
  const literal = new Map<string, Rule[]>()
  const unsupported: string[] = []
  for (const [order, [from, to]] of rules.entries()) {
    const rule = compile(from, to, order)
    const key = from.toUpperCase()
    if (!rule) unsupported.push(from)
    else if (/:[A-Za-z_$]|\(\.[*+]\)/.test(from)) withParameters.push(rule)
    else if (literal.has(key)) literal.get(key)?.push(rule)
    else literal.set(key, [rule])
  }
  return {
    unsupported,
    apply(page) {
      const exact = literal.get(page.toUpperCase())?.find((rule) => rule.match.test(page))
      for (const rule of withParameters) {
        if (exact && exact.order < rule.order) break
        const m = rule.match.exec(page)
        if (!m) continue
        const groups = m.groups ?? {}
        return rule.to.map((part) => ('text' in part ? part.text : (groups[part.param] ?? ''))).join('')
      }
      return exact ? exact.to.map((part) => ('text' in part ? part.text : '')).join('') : page
    },
  }
}

/** `:name` (a segment), `(.*)`/`(.+)` (anything, numbered from 0), the rest literal; undefined for anything else. */
const TOKEN = /:([A-Za-z_$][\w$]*)|\((\.[*+])\)|([^:(]+)|([:(])/gy

function compile(from: string, to: string, order: number): Rule | undefined {
  if (from.startsWith('^') || (from.match(/\(\.[*+]\)/g) ?? []).length > 1 || from.split('/').some((segment) => (segment.match(/:/g) ?? []).length > 1)) return undefined
  let source = ''
  let unnamed = 0
  const names = new Set<string>()
  TOKEN.lastIndex = 0
  for (let m = TOKEN.exec(from); m !== null && m[0] !== ''; m = TOKEN.exec(from)) {
    if (m[4] !== undefined) return undefined
    if (m[1] !== undefined) {
      if (names.has(m[1])) return undefined
      names.add(m[1])
      source += `(?<${m[1]}>[^/#?]+?)`
    } else if (m[2] !== undefined) source += `(?<_${unnamed++}>${m[2]})`
    else source += m[3].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    if (TOKEN.lastIndex >= from.length) break
  }
  const target: Rule['to'] = []
  let targetUnnamed = 0
  TOKEN.lastIndex = 0
  for (let m = TOKEN.exec(to); m !== null && m[0] !== ''; m = TOKEN.exec(to)) {
    if (m[4] !== undefined) return undefined
    if (m[1] !== undefined) target.push(names.has(m[1]) ? { param: m[1] } : { text: m[0] })
    else if (m[2] !== undefined) target.push({ param: `_${targetUnnamed++}` })
    else target.push({ text: m[3] })
    if (TOKEN.lastIndex >= to.length) break
  }
  return { order, match: new RegExp(`^${source}$`, 'i'), to: target }
}
