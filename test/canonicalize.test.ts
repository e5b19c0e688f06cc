import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { canonicalJsonChunks, canonicalizePreviewDataKeyOrder, PreviewDataError } from '../src/index.js'
import { tempDir } from './cli/_helpers.js'
import { validPayload } from './helpers/payload.js'

const shuffleKeys = (value: unknown, seed = 7): unknown => {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, seed + 1))
  if (typeof value !== 'object' || value === null) return value
  const keys = Object.keys(value).sort((a, b) => ((a.length * seed + b.charCodeAt(0)) % 5) - 2)
  return Object.fromEntries(keys.reverse().map((k) => [k, shuffleKeys((value as Record<string, unknown>)[k], seed + 3)]))
}

describe('canonicalizePreviewDataKeyOrder', () => {
  test('known keys follow the schema order at every level', () => {
    const out = canonicalizePreviewDataKeyOrder(shuffleKeys(validPayload())) as ReturnType<typeof validPayload>
    expect(Object.keys(out)).toEqual(['version', 'generator', 'generated_at', 'site', 'content', 'menus', 'widgets', 'collections', 'custom_css', 'custom_html'])
    expect(Object.keys(out.site).slice(0, 9)).toEqual(['title', 'description', 'url', 'media_origin', 'locale', 'posts_per_page', 'date_style', 'time_style', 'timezone'])
    expect(Object.keys(out.content.posts[0]).slice(0, 12)).toEqual([
      'public_id', 'title', 'slug', 'content', 'document_type', 'excerpt', 'published_at_iso', 'updated_at_iso', 'author_id', 'status', 'category_slugs', 'tag_slugs',
    ])
    expect(Object.keys(out.menus!.primary.items[0])).toEqual(['title', 'url', 'target', 'children'])
    expect(Object.keys(out.site.front_page!)).toEqual(['type', 'page_path'])
  })

  test('map keys and open-object keys are sorted; arrays keep their order', () => {
    const input = validPayload()
    input.menus = { zeta: input.menus!.primary, alpha: input.menus!.primary }
    input.site.meta = { z: 1, a: 2 }
    input.content.posts[0].data = { z: { y: 1, b: 2 }, a: [{ d: 1, c: 2 }] }
    input.content.tags.reverse()
    const out = canonicalizePreviewDataKeyOrder(input)
    expect(Object.keys(out.menus!)).toEqual(['alpha', 'zeta'])
    expect(Object.keys(out.site.meta!)).toEqual(['a', 'z'])
    expect(JSON.stringify(out.content.posts[0].data)).toBe('{"a":[{"c":2,"d":1}],"z":{"b":2,"y":1}}')
    expect(out.content.tags.map((t) => t.slug)).toEqual(['trams', 'portugal'])
  })

  test('is a clone that keeps unknown fields, adds nothing and validates nothing', () => {
    const input = { zzz: 1, version: '0.5', site: { unknown: true, title: '' }, extra: [3, 1] } as Record<string, unknown>
    const before = structuredClone(input)
    const out = canonicalizePreviewDataKeyOrder(input)
    expect(input).toEqual(before)
    expect(out).not.toBe(input)
    expect(JSON.stringify(out)).toBe('{"version":"0.5","site":{"title":"","unknown":true},"extra":[3,1],"zzz":1}')
  })

  test('any key order of the same payload gives the same bytes', () => {
    const a = JSON.stringify(canonicalizePreviewDataKeyOrder(validPayload()))
    for (const seed of [1, 2, 3, 11]) expect(JSON.stringify(canonicalizePreviewDataKeyOrder(shuffleKeys(validPayload(), seed)))).toBe(a)
  })

  test('a __proto__ key stays a plain key', () => {
    const input = JSON.parse('{"site":{"meta":{"__proto__":{"polluted":true}}}}') as Record<string, unknown>
    const out = canonicalizePreviewDataKeyOrder(input) as { site: { meta: Record<string, unknown> } }
    expect(Object.keys(out.site.meta)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

// Issue 15 item 6: canonicalizing never changes a value; what JSON cannot write as it is, is refused with its pointer.
describe('values JSON cannot hold are refused, never rewritten', () => {
  const cases: { name: string; mutate: (p: Record<string, any>) => void; code: string; path: string }[] = [ // eslint-disable-line @typescript-eslint/no-explicit-any -- mutations reach into arbitrary members
    { name: 'a number that overflowed (1e999)', mutate: (p) => (p.content.posts[0].public_id = JSON.parse('1e999')), code: 'invalid_value', path: '/content/posts/0/public_id' },
    { name: '-Infinity in data', mutate: (p) => (p.content.posts[0].data = { deep: [1, { x: JSON.parse('-1e999') }] }), code: 'invalid_value', path: '/content/posts/0/data/deep/1/x' },
    { name: 'NaN in meta under a key that needs escaping', mutate: (p) => (p.site.meta = { 'a/b~c': Number.NaN }), code: 'invalid_value', path: '/site/meta/a~1b~0c' },
    { name: 'a Date', mutate: (p) => (p.generated_at = new Date(0)), code: 'invalid_type', path: '/generated_at' },
    { name: 'a function', mutate: (p) => (p.site.title = () => 'x'), code: 'invalid_type', path: '/site/title' },
    { name: 'a bigint', mutate: (p) => (p.site.posts_per_page = 10n), code: 'invalid_type', path: '/site/posts_per_page' },
    { name: 'undefined in an array', mutate: (p) => (p.content.posts[0].tag_slugs = ['a', undefined]), code: 'invalid_type', path: '/content/posts/0/tag_slugs/1' },
    { name: 'a cycle', mutate: (p) => (p.site.meta = p.site), code: 'invalid_value', path: '/site/meta' },
  ]
  test.each(cases)('$name', ({ mutate, code, path }) => {
    const payload = validPayload() as unknown as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- see above
    mutate(payload)
    for (const call of [() => canonicalizePreviewDataKeyOrder(payload), () => canonicalJsonChunks(payload)]) {
      let thrown: unknown
      try {
        call()
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(PreviewDataError)
      expect(thrown).toMatchObject({ code, path })
    }
  })

  test('the payload itself being Infinity points at the root', () => {
    expect(() => canonicalizePreviewDataKeyOrder(Infinity)).toThrow(expect.objectContaining({ code: 'invalid_value', path: '' }))
  })

  test('an undefined object member is absent, as JSON writes it', () => {
    const out = canonicalizePreviewDataKeyOrder({ version: '0.7', generator: undefined })
    expect(JSON.stringify(out)).toBe('{"version":"0.7"}')
    expect([...canonicalJsonChunks({ version: '0.7', generator: undefined })].join('')).toBe('{\n  "version": "0.7"\n}')
  })
})

// Issue 15 item 7: the walks keep their own stack.
describe('depth', () => {
  const nest = (levels: number) => {
    const root: Record<string, unknown> = { version: '0.7' }
    let at: Record<string, unknown> = root
    for (let i = 0; i < levels; i++) {
      const next: Record<string, unknown> = {}
      at.z = [next]
      at = next
    }
    at.leaf = JSON.parse('1e999')
    return root
  }

  test('a payload nested 100,000 levels deep is canonicalized and serialized without overflowing the stack', () => {
    const deep = nest(100_000)
    delete (deepLeaf(deep) as Record<string, unknown>).leaf
    const out = canonicalizePreviewDataKeyOrder(deep)
    expect(out === deep).toBe(false)
    // JSON.stringify itself recurses and overflows at this depth, so the expected text is spelled out.
    const text = [...canonicalJsonChunks(deep, 0)].join('')
    expect(text === `{"version":"0.7","z":[${'{"z":['.repeat(99_999)}{}${']}'.repeat(99_999)}]}`).toBe(true)
  })

  test('a non-finite number 5,000 levels down is reported with its whole pointer', () => {
    expect(() => canonicalizePreviewDataKeyOrder(nest(5_000))).toThrow(expect.objectContaining({ code: 'invalid_value', path: `${'/z/0'.repeat(5_000)}/leaf` }))
  })

  function deepLeaf(root: Record<string, unknown>): unknown {
    let at = root
    while (Array.isArray(at.z)) at = at.z[0] as Record<string, unknown>
    return at
  }
})

// Issue 15 item 14: the streaming form writes what the clone would, without building the clone or one big string.
describe('canonicalJsonChunks', () => {
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('version', 'site', 'content', 'title', '__proto__', 'menus')), tie('value'), { maxKeys: 5 }),
  }))

  test('gives exactly JSON.stringify(canonicalizePreviewDataKeyOrder(value), null, indent), for any JSON value and indent', () => {
    fc.assert(
      fc.property(json.value, fc.constantFrom(0, 2, 4), (value, indent) => {
        expect([...canonicalJsonChunks(value, indent)].join('')).toBe(JSON.stringify(canonicalizePreviewDataKeyOrder(value), null, indent))
      }),
      { numRuns: 300 },
    )
  })

  test('a real payload in canonical order, in pieces of at most about 64 KiB', () => {
    const payload = shuffleKeys(validPayload()) as ReturnType<typeof validPayload>
    payload.content.posts[0].content = 'x'.repeat(300_000)
    const pieces = [...canonicalJsonChunks(payload)]
    expect(pieces.join('')).toBe(JSON.stringify(canonicalizePreviewDataKeyOrder(payload), null, 2))
    expect(pieces.length).toBeGreaterThan(1)
    // A piece only exceeds the target by the one value that crossed it.
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(65_536 + 300_100)
  })

  test('never changes its input', () => {
    const payload = shuffleKeys(validPayload())
    const before = JSON.stringify(payload)
    expect([...canonicalJsonChunks(payload)].length).toBeGreaterThan(0)
    expect(JSON.stringify(payload)).toBe(before)
  })
})

describe('preview-data canonicalize (issue 15 items 6 and 14)', () => {
  const run = async (args: string[], files: Record<string, string>) => {
    const { readdir, readFile, writeFile } = await import('node:fs/promises')
    const { join } = await import('node:path')
    const { runCli } = await import('../cli/run.js')
    const dir = tempDir('pd-canon-')
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text)
    let out = ''
    let err = ''
    const code = await runCli(args, { stdout: (s) => void (out += s), stderr: (s) => void (err += s), isTTY: false, cwd: dir })
    const written = Object.fromEntries(await Promise.all((await readdir(dir)).map(async (f) => [f, await readFile(join(dir, f), 'utf8')])))
    return { code, out, err, written }
  }

  test('1e999 is refused with exit 1 and its pointer; nothing is written', async () => {
    const text = JSON.stringify(validPayload()).replace('"public_id":1,', '"public_id":1e999,')
    const { code, err, written } = await run(['canonicalize', 'in.json', '-o', 'out.json'], { 'in.json': text })
    expect(code).toBe(1)
    expect(err).toMatch(/invalid_value.*\/content\/posts\/0\/public_id/)
    expect(Object.keys(written)).toEqual(['in.json'])
  })

  test('standard output and -o get the same canonical text, written in pieces', async () => {
    const payload = validPayload()
    payload.content.posts[0].content = 'é'.repeat(700_000)
    const text = JSON.stringify(payload)
    const expected = `${JSON.stringify(canonicalizePreviewDataKeyOrder(payload), null, 2)}\n`
    const toFile = await run(['canonicalize', 'in.json', '-o', 'out.json'], { 'in.json': text })
    expect(toFile.code).toBe(0)
    expect(toFile.written['out.json'] === expected).toBe(true)
    expect(Object.keys(toFile.written).sort()).toEqual(['in.json', 'out.json'])
    const toStdout = await run(['canonicalize', 'in.json'], { 'in.json': text })
    expect(toStdout.out === expected).toBe(true)
  })
})
