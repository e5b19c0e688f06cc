import type { PreviewData } from '../../../src/index.js'
import type { Finished, KeptText } from './work.js'

/**
 * `JSON.stringify(payload, null, 2)`, in pieces, with each post's and page's `content` and `excerpt` taken from its
 * finished body (`bodyOf(kind, public_id)`), whose JSON `json(kept)` reads from the file it waits in. The payload as a
 * whole is never one string: V8 caps strings at about 512 MiB, and a 100,000-post site's JSON is more than that.
 * @example
 * for (const piece of payloadJson(payload, bodyOf, json)) out.write(piece)
 */
export function* payloadJson(payload: PreviewData, bodyOf: (kind: 'post' | 'page', id: number) => Pick<Finished, 'html' | 'excerpt'> | undefined, json: (kept: KeptText) => Buffer): Generator<string | Buffer> {
  yield* object(payload as unknown as Record<string, unknown>, '', (key, value, indent) => {
    if (key !== 'content') return undefined
    return object(value as Record<string, unknown>, indent, (kind, list, inner) => {
      if (kind !== 'posts' && kind !== 'pages') return undefined
      return array(list as unknown[], inner, (entry, itemIndent) => {
        const body = bodyOf(kind === 'posts' ? 'post' : 'page', (entry as { public_id: number }).public_id)
        if (body === undefined) return undefined
        const { html, excerpt } = bodyJson(body, json)
        return object(entry as Record<string, unknown>, itemIndent, (field) => {
          if (field === 'content') return [html]
          if (field === 'excerpt') return [excerpt]
          return undefined
        })
      })
    })
  })
}

/**
 * A body's HTML and excerpt as JSON. Finishing writes a kept body's two texts side by side, so they are read back in
 * one read, not two: 9,578 reads fewer on the realistic 10,000-post export, on the main thread while it writes the
 * payload, alone.
 */
function bodyJson(body: Pick<Finished, 'html' | 'excerpt'>, json: (kept: KeptText) => Buffer): { html: string | Buffer; excerpt: string | Buffer } {
  const { html, excerpt } = body
  const one = (text: string | KeptText) => (typeof text === 'string' ? JSON.stringify(text) : json(text))
  if (typeof html === 'string' || typeof excerpt === 'string' || excerpt.file !== html.file || excerpt.place[0] !== html.place[0] + html.place[1]) return { html: one(html), excerpt: one(excerpt) }
  const both = json({ file: html.file, place: [html.place[0], html.place[1] + excerpt.place[1]] })
  return { html: both.subarray(0, html.place[1]), excerpt: both.subarray(html.place[1]) }
}

/**
 * Where each post's and page's finished body waits until the payload is written: the places of its HTML's and its
 * excerpt's JSON in the finished files, by kind and WordPress id, five numbers a body and no object (a 100,000-post
 * import held 45 MB of objects for them). The last body kept for an id is the one given back.
 * @example
 * kept.keep('post', 5, finished); kept.get('post', 5) // { html: { file, place }, excerpt: { file, place } }
 */
export class KeptBodies {
  readonly #rows = { post: new Map<number, number>(), page: new Map<number, number>() }
  // For each body: the file's descriptor, then the HTML's offset and length, then the excerpt's.
  readonly #places: number[] = []

  /** Keeps where a finished body's JSON waits; `body` is one finished for a file, its texts kept there. */
  keep(kind: 'post' | 'page', id: number, body: Pick<Finished, 'html' | 'excerpt'>): void {
    const { html, excerpt } = body
    if (typeof html === 'string' || typeof excerpt === 'string' || html.file !== excerpt.file) throw new Error('a finished body kept aside must wait in one file')
    this.#rows[kind].set(id, this.#places.length)
    this.#places.push(html.file, html.place[0], html.place[1], excerpt.place[0], excerpt.place[1])
  }

  /** Where the body kept for `kind` and `id` waits, or undefined when none was kept. */
  get(kind: 'post' | 'page', id: number): { html: KeptText; excerpt: KeptText } | undefined {
    const at = this.#rows[kind].get(id)
    if (at === undefined) return undefined
    const p = this.#places
    return { html: { file: p[at], place: [p[at + 1], p[at + 2]] }, excerpt: { file: p[at], place: [p[at + 3], p[at + 4]] } }
  }
}

// A member whose value is written by the caller (a generator of its JSON), or undefined for JSON.stringify's own.
type Member = (key: string, value: unknown, indent: string) => Iterable<string | Buffer> | undefined

function* object(value: Record<string, unknown>, indent: string, member: Member): Generator<string | Buffer> {
  const keys = Object.keys(value).filter((k) => value[k] !== undefined)
  if (keys.length === 0) {
    yield '{}'
    return
  }
  const inner = indent + '  '
  // Members JSON.stringify writes go out together, a run of them in one call (one call per member cost a post's
  // twenty-odd members a piece each); a run object has no prototype, so any key is its own.
  let run: Record<string, unknown> | undefined
  let first = true
  yield '{'
  for (const key of keys) {
    const pieces = member(key, value[key], inner)
    if (pieces === undefined) {
      run ??= Object.create(null) as Record<string, unknown>
      run[key] = value[key]
      continue
    }
    if (run !== undefined) {
      yield members(run, indent, first)
      run = undefined
      first = false
    }
    yield `${first ? '\n' : ',\n'}${inner}${JSON.stringify(key)}: `
    yield* pieces
    first = false
  }
  if (run !== undefined) yield members(run, indent, first)
  yield `\n${indent}}`
}

/** The members of `run` as they go inside an object written `indent` deep, after its other members when not `first`. */
function members(run: Record<string, unknown>, indent: string, first: boolean): string {
  // '{\n  "a": 1,\n  "b": 2\n}' without its braces, each line indented as the object's members are.
  const text = JSON.stringify(run, null, 2)
  const body = text.slice(1, -2).replaceAll('\n', '\n' + indent)
  return first ? body : ',' + body
}

function* array(list: unknown[], indent: string, item: (entry: unknown, indent: string) => Iterable<string | Buffer> | undefined): Generator<string | Buffer> {
  const inner = indent + '  '
  if (list.length === 0) {
    yield '[]'
    return
  }
  yield '['
  for (const [i, entry] of list.entries()) {
    yield `${i === 0 ? '\n' : ',\n'}${inner}`
    yield* item(entry, inner) ?? [stringify(entry, inner)]
  }
  yield `\n${indent}]`
}

/** `JSON.stringify(value, null, 2)` for a value written `indent` deep. */
function stringify(value: unknown, indent: string): string {
  const text = JSON.stringify(value, null, 2)
  return text.includes('\n') ? text.replaceAll('\n', '\n' + indent) : text
}
