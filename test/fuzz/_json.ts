/**
 * Payload mutations: on the parsed value (a member gone, a value of another type, a hostile string, an unknown or
 * `__proto__` key, an element twice, a deep or huge value) and on the JSON text (duplicate keys, numbers a double
 * cannot hold, lone surrogates, a BOM, and the byte-level mutations of `_mutate.ts`).
 */
import { controlChars, flipBits, invalidUtf8, mutate, nest, setBytes, splice, truncate } from './_mutate.js'
import type { Mutated, Mutator } from './_mutate.js'
import type { Random } from './_random.js'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

// Strings that break rules: blank, control characters, bidi, path tricks, unsafe URLs, impossible dates, bad slugs.
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\t\n',
  '\u202egnp.exe',
  '../../etc/passwd',
  '..',
  '.',
  'a..b',
  'javascript:alert(1)',
  '//evil.example/x',
  'https://user:pw@evil.example/',
  'https://[::1',
  'http://127.0.0.1:99999/',
  '/%zz',
  '/a/../b',
  '\\\\server\\share',
  '2024-02-30T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T00:00:00+14:01',
  '0000-01-01T00:00:00Z',
  '+09:00',
  '-00:00',
  'Mars/Olympus',
  'en_US',
  'x-private-use',
  '__proto__',
  'constructor',
  'CON',
  'e\u0301',
  '\u00e9',
  ':slug',
  '/posts/:nope/',
  '/a.html',
  '\ud800',
  '\udfff\ud800',
  '🎉'.repeat(300),
  'a'.repeat(201),
  'é'.repeat(70_000),
]

const HOSTILE_NUMBERS = [0, -1, -0, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 5e-324, 0.1]

// Placeholders replaced in the text after JSON.stringify: values JSON.stringify cannot write (too deep) or should
// not have to hold twice in memory (huge).
const DEEP = '\u0000deep\u0000'
const HUGE = '\u0000huge\u0000'

/** Every container path in a value, breadth first, at most `max`. */
function paths(value: Json, max = 4000): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [[]]
  for (let i = 0; i < out.length && out.length < max; i++) {
    const node = at(value, out[i])
    if (Array.isArray(node)) node.forEach((_, k) => out.push([...out[i], k]))
    else if (node && typeof node === 'object') for (const k of Object.keys(node)) out.push([...out[i], k])
  }
  return out
}

function at(value: Json, path: ReadonlyArray<string | number>): Json {
  let node: Json = value
  for (const k of path) node = (node as Record<string, Json>)[k as string]
  return node
}

function hostileValue(rnd: Random, value: Json): Json {
  switch (rnd.int(7)) {
    case 0:
      return rnd.pick(HOSTILE_STRINGS)
    case 1:
      return rnd.pick(HOSTILE_NUMBERS)
    case 2:
      return rnd.pick([null, true, false, [], {}] as Json[])
    case 3:
      return DEEP
    case 4:
      return HUGE
    case 5: {
      // Another member of the payload, in the wrong place.
      const all = paths(value)
      return structuredClone(at(value, rnd.pick(all)))
    }
    default:
      return Object.fromEntries(Array.from({ length: rnd.pick([3, 100, 20_000]) }, (_, i) => [`k${i}`, i]))
  }
}

/** One change to the parsed payload; returns what it did. */
function mutateOnce(rnd: Random, value: Json, deep: { menuDepth: number }): string {
  const all = paths(value)
  const path = rnd.pick(all)
  const parentPath = path.slice(0, -1)
  const key = path[path.length - 1]
  const parent = path.length ? (at(value, parentPath) as Record<string, Json> | Json[]) : undefined
  const where = '/' + path.join('/')
  const node = at(value, path)
  const op = rnd.weighted([
    ['remove', 3],
    ['hostile', 5],
    ['key', 2],
    ['repeat', 2],
    ['move', 2],
    ['deep menu', 1],
  ] as const)
  if (op === 'remove' && parent) {
    if (Array.isArray(parent)) parent.splice(key as number, 1)
    else delete parent[key as string]
    return `removed ${where}`
  }
  if (op === 'key' && node && typeof node === 'object' && !Array.isArray(node)) {
    const name = rnd.pick(['__proto__', 'constructor', 'prototype', 'unknown_field', '', '~/', 'toString', 'hasOwnProperty'])
    // defineProperty makes `__proto__` an own member, as JSON.parse would.
    Object.defineProperty(node, name, { value: hostileValue(rnd, value), enumerable: true, configurable: true, writable: true })
    return `added ${JSON.stringify(name)} to ${where}`
  }
  if (op === 'repeat' && Array.isArray(node) && node.length > 0) {
    const i = rnd.int(node.length)
    const times = rnd.pick([1, 1, 2, 500])
    for (let t = 0; t < times; t++) node.push(structuredClone(node[i]))
    return `${where}/${i} repeated ${times}x`
  }
  if (op === 'move' && parent) {
    const other = rnd.pick(all)
    ;(parent as Record<string, Json>)[key as string] = structuredClone(at(value, other))
    return `${where} = the value of /${other.join('/')}`
  }
  if (op !== 'deep menu' && parent) {
    const v = hostileValue(rnd, value)
    ;(parent as Record<string, Json>)[key as string] = v
    return `${where} = ${JSON.stringify(v)?.slice(0, 40)}`
  }
  // A menu nested deeper than any site: children of children.
  // An earlier mutation may have made `menus` a string or an array: a fresh object then.
  const root = value as Record<string, Json>
  if (typeof root.menus !== 'object' || root.menus === null || Array.isArray(root.menus)) root.menus = {}
  const menus = root.menus as Record<string, Json>
  const depth = rnd.pick([20, 200, 5_000, 50_000])
  menus.deep = { name: 'Deep', items: [{ title: 'x', url: '/', target: '_self', children: DEEP }] }
  deep.menuDepth = depth
  return `a menu ${depth} levels deep`
}

/** Writes the value, then puts the deep and huge values where their placeholders are. */
function serialize(rnd: Random, value: Json, menuDepth: number): string {
  let text = JSON.stringify(value, null, rnd.chance(0.5) ? 2 : undefined)
  if (text.includes(JSON.stringify(DEEP))) {
    text = text.replaceAll(JSON.stringify(DEEP), () => {
      if (menuDepth > 0) return '[{"title":"x","url":"/","target":"_self","children":'.repeat(menuDepth) + '[]' + '}]'.repeat(menuDepth)
      const n = rnd.pick([100, 5_000, 100_000])
      return rnd.chance(0.5) ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n)
    })
  }
  if (text.includes(JSON.stringify(HUGE))) text = text.replaceAll(JSON.stringify(HUGE), () => JSON.stringify(rnd.pick(['a', 'é', '\\', '"', '🎉']).repeat(rnd.pick([1 << 16, 1 << 20, 4 << 20]))))
  return text
}

export function mutatePayloadValue(rnd: Random, base: string): Mutated {
  const value = JSON.parse(base) as Json
  const did: string[] = []
  const deep = { menuDepth: 0 }
  for (let i = rnd.range(1, 3); i > 0; i--) did.push(mutateOnce(rnd, value, deep))
  return { bytes: Buffer.from(serialize(rnd, value, deep.menuDepth)), did: did.join('; ') }
}

/** A key of some object written twice, the second with another value: JSON.parse keeps the last. */
const duplicateKey: Mutator = (rnd, input) => {
  const text = input.toString('utf8')
  const keys = [...text.matchAll(/"([A-Za-z_]+)"\s*:\s*/g)]
  if (keys.length === 0) return { bytes: input, did: 'no key to duplicate' }
  const m = rnd.pick(keys)
  const value = rnd.pick(['null', '"0.6"', '1e999', '{"__proto__":{"polluted":true}}', '[]', '"x"', '{}'])
  const i = m.index ?? 0
  return { bytes: Buffer.from(text.slice(0, i) + `"${m[1]}": ${value}, ` + text.slice(i)), did: `key "${m[1]}" written twice (first ${value})` }
}

/** A number a double cannot hold, or holds as another value (1e999 is Infinity, 1e-400 is 0). */
const oddNumber: Mutator = (rnd, input) => {
  const text = input.toString('utf8')
  const numbers = [...text.matchAll(/(?<=:\s*)-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?=\s*[,}\]])/g)]
  const replacement = rnd.pick(['1e999', '-1e999', '-0', '1e-400', '123456789012345678901234567890', '0.1e400', '1.0', '1E2', '-0.0'])
  if (numbers.length === 0) return { bytes: input, did: 'no number to change' }
  const m = rnd.pick(numbers)
  const i = m.index ?? 0
  return { bytes: Buffer.from(text.slice(0, i) + replacement + text.slice(i + m[0].length)), did: `number ${m[0]} at ${i} written ${replacement}` }
}

/** A lone surrogate escape inside a string value. */
const loneSurrogate: Mutator = (rnd, input) => {
  const text = input.toString('utf8')
  const strings = [...text.matchAll(/:\s*"/g)]
  if (strings.length === 0) return { bytes: input, did: 'no string' }
  const m = rnd.pick(strings)
  const i = (m.index ?? 0) + m[0].length
  const escape = rnd.pick(['\\ud800', '\\udfff', '\\ud800\\ud800', '\\u0000', '\\u202e', '\\u0085'])
  return { bytes: Buffer.from(text.slice(0, i) + escape + text.slice(i)), did: `${escape} in the string at ${i}` }
}

const bom: Mutator = (rnd, input) => {
  if (rnd.chance(0.5)) return { bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), input]), did: 'a UTF-8 BOM' }
  const utf16 = Buffer.from('\ufeff' + input.toString('utf8'), 'utf16le')
  return { bytes: utf16, did: 'written as UTF-16 with a BOM' }
}

const TEXT_MUTATORS: ReadonlyArray<readonly [Mutator, number]> = [
  [truncate(['JSON string', 'multi-byte character', 'line end', 'anywhere']), 4],
  [flipBits, 2],
  [setBytes, 2],
  [invalidUtf8, 2],
  [controlChars, 2],
  [nest('[', ']'), 1],
  [nest('{"a":', '}'), 1],
  [duplicateKey, 3],
  [oddNumber, 3],
  [loneSurrogate, 2],
  [bom, 1],
  [splice, 2],
]

/** A mutated payload text: value changes, text changes, or both. */
export function mutatePayload(rnd: Random, base: string): Mutated {
  const kind = rnd.weighted([
    ['value', 4],
    ['text', 4],
    ['both', 2],
  ] as const)
  let bytes: Buffer = Buffer.from(base)
  const did: string[] = []
  if (kind !== 'text') {
    const m = mutatePayloadValue(rnd, base)
    bytes = m.bytes
    did.push(m.did)
  }
  if (kind !== 'value') {
    const m = mutate(rnd, bytes, TEXT_MUTATORS, rnd.range(1, 3))
    bytes = m.bytes
    did.push(m.did)
  }
  return { bytes, did: did.join('; ') }
}
