import type { Diagnostics } from './diagnostics.js'
import { resolveRelative } from './discover.js'
import { decodePath, isLocalRef, splitSuffix } from './images.js'
import { MARKDOWN_EXTENSIONS } from './presets/types.js'
import type { BodyRef } from './scan.js'

/** A replacement of the text between two body offsets. */
export interface Edit {
  start: number
  end: number
  text: string
}

/**
 * Turns relative links to Markdown files into the target document's public URL (keeping `#fragment`). A link to a
 * Markdown file that does not exist, or that was not imported, is reported with its line and left as written.
 */
export function linkEdits(
  file: string,
  refs: readonly BodyRef[],
  urlOf: ReadonlyMap<string, string>,
  existing: ReadonlySet<string>,
  diagnostics: Diagnostics,
): Edit[] {
  const edits: Edit[] = []
  for (const ref of refs) {
    if (ref.kind !== 'link' || !isLocalRef(ref.target)) continue
    const { path, suffix } = splitSuffix(ref.target)
    const dot = path.lastIndexOf('.')
    if (dot === -1 || !MARKDOWN_EXTENSIONS.has(path.slice(dot).toLowerCase())) continue
    const target = resolveRelative(file, decodePath(path))
    const url = target === null ? undefined : urlOf.get(target)
    if (url !== undefined) {
      edits.push({ start: ref.start, end: ref.end, text: url + suffix.replace(/^\?[^#]*/, '') })
      continue
    }
    const why = target === null ? 'points outside the input folder' : existing.has(target) ? 'points at a file that was not imported' : 'points at a file that does not exist'
    diagnostics.warn(file, ref.line, 'missing_link_target', `The link "${ref.target}" ${why}; it was left as written. Fix the path or remove the link.`)
  }
  return edits
}

/** Applies non-overlapping edits to `text`. */
export function applyEdits(text: string, edits: Edit[]): string {
  if (edits.length === 0) return text
  const sorted = [...edits].sort((a, b) => a.start - b.start)
  let out = ''
  let at = 0
  for (const e of sorted) {
    if (e.start < at) continue
    out += text.slice(at, e.start) + e.text
    at = e.end
  }
  return out + text.slice(at)
}
