import { isMap, isScalar, isSeq, parseDocument, YAMLParseError } from 'yaml'
import type { Document, LineCounter } from 'yaml'

/**
 * Parses YAML with the 1.2 core schema, its duplicate keys reported as the `yaml` library reports them (code
 * DUPLICATE_KEY, "Map keys must be unique", at the key), but found in linear time. The library compares each key
 * with every key before it in its map, so a block of n keys took the square of n (20,000 keys in a front matter:
 * 2.6 s; a megabyte of them, more than a minute): its own check is off, and each map's keys go through a set here.
 */
export function parseYaml(text: string, lineCounter?: LineCounter): Document {
  // Each syntax error is an Error, and capturing its stack was most of the time of a block of many errors (a
  // shortcode repeated 42,000 times inside a front matter: 1.8 s of 2.6); only their messages are read.
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  let doc: Document
  try {
    doc = parseDocument(text, { schema: 'core', uniqueKeys: false, prettyErrors: false, logLevel: 'error', ...(lineCounter ? { lineCounter } : {}) })
  } finally {
    Error.stackTraceLimit = limit
  }
  const duplicates = duplicateKeyErrors(doc.contents)
  if (duplicates.length > 0) doc.errors = mergeByPosition(doc.errors, duplicates)
  return doc
}

/** An error at each key equal to one before it in its map (scalars by value, as the library compares them). */
function duplicateKeyErrors(root: unknown): YAMLParseError[] {
  const errors: YAMLParseError[] = []
  // A stack, not recursion: a document nested as deep as the parser allows must not overflow this walk.
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()
    if (isMap(node)) {
      const seen = new Set<unknown>()
      for (const pair of node.items) {
        const key = pair.key
        if (isScalar(key) && !Number.isNaN(key.value)) {
          const at = key.range?.[0] ?? 0
          if (seen.has(key.value)) errors.push(new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique'))
          else seen.add(key.value)
        }
        stack.push(pair.value, pair.key)
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item)
    }
  }
  return errors.sort((a, b) => a.pos[0] - b.pos[0])
}

/** The parser's errors with `added` placed among them by position (both in document order), in linear time. */
function mergeByPosition<T extends { pos: [number, number] }>(errors: T[], added: T[]): T[] {
  const out: T[] = []
  let j = 0
  for (const e of errors) {
    while (j < added.length && added[j].pos[0] < e.pos[0]) out.push(added[j++])
    out.push(e)
  }
  while (j < added.length) out.push(added[j++])
  return out
}
