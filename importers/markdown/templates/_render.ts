import { blankEnd, blankStart } from './_out.js'
import type { Out } from './_out.js'

/** A tag found in a body: a shortcode or a JSX element's opening or closing tag. */
export interface Tag {
  start: number
  end: number
  kind: 'open' | 'close' | 'self'
  name: string
  /** For a paired opening tag, the index of its closing tag and the reverse; -1 when unpaired. */
  match: number
}

/** What a tag becomes. */
export type Expansion =
  /** Replaces the tag, or a paired element with everything inside it. */
  | { text: string; block?: boolean }
  /** Keeps the element's content (expanded) between `before` and `after`; `dedent` blanks come off its lines. */
  | { before: string; after: string; block?: boolean; dedent?: number }
  /** Gives the element's content, expanded, to `render`. */
  | { render: (inner: string) => string; block?: boolean; dedent?: number }

/** Nesting deeper than this is not paired: each tag then stands alone (real bodies nest a handful of levels). */
export const MAX_DEPTH = 64

/**
 * Pairs opening and closing tags by name with one stack: a closing tag closes the nearest open tag of its name, and
 * the tags left open inside it stand alone. Linear: each tag is pushed and popped at most once.
 */
export function pairTags(tags: Tag[]): void {
  const stack: number[] = []
  const open = new Map<string, number>()
  tags.forEach((t, i) => {
    t.match = -1
    if (t.kind === 'open') {
      if (stack.length >= MAX_DEPTH) return
      stack.push(i)
      open.set(t.name, (open.get(t.name) ?? 0) + 1)
    } else if (t.kind === 'close' && (open.get(t.name) ?? 0) > 0) {
      for (;;) {
        const j = stack.pop()!
        open.set(tags[j].name, open.get(tags[j].name)! - 1)
        if (tags[j].name === t.name) {
          tags[j].match = i
          t.match = j
          break
        }
      }
    }
  })
}

/**
 * Writes `src` to `out` with every tag replaced by its expansion, front to back, with no recursion (nesting is
 * bounded by `pairTags`). A tag alone on its line whose expansion is empty takes its line with it, so removing a
 * shortcode does not split the paragraph around it; a block expansion alone on its line is followed by a blank line,
 * so the Markdown after it is not swallowed by the HTML block.
 */
export function renderTags<T extends Tag>(src: string, tags: T[], out: Out, expand: (tag: T, index: number) => Expansion): void {
  let cursor = 0
  const frames: Array<{ exp: Expansion; open: T }> = []
  const dedent = () => {
    for (let f = frames.length - 1; f >= 0; f--) {
      const e = frames[f].exp
      if ('dedent' in e && e.dedent) return e.dedent
    }
    return 0
  }

  const place = (start: number, end: number, text: string, block: boolean | undefined, line: number, dedentBefore = dedent()) => {
    const lineStart = blankStart(src, start)
    const lineEnd = blankEnd(src, end)
    const alone = lineStart !== -1 && lineStart >= cursor && lineEnd !== -1
    let from = start
    let to = end
    if (alone && text === '') {
      from = lineStart
      to = lineEnd < src.length ? lineEnd + 1 : lineEnd
    }
    out.copy(cursor, from, dedentBefore)
    out.emit(text, line)
    if (alone && block && text !== '' && lineEnd < src.length && blankEnd(src, lineEnd + 1) === -1) out.emit('\n', line)
    cursor = to
  }

  for (let i = 0; i < tags.length; i++) {
    const t = tags[i]
    if (t.start < cursor) continue
    const line = out.lines.line(t.start)
    if (t.kind === 'close' && t.match !== -1) {
      if (frames.length === 0 || frames[frames.length - 1].open !== tags[t.match]) continue
      // The content up to the closing tag is still the element's: copy it with the element's dedent.
      const inside = dedent()
      const frame = frames.pop()!
      const e = frame.exp
      if ('render' in e) {
        out.copy(cursor, t.start, inside)
        cursor = t.start
        const inner = out.end()
        place(t.start, t.end, e.render(inner), e.block, out.lines.line(frame.open.start))
      } else if ('after' in e) place(t.start, t.end, e.after, e.block, line, inside)
      continue
    }
    const e = expand(t, i)
    const paired = t.kind === 'open' && t.match !== -1
    if ('text' in e) {
      if (paired) {
        const close = tags[t.match]
        place(t.start, close.end, e.text, e.block, line)
        i = t.match
      } else place(t.start, t.end, e.text, e.block, line)
    } else if (!paired) {
      place(t.start, t.end, 'render' in e ? e.render('') : e.before + e.after, e.block, line)
    } else if ('render' in e) {
      place(t.start, t.end, '', false, line)
      out.begin()
      frames.push({ exp: e, open: t })
    } else {
      place(t.start, t.end, e.before, false, line)
      frames.push({ exp: e, open: t })
    }
  }
  out.copy(cursor, src.length, dedent())
}
