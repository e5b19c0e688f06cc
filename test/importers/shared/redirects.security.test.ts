// Issue 15 item 1: old URLs come from the input, so every redirect writer must build its lines from checked,
// percent-encoded values. Each format gets a small parser written here from its documentation (Netlify's _redirects,
// nginx's map block), and hostile values must parse back to exactly the rules that were written, no more.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { redirectFile } from '../../../importers/shared/redirects.js'
import type { Redirect, RedirectFormat } from '../../../importers/shared/redirects.js'

type Rule = { from: string; to: string; forced?: boolean }

/**
 * Netlify `_redirects`: a rule a line, `#` lines are comments, fields split on whitespace: the old path, any
 * `key=value` query matches, the new URL, the status (`!` forces). `*` in a path is a splat, `:name` a placeholder.
 */
function parseNetlify(text: string): Rule[] {
  const rules: Rule[] = []
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue
    const fields = line.trim().split(/\s+/)
    if (fields.length < 3) throw new Error(`too few fields: ${JSON.stringify(line)}`)
    const status = fields.pop() as string
    if (!/^301!?$/.test(status)) throw new Error(`status ${JSON.stringify(status)} in ${JSON.stringify(line)}`)
    const to = fields.pop() as string
    const [path, ...query] = fields
    if (query.some((q) => !/^[^=]+=[^=]*$/.test(q))) throw new Error(`not key=value: ${JSON.stringify(line)}`)
    // Syntax that would make a rule match or rewrite more than the one URL it was written for.
    if (/[*:]/.test(path) || query.some((q) => /[*:]/.test(q))) throw new Error(`splat or placeholder in ${JSON.stringify(line)}`)
    if (/:[A-Za-z]/.test(to.replace(/^https?:\/\//, ''))) throw new Error(`placeholder in target ${JSON.stringify(to)}`)
    rules.push({ from: query.length ? `${path}?${query.join('&')}` : path, to, forced: status.endsWith('!') })
  }
  return rules
}

/**
 * nginx configuration tokens: quoted strings (`\` escapes the next character), bare words, `;`, `{`, `}`, and `#`
 * comments; then exactly `map $request_uri $new_uri { default ""; "<from>" "<to>"; … }`. A `$` in a target would be
 * a variable, and a key twice (compared without case, as nginx does) refuses to load.
 */
function parseNginx(text: string): Rule[] {
  const tokens: string[] = []
  for (let i = 0; i < text.length; ) {
    const c = text[i]
    if (/\s/.test(c)) i++
    else if (c === '#') while (i < text.length && text[i] !== '\n') i++
    else if (c === ';' || c === '{' || c === '}') tokens.push(text[i++])
    else if (c === '"' || c === "'") {
      let value = ''
      i++
      while (i < text.length && text[i] !== c) value += text[i] === '\\' ? text[(i += 2) - 1] : text[i++]
      if (text[i] !== c) throw new Error('unterminated string')
      i++
      tokens.push(`"${value}`)
    } else {
      let word = ''
      while (i < text.length && !/[\s;{}"'#]/.test(text[i])) word += text[i++]
      tokens.push(word)
    }
  }
  const expect = (t: string) => {
    if (tokens.shift() !== t) throw new Error(`expected ${t}`)
  }
  expect('map')
  expect('$request_uri')
  expect('$new_uri')
  expect('{')
  expect('default')
  expect('"')
  expect(';')
  const rules: Rule[] = []
  const keys = new Set<string>()
  while (tokens[0] !== '}') {
    const from = tokens.shift()
    const to = tokens.shift()
    expect(';')
    if (!from?.startsWith('"') || !to?.startsWith('"')) throw new Error('unquoted entry')
    if (!from.startsWith('"/')) throw new Error(`source ${from} is not a path`)
    if (to.includes('$')) throw new Error(`variable in target ${to}`)
    if (keys.has(from.toLowerCase())) throw new Error(`duplicate key ${from}`)
    keys.add(from.toLowerCase())
    rules.push({ from: from.slice(1), to: to.slice(1) })
  }
  expect('}')
  if (tokens.length) throw new Error(`text after the map: ${tokens.join(' ')}`)
  return rules
}

function parseJson(text: string): Rule[] {
  return (JSON.parse(text) as Redirect[]).map(({ from, to }) => ({ from, to }))
}

const PARSERS: Record<RedirectFormat, (text: string) => Rule[]> = { netlify: parseNetlify, nginx: parseNginx, json: parseJson }
const FORMATS = Object.keys(PARSERS) as RedirectFormat[]

/** Percent-decoding of every valid escape, bytes read as UTF-8: equal for a value and its encoded form. */
function decode(s: string): string {
  const bytes: number[] = []
  const enc = new TextEncoder()
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      const cp = s.codePointAt(i) as number
      if (cp > 0xffff) i++
      bytes.push(...enc.encode(String.fromCodePoint(cp)))
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes))
}

/** What a written rule must mean: the input's URLs, decoded, with the origin as URL parsing writes it and empty query parameters dropped. */
function meaning(r: { from: string; to: string }): { from: string; to: string } {
  const q = r.from.indexOf('?')
  const from = q < 0 ? r.from : `${r.from.slice(0, q)}?${r.from.slice(q + 1).split('&').filter(Boolean).join('&')}`.replace(/\?$/, '')
  const abs = /^(https?:\/\/[^/?#]*)(.*)$/is.exec(r.to)
  const to = abs ? `${new URL(`${abs[1]}/`).origin}${abs[2].startsWith('/') ? abs[2] : `/${abs[2]}`}` : r.to
  return { from: decode(from), to: decode(to) }
}

const HOSTILE = [
  '\n', '\r', '\r\n', '\t', ' ', '\u00a0', '\u2028', '\u0085', '\u0000', '\u001b[2J', '\u007f', '"', "'", '\\', '$', '$host', '{', '}', ';',
  '#', '*', ':', ':splat', '!', '=', '?', '&', '%', '%2', '%zz', '%41', '%0a', '/', '//', 'é', 'ا', '😀', '\ud800', '\udc00', '~', '`', '<', '>',
  '(', ')', 'default', 'include', '301', '200!', 'https://evil.example/',
]
const SAFE = [...'abcXYZ0129-._~/'.split(''), 'é', 'post', '2020/01/']
const piece = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...HOSTILE) }, { weight: 2, arbitrary: fc.constantFrom(...SAFE) })
const hostile = fc.array(piece, { maxLength: 24 }).map((a) => a.join(''))
const source = fc.oneof(hostile, hostile.map((s) => `/${s}`))
const target = fc.oneof(source, fc.tuple(fc.constantFrom('https://new.example', 'http://a.test', 'HTTPS://B.Test:443', 'https://user@x.test'), hostile).map(([o, s]) => o + s))
const redirects = fc.array(fc.record({ from: source, to: target }).map((r) => ({ ...r, status: 301 as const })), { maxLength: 12 })

describe.each(FORMATS)('%s writer', (format) => {
  test('hostile values parse back to exactly the rules written, each meaning its input', () => {
    fc.assert(
      fc.property(redirects, (list) => {
        const file = redirectFile(list, format)
        const parsed = PARSERS[format](file.text)
        expect(parsed).toHaveLength(file.written)
        expect(file.written + file.skipped.length).toBe(list.length)
        // Skipped entries come in input order, so the kept inputs line up with the parsed rules.
        const skipped = [...file.skipped]
        const kept = list.filter((r) => {
          if (skipped[0] && skipped[0].from === r.from && skipped[0].to === r.to) return !skipped.shift()
          return true
        })
        expect(parsed.map(meaning)).toEqual(kept.map(meaning))
        for (const s of file.skipped) expect(s.reason).toMatch(/^(the old URL|the new URL|the old and new|another redirect)/)
      }),
    )
  })

  test('a value with whitespace or a control character is always skipped, with the reason', () => {
    const bad = fc.tuple(hostile, fc.constantFrom('\n', '\r', ' ', '\t', '\u2028', '\u0000', '\u0085', '\u001b'), hostile).map(([a, c, b]) => `/${a}${c}${b}`)
    fc.assert(
      fc.property(bad, fc.boolean(), (value, inTarget) => {
        const r = inTarget ? { from: '/old/', to: value, status: 301 as const } : { from: value, to: '/new/', status: 301 as const }
        const file = redirectFile([r], format)
        expect(file.written).toBe(0)
        expect(file.skipped).toEqual([{ from: r.from, to: r.to, reason: `${inTarget ? 'the new URL' : 'the old URL'} has whitespace or a control character` }])
      }),
    )
  })

  test('ordinary old URLs are all written, Unicode percent-encoded as a browser sends it', () => {
    const segment = fc.array(fc.constantFrom(...'abz09-_.~'.split(''), 'é', 'ا', '%d8%a7'), { minLength: 1, maxLength: 8 }).map((a) => a.join(''))
    const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}/`)
    fc.assert(
      fc.property(fc.uniqueArray(path, { maxLength: 8, comparator: (a, b) => a.toLowerCase() === b.toLowerCase() }), (paths) => {
        const list = paths.filter((p) => !/(^|\/)\.\.?(\/|$)/.test(p)).map((from) => ({ from, to: `/new${from}`, status: 301 as const }))
        const file = redirectFile(list, format)
        expect(file.skipped).toEqual([])
        expect(file.text).not.toMatch(/[éا]/)
      }),
    )
  })
})

describe('regressions', () => {
  // A WXR <link> with a newline and a second rule used to write that rule into the file: any path of the new site
  // could be sent anywhere.
  const injected = { from: '/hello/\n/*  https://evil.example/:splat  301!', to: '/posts/hello/', status: 301 as const }

  test.each(FORMATS)('%s: a newline in an old URL cannot add a rule', (format) => {
    const file = redirectFile([injected, { from: '/ok/', to: '/posts/ok/', status: 301 }], format)
    expect(PARSERS[format](file.text)).toEqual([{ from: '/ok/', to: '/posts/ok/', ...(format === 'netlify' ? { forced: false } : {}) }])
    expect(file.skipped).toEqual([{ ...injected, status: undefined, reason: 'the old URL has whitespace or a control character' }].map(({ status: _, ...s }) => s))
  })

  test.each(FORMATS)('%s: dots that are not a whole path segment, or in the query, are written', (format) => {
    const file = redirectFile([{ from: '/a/.well/b../?next=../x', to: '/new/', status: 301 }], format)
    expect(file.skipped).toEqual([])
    expect(file.written).toBe(1)
  })

  test.each([
    ['a splat', '/old/*', 'netlify', '/old/%2A  /new/  301'],
    ['a placeholder', '/old/:year/', 'netlify', '/old/%3Ayear/  /new/  301'],
    ['a query match', '/?p=7&x=a:b', 'netlify', '/  p=7  x=a%3Ab  /new/  301!'],
  ] as const)('netlify: %s in an old URL is encoded, not syntax', (_name, from, format, line) => {
    expect(redirectFile([{ from, to: '/new/', status: 301 }], format).text).toBe(`${line}\n`)
  })

  test('nginx: a variable in a target is encoded; a quote cannot end the string', () => {
    const text = redirectFile([{ from: '/a"b/', to: '/x/$host/', status: 301 }], 'nginx').text
    expect(text).toContain('  "/a%22b/" "/x/%24host/";\n')
    expect(parseNginx(text)).toEqual([{ from: '/a%22b/', to: '/x/%24host/' }])
  })

  test('nginx: two old URLs that differ only in case keep the first (nginx would refuse to load both)', () => {
    const file = redirectFile([{ from: '/About/', to: '/a/', status: 301 }, { from: '/about/', to: '/b/', status: 301 }], 'nginx')
    expect(parseNginx(file.text)).toEqual([{ from: '/About/', to: '/a/' }])
    expect(file.skipped[0].reason).toMatch(/without case/)
  })

  test.each([
    ['a protocol-relative target', '/old/', '//evil.example/', 'the new URL is protocol-relative'],
    ['a target with credentials', '/old/', 'https://user:pw@new.example/', 'the new URL has credentials'],
    ['a javascript: target', '/old/', 'javascript:alert(1)', 'the new URL is neither a path'],
    ['an old URL on another host', 'https://other.example/x', '/new/', 'the old URL is not a path on the site'],
    ['a malformed escape', '/a%zz/', '/new/', 'the old URL has a "%"'],
    ['a lone surrogate', '/a\ud800/', '/new/', 'the old URL has a "%"'],
    ['a redirect to itself', '/a b/'.replace(' ', '%20'), '/a%20b/', 'the old and new URLs are the same'],
    // A jekyll-archives month pattern of "../../:year/:month/" (found by the s9 review) wrote `/../../2024/01/  /  301`.
    ['an old URL with ".." segments', '/../../2024/01/', '/', 'the old URL has a "." or ".." path segment'],
    ['an old URL ending in ".."', '/blog/..', '/', 'the old URL has a "." or ".." path segment'],
    ['an old URL with a "." segment', '/a/./b/', '/b/', 'the old URL has a "." or ".." path segment'],
    ['an old URL with an escaped ".." segment', '/a/%2E%2e/b/', '/b/', 'the old URL has a "." or ".." path segment'],
    ['an old URL with a half-escaped ".." segment', '/a/.%2e/?p=1', '/b/', 'the old URL has a "." or ".." path segment'],
    ['a new URL with an escaped "." segment', '/old/', '/new/%2e/x/', 'the new URL has a "." or ".." path segment'],
  ])('%s is skipped with its reason', (_name, from, to, reason) => {
    const file = redirectFile([{ from, to, status: 301 }], 'json')
    expect(file.written).toBe(0)
    expect(file.skipped[0].reason).toContain(reason)
  })
})
