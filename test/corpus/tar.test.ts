// The corpus fetcher's tar reader gets tarballs from a registry: it must hand back regular files only, and refuse
// any entry that would land outside the destination or that is a link. Archives here are built byte by byte.
import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { readTarball, safeRelative } from '../../scripts/corpus/_tar.mjs'
import { matchesAny } from '../../scripts/corpus/_sites.mjs'

interface Entry {
  name: string
  data?: string
  type?: string
  prefix?: string
}

/** A ustar header block for one entry (checksum included), then its data padded to 512 bytes. */
function entry({ name, data = '', type = '0', prefix = '' }: Entry): Buffer {
  const header = Buffer.alloc(512)
  header.write(name, 0, 100, 'utf8')
  header.write('0000644\0', 100)
  header.write('0000000\0', 108)
  header.write('0000000\0', 116)
  header.write(Buffer.byteLength(data).toString(8).padStart(11, '0') + '\0', 124)
  header.write('00000000000\0', 136)
  header.write('        ', 148)
  header.write(type, 156)
  header.write('ustar\0', 257)
  header.write('00', 263)
  header.write(prefix, 345, 155, 'utf8')
  const sum = header.reduce((n, b) => n + b, 0)
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148)
  const body = Buffer.alloc(Math.ceil(Buffer.byteLength(data) / 512) * 512)
  body.write(data)
  return Buffer.concat([header, body])
}

function tarball(...entries: Entry[]): Buffer {
  return gzipSync(Buffer.concat([...entries.map(entry), Buffer.alloc(1024)]))
}

function pax(records: Record<string, string>): string {
  return Object.entries(records)
    .map(([k, v]) => {
      const body = ` ${k}=${v}\n`
      let length = body.length + 1
      while (String(length).length + body.length !== length) length = String(length).length + body.length
      return `${length}${body}`
    })
    .join('')
}

describe('readTarball', () => {
  test('returns regular files with their contents', () => {
    const { files, refused } = readTarball(tarball({ name: 'package/content/a.md', data: '# A' }, { name: 'package/content/', type: '5' }))
    expect(files.map((f) => [f.path, f.data.toString()])).toEqual([['package/content/a.md', '# A']])
    expect(refused).toEqual([])
  })

  test.each([
    { name: 'parent segment', entry: { name: 'package/../../evil.md', data: 'x' }, reason: 'path leaves the archive root' },
    { name: 'absolute path', entry: { name: '/etc/evil', data: 'x' }, reason: 'path leaves the archive root' },
    { name: 'backslash', entry: { name: 'package\\..\\evil', data: 'x' }, reason: 'path leaves the archive root' },
    { name: 'symbolic link', entry: { name: 'package/link', type: '2' }, reason: 'entry type 2 (links and devices are not extracted)' },
    { name: 'hard link', entry: { name: 'package/hard', type: '1' }, reason: 'entry type 1 (links and devices are not extracted)' },
  ])('refuses a $name', ({ entry: bad, reason }) => {
    const { files, refused } = readTarball(tarball(bad, { name: 'package/ok.md', data: 'ok' }))
    expect(files.map((f) => f.path)).toEqual(['package/ok.md'])
    expect(refused).toEqual([{ path: bad.name, reason }])
  })

  test('reads long names from the ustar prefix, a PAX path and a GNU long name', () => {
    const long = `package/${'deep/'.repeat(30)}file.md`
    const { files } = readTarball(tarball(
      { name: 'b.md', prefix: 'package/a', data: 'prefix' },
      { name: 'PaxHeader', type: 'x', data: pax({ path: long }) },
      { name: 'truncated', data: 'pax' },
      { name: '././@LongLink', type: 'L', data: `${long.replace('file', 'gnu')}\0` },
      { name: 'truncated2', data: 'gnu' },
    ))
    expect(files.map((f) => [f.path, f.data.toString()])).toEqual([
      ['package/a/b.md', 'prefix'],
      [long, 'pax'],
      [long.replace('file', 'gnu'), 'gnu'],
    ])
  })

  test('a PAX path that escapes is refused like any other', () => {
    const { files, refused } = readTarball(tarball({ name: 'PaxHeader', type: 'x', data: pax({ path: '../x' }) }, { name: 'innocent.md', data: 'x' }))
    expect(files).toEqual([])
    expect(refused).toEqual([{ path: '../x', reason: 'path leaves the archive root' }])
  })
})

describe('safeRelative', () => {
  test.each([
    ['package/./a//b.md', 'package/a/b.md'],
    ['./package/a.md', 'package/a.md'],
    ['package/a/../b.md', null],
    ['', null],
    ['a\0b', null],
  ])('%s', (input, expected) => {
    expect(safeRelative(input)).toBe(expected)
  })
})

describe('matchesAny (sites.json include and exclude globs)', () => {
  test.each([
    { rel: 'content/en/a.md', globs: ['content/**'], match: true },
    { rel: 'x/content/a.md', globs: ['content/**'], match: false },
    { rel: 'lib/rules/a/README.md', globs: ['lib/rules/*/README.md'], match: true },
    { rel: 'lib/rules/a/b/README.md', globs: ['lib/rules/*/README.md'], match: false },
    { rel: 'a.md', globs: ['*.md'], match: true },
    { rel: 'docs/a.md', globs: ['*.md'], match: false },
    { rel: 'x.png', globs: ['**/*.png'], match: true },
    { rel: 'img/x.png', globs: ['**/*.png'], match: true },
    { rel: '_data/locales/tr.yml', globs: ['_data/locales/**'], match: true },
    { rel: 'gitignore', globs: ['gitignore'], match: true },
    { rel: 'a+b.md', globs: ['a+b.md'], match: true },
  ])('$rel ~ $globs', ({ rel, globs, match }) => {
    expect(matchesAny(rel, globs)).toBe(match)
  })
})
