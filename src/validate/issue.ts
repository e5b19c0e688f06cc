import type { IssueCode } from './codes.js'

/** One problem found in a payload or a builder call: a stable `code`, a JSON Pointer `path`, and what to do. */
export type PreviewDataIssue = {
  code: IssueCode
  /** RFC 6901 JSON Pointer into the payload (or into the builder call's argument). */
  path: string
  message: string
}

/**
 * The one error type the SDK throws. Thrown by `assertPreviewData`, `build()` and builder calls that can never be
 * right; `errors` lists every problem when there are several.
 * @example
 * try { assertPreviewData(payload) } catch (e) { if (e instanceof PreviewDataError) console.log(e.errors) }
 */
export class PreviewDataError extends Error {
  override readonly name = 'PreviewDataError'
  readonly code: IssueCode
  readonly path: string
  readonly errors: PreviewDataIssue[]

  constructor(code: IssueCode, message: string, path = '', errors: PreviewDataIssue[] = []) {
    super(message)
    this.code = code
    this.path = path
    this.errors = errors.length > 0 ? errors : [{ code, path, message }]
  }

  /** One error carrying several issues; its message lists them. */
  static fromIssues(issues: PreviewDataIssue[], lead = 'Invalid Preview Data payload'): PreviewDataError {
    const first = issues[0] ?? { code: 'invalid_payload' as IssueCode, path: '', message: lead }
    const shown = issues.slice(0, 20).map((i) => `  ${i.path || '/'}: ${i.message} [${i.code}]`)
    if (issues.length > shown.length) shown.push(`  ... and ${issues.length - shown.length} more`)
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`
    return new PreviewDataError(first.code, `${lead} (${count}):\n${shown.join('\n')}`, first.path, issues)
  }
}

/**
 * Builds an RFC 6901 JSON Pointer from path segments (`~` becomes `~0`, `/` becomes `~1`).
 * @example
 * pointer('content', 'posts', 3, 'author_id') // '/content/posts/3/author_id'
 */
export function pointer(...segments: (string | number)[]): string {
  let out = ''
  for (const s of segments) {
    const text = String(s)
    out += '/' + (text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text)
  }
  return out
}
