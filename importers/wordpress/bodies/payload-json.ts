import type { PreviewData } from '../../../src/index.js'
import type { Finished, KeptText } from './work.js'

/**
 * `JSON.stringify(payload, null, 2)`, in pieces, with each post's and page's `content` and `excerpt` taken from its
 * finished body (`bodyOf(kind, public_id)`), whose JSON `json(kept)` reads from the file it waits in. The payload as a
 * whole is never one string: V8 caps strings at about 512 MiB, and a 100,000-post site's JSON is more than that.
 * @example
 * for (const piece of payloadJson(payload, bodyOf, json)) out.write(piece)
 */
export function* payloadJson(payload: PreviewData, bodyOf: (kind: 'post' | 'page', id: number) => Finished | undefined, json: (kept: KeptText) => Buffer): Generator<string | Buffer> {
  yield* object(payload as unknown as Record<string, unknown>, '', (key, value, indent) => {
    if (key !== 'content') return undefined
    return object(value as Record<string, unknown>, indent, (kind, list, inner) => {
      if (kind !== 'posts' && kind !== 'pages') return undefined
      return array(list as unknown[], inner, (entry, itemIndent) => {
        const body = bodyOf(kind === 'posts' ? 'post' : 'page', (entry as { public_id: number }).public_id)
        if (body === undefined) return undefined
        return object(entry as Record<string, unknown>, itemIndent, (field) => {
          if (field === 'content') return piece(body.html)
          if (field === 'excerpt') return piece(body.excerpt)
          return undefined
        })
      })
    })
  })

  function* piece(text: string | KeptText): Generator<string | Buffer> {
    yield typeof text === 'string' ? JSON.stringify(text) : json(text)
  }
}

// A member whose value is written by the caller (a generator of its JSON), or undefined for JSON.stringify's own.
type Member = (key: string, value: unknown, indent: string) => Iterable<string | Buffer> | undefined

function* object(value: Record<string, unknown>, indent: string, member: Member): Generator<string | Buffer> {
  const inner = indent + '  '
  const keys = Object.keys(value).filter((k) => value[k] !== undefined)
  if (keys.length === 0) {
    yield '{}'
    return
  }
  yield '{'
  for (const [i, key] of keys.entries()) {
    yield `${i === 0 ? '\n' : ',\n'}${inner}${JSON.stringify(key)}: `
    yield* member(key, value[key], inner) ?? [stringify(value[key], inner)]
  }
  yield `\n${indent}}`
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
