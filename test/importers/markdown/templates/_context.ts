import { posix } from 'node:path'
import type { TemplateContext, TemplateDialect } from '../../../../importers/markdown/templates/types.js'

/** What a test case says about the document and its site. */
export interface CaseContext {
  file?: string
  dialects: TemplateDialect[]
  url?: string
  baseurl?: string
  site?: Record<string, unknown>
  page?: Record<string, unknown>
  /** Files of the site, by path from the site folder (includes are under `_includes/`, Hugo's under `content/`). */
  files?: Record<string, string>
  /** `kind:target` → new URL, for resolve(). */
  refs?: Record<string, string>
  /** The folder `readFile('include', …)` reads from. */
  includes?: string
}

/** A TemplateContext over in-memory files, with the importer's contract: nothing outside the site is read. */
export function makeContext(c: CaseContext): TemplateContext {
  const file = c.file ?? 'index.md'
  const files = c.files ?? {}
  const inside = (p: string) => {
    const n = posix.normalize(p)
    return n.startsWith('../') || n.startsWith('/') ? undefined : n
  }
  return {
    file,
    dialects: c.dialects,
    url: c.url ?? '/',
    baseurl: c.baseurl ?? '',
    data: { site: c.site ?? {}, page: c.page ?? {} },
    resolve: (kind, target) => c.refs?.[`${kind}:${target}`],
    readFile(kind, path) {
      const rel = inside(kind === 'include' ? posix.join(c.includes ?? '_includes', path) : posix.join(posix.dirname(file), path))
      return rel === undefined ? undefined : files[rel]
    },
  }
}
