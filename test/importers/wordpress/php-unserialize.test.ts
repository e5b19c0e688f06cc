import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { phpUnserialize } from '../../../importers/wordpress/php-unserialize.js'

describe('phpUnserialize', () => {
  test.each([
    ['N;', null],
    ['b:1;', true],
    ['i:-42;', -42],
    ['d:0.5;', 0.5],
    ['s:5:"héllo";'.replace('5', '6'), 'héllo'],
    ['s:3:"中";', '中'],
    ['a:2:{i:0;s:1:"a";i:1;s:1:"b";}', ['a', 'b']],
    ['a:2:{s:5:"width";i:640;s:6:"height";i:480;}', { width: 640, height: 480 }],
    ['O:8:"stdClass":1:{s:1:"x";i:1;}', { x: 1 }],
    // Serialized on a Latin-1 site (lengths in characters), exported in UTF-8: the characters end each string.
    ['a:2:{s:4:"file";s:16:"2010/05/café.jpg";s:5:"sizes";a:1:{s:5:"thumb";s:16:"café-150x150.jpg";}}', { file: '2010/05/café.jpg', sizes: { thumb: 'café-150x150.jpg' } }],
    // ASCII strings before, between and after UTF-8 ones (only those are decoded): each read as written.
    ['a:4:{s:4:"file";s:9:"a/b-c.jpg";s:7:"caption";s:9:"配置性";s:5:"title";s:2:"ok";s:4:"tags";a:2:{i:0;s:3:"été";i:1;s:3:"abc";}}', { file: 'a/b-c.jpg', caption: '配置性', title: 'ok', tags: ['été', 'abc'] }],
  ])('%s', (input, expected) => {
    expect(phpUnserialize(input)).toEqual(expected)
  })

  test.each([
    ['s:10:"short";'],
    ['C:3:"Foo":3:{abc}'],
    ['r:1;'],
    ['a:1:{i:0;'],
    ['i:1;trailing'],
    ['O:3:"Foo":1:{s:4:"evil";s:0:"";'],
    ['a:1:{a:0:{}i:1;}'],
    // Neither its bytes nor its characters end the string.
    ['s:3:"café";'],
  ])('refuses %s', (input) => {
    expect(phpUnserialize(input)).toBeUndefined()
  })

  test('a __proto__ key stays data and never touches the prototype', () => {
    const v = phpUnserialize('a:1:{s:9:"__proto__";a:1:{s:5:"admin";b:1;}}') as Record<string, unknown>
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })

  test('deep nesting is refused instead of overflowing the stack', () => {
    expect(phpUnserialize('a:1:{i:0;'.repeat(1000) + 'N;' + '}'.repeat(1000))).toBeUndefined()
  })

  test('never throws on hostile input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        phpUnserialize(s)
        phpUnserialize('a:2:{' + s)
      }),
    )
  })
})

describe('phpUnserialize keys', () => {
  test('a "__proto__" key is plain data, and a repeated key keeps its first position with the last value', () => {
    const value = phpUnserialize('a:3:{s:9:"__proto__";s:1:"x";s:1:"a";i:1;s:9:"__proto__";s:1:"y";}') as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.entries(value)).toEqual([['__proto__', 'y'], ['a', 1]])
  })
})

describe('phpUnserialize reads back what PHP serialize() writes', () => {
  // PHP's serialize(), for the values the reader returns: strings counted in UTF-8 bytes, lists as 0..n-1 arrays.
  const serialize = (v: unknown): string => {
    if (v === null) return 'N;'
    if (typeof v === 'boolean') return `b:${v ? 1 : 0};`
    if (typeof v === 'number') return Number.isInteger(v) ? `i:${v};` : `d:${v};`
    if (typeof v === 'string') return `s:${Buffer.byteLength(v)}:"${v}";`
    if (Array.isArray(v)) return `a:${v.length}:{${v.map((x, i) => `i:${i};${serialize(x)}`).join('')}}`
    const entries = Object.entries(v as Record<string, unknown>)
    return `a:${entries.length}:{${entries.map(([k, x]) => serialize(k) + serialize(x)).join('')}}`
  }
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.array(tie('value'), { maxLength: 4 }),
      // Keys that are not integers, which PHP would store as integer keys.
      fc.dictionary(fc.string({ maxLength: 8 }).filter((k) => !/^(?:0|-?[1-9]\d*)$/.test(k)), tie('value'), { minKeys: 1, maxKeys: 4 }),
    ),
  }))

  test('every value, after serialize()', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(phpUnserialize(serialize(v))).toEqual(v)
      }),
      { numRuns: 5_000 },
    )
  })

  test('an integer of 16 digits, a bare minus and a missing terminator are refused', () => {
    expect(phpUnserialize('i:123456789012345;')).toBe(123456789012345)
    expect(phpUnserialize('i:1234567890123456;')).toBeUndefined()
    expect(phpUnserialize('i:-;')).toBeUndefined()
    expect(phpUnserialize('i:12')).toBeUndefined()
    expect(phpUnserialize('a:1:{s:1:"a";i:1;')).toBeUndefined()
  })
})
