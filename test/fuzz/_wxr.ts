/**
 * WordPress exports to mutate: the repository's fixture exports whole, and pieces of the six real exports in
 * ../shared (the channel head, a few items, the closing tags), so a case stays small; a nightly run also takes a
 * whole real export now and then. And the mutations only an XML export has.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateRawSync, gzipSync } from 'node:zlib'
import { controlChars, doctype, entities, flipBits, hugeAttribute, invalidUtf8, nest, setBytes, splice, truncate } from './_mutate.js'
import type { Mutated, Mutator } from './_mutate.js'
import type { Random } from './_random.js'

export interface Export {
  name: string
  bytes: Buffer
  /** Byte ranges of its `<item>` elements, for carving pieces out of a large export. */
  items: Array<[number, number]>
}

function itemsOf(bytes: Buffer): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let start = bytes.indexOf('<item>'); start !== -1; start = bytes.indexOf('<item>', start + 1)) {
    const end = bytes.indexOf('</item>', start)
    if (end === -1) break
    out.push([start, end + '</item>'.length])
  }
  return out
}

export function loadExports(repo: string, shared: string): { fixtures: Export[]; real: Export[] } {
  const dir = join(repo, 'test/fixtures/wordpress')
  const fixtures = readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => {
      const bytes = readFileSync(join(dir, f))
      return { name: `fixtures/wordpress/${f}`, bytes, items: itemsOf(bytes) }
    })
  const realDir = join(shared, 'fixtures/wxr')
  const real = existsSync(realDir)
    ? readdirSync(realDir)
        .filter((f) => f.endsWith('.xml'))
        .map((f) => {
          const bytes = readFileSync(join(realDir, f))
          return { name: `shared/wxr/${f}`, bytes, items: itemsOf(bytes) }
        })
    : []
  return { fixtures, real }
}

/** The channel head, some items (a run of neighbours or a scattering), and the closing tags. */
export function carve(rnd: Random, source: Export): { bytes: Buffer; did: string } {
  if (source.items.length === 0) return { bytes: source.bytes, did: source.name }
  const head = source.bytes.subarray(0, source.items[0][0])
  const n = Math.min(source.items.length, rnd.range(1, 6))
  let picked: Array<[number, number]>
  if (rnd.chance(0.5)) {
    const from = rnd.int(source.items.length - n + 1)
    picked = source.items.slice(from, from + n)
  } else {
    picked = Array.from({ length: n }, () => rnd.pick(source.items))
  }
  const bytes = Buffer.concat([head, ...picked.flatMap(([a, b]) => [source.bytes.subarray(a, b), Buffer.from('\n')]), Buffer.from('</channel>\n</rss>\n')])
  return { bytes, did: `${source.name}, items ${picked.map(([a]) => source.items.findIndex(([s]) => s === a)).join(',')}` }
}

/** An element of an item written twice (two ids, two slugs, two statuses), or an attribute twice. */
const duplicateElement: Mutator = (rnd, input) => {
  const names = ['wp:post_id', 'wp:post_name', 'wp:status', 'wp:post_type', 'title', 'link', 'wp:post_parent', 'wp:post_date_gmt', 'wp:attachment_url', 'content:encoded', 'wp:meta_value']
  const name = rnd.pick(names)
  const start = input.indexOf(`<${name}>`, rnd.int(input.length))
  const at = start === -1 ? input.indexOf(`<${name}>`) : start
  if (at === -1) return { bytes: input, did: `no <${name}> to repeat` }
  const end = input.indexOf(`</${name}>`, at)
  if (end === -1) return { bytes: input, did: `<${name}> unclosed` }
  const element = input.subarray(at, end + name.length + 3)
  if (rnd.chance(0.3)) {
    const tag = input.indexOf('>', at)
    return { bytes: Buffer.concat([input.subarray(0, tag), Buffer.from(' a="1" a="2"'), input.subarray(tag)]), did: `<${name}> with an attribute twice` }
  }
  const other = rnd.pick(['1', '0', '-5', '99999999999999999999', '', 'publish', 'page', 'attachment', 'nav_menu_item', '../../x', '%e4%b8%ad', '2024-02-30 25:61:00'])
  const twice = rnd.chance(0.5) ? Buffer.from(`<${name}>${other}</${name}>`) : element
  return { bytes: Buffer.concat([input.subarray(0, at), twice, input.subarray(at)]), did: `<${name}> written twice (${twice.subarray(0, 40).toString()})` }
}

/** The XML declaration names another encoding, or a BOM says one. */
const encoding: Mutator = (rnd, input) => {
  const choice = rnd.pick(['ISO-8859-1', 'windows-1252', 'UTF-16', 'EBCDIC-US', 'x-unknown', 'utf8', 'GB2312', 'Shift_JIS'])
  const text = input.toString('latin1')
  const decl = /^(\ufeff)?<\?xml[^>]*\?>/.exec(text)
  if (rnd.chance(0.3)) {
    const bom = rnd.pick([[0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]])
    return { bytes: Buffer.concat([Buffer.from(bom), input]), did: `BOM ${bom.map((b) => b.toString(16)).join(' ')}` }
  }
  if (!decl) return { bytes: Buffer.concat([Buffer.from(`<?xml version="1.0" encoding="${choice}"?>`), input]), did: `declared ${choice}` }
  const replaced = decl[0].replace(/encoding="[^"]*"|\?>$/, (m) => (m === '?>' ? ` encoding="${choice}"?>` : `encoding="${choice}"`))
  return { bytes: Buffer.concat([Buffer.from(replaced, 'latin1'), input.subarray(decl[0].length)]), did: `declared ${choice}` }
}

/** `]]>` inside a CDATA body, or a CDATA section opened inside another. */
const cdataSplit: Mutator = (rnd, input) => {
  const at = input.indexOf('<![CDATA[', rnd.int(input.length))
  const start = at === -1 ? input.indexOf('<![CDATA[') : at
  if (start === -1) return { bytes: input, did: 'no CDATA' }
  const p = start + 9 + rnd.int(20)
  const piece = rnd.pick([']]>', ']]>]]>', '<![CDATA[', ']]]]><![CDATA[>', '<![CDATA[x'])
  return { bytes: Buffer.concat([input.subarray(0, p), Buffer.from(piece), input.subarray(p)]), did: `${piece} in the CDATA at ${start}` }
}

/** The WordPress namespaces changed, dropped or swapped. */
const namespaces: Mutator = (rnd, input) => {
  const text = input.toString('latin1')
  const variants: Array<[RegExp, string]> = [
    [/xmlns:wp="[^"]*"/, 'xmlns:wp="http://evil.example/export/1.2/"'],
    [/xmlns:wp="[^"]*"/, ''],
    [/xmlns:content="[^"]*"/, 'xmlns:content="http://wordpress.org/export/1.2/"'],
    [/<rss\b/, '<rss xmlns="http://www.w3.org/1999/xhtml"'],
    [/<channel>/, '<channel><channel>'],
    [/<\/channel>/, ''],
    [/<rss\b[^>]*>/, '<feed>'],
  ]
  const [re, to] = rnd.pick(variants)
  return { bytes: Buffer.from(text.replace(re, to), 'latin1'), did: `${re.source} -> ${to || '(removed)'}` }
}

/** HTML trouble inside post bodies: deep markup, an unclosed script, entity soup, shortcodes and blocks broken. */
const bodyTrouble: Mutator = (rnd, input) => {
  const at = input.indexOf('<content:encoded><![CDATA[', rnd.int(input.length))
  const start = at === -1 ? input.indexOf('<content:encoded><![CDATA[') : at
  if (start === -1) return { bytes: input, did: 'no body' }
  const p = start + 26
  const depth = rnd.pick([100, 5_000, 50_000])
  const piece = rnd.pick([
    '<div>'.repeat(depth) + 'x' + '</div>'.repeat(depth),
    '<script>' + 'x'.repeat(1000),
    '<!--' + ' more'.repeat(1000),
    '[gallery ids="1,2,3"'.repeat(50),
    '[caption id="x"]'.repeat(depth) + 'x',
    '[' + 'a'.repeat(100_000),
    '<!-- wp:paragraph {"a":' + '['.repeat(depth) + ' -->',
    '<!-- wp:block {"ref":' + rnd.int(1000) + '} /-->'.repeat(200),
    '<img alt="a>b" src="javascript:alert(1)">',
    '<a href="' + '%'.repeat(10_000) + '">x</a>',
    '<!--more-->'.repeat(100),
    '&' + '#x41;&'.repeat(20_000),
    '<p>' + 'word '.repeat(100_000) + '</p>',
  ])
  return { bytes: Buffer.concat([input.subarray(0, p), Buffer.from(piece), input.subarray(p)]), did: `body at ${p}: ${JSON.stringify(piece.slice(0, 50))}${piece.length > 50 ? `… (${piece.length})` : ''}` }
}

// Values that stay well-formed XML but break WordPress's own rules: ids, slugs, dates, statuses, URLs with a newline
// and a second redirect rule, paths out of the site, control and bidi characters, sizes no export has.
const HOSTILE_VALUES = [
  '',
  ' ',
  '0',
  '-1',
  '99999999999999999999999',
  '1e3',
  '0x10',
  'NaN',
  'publish',
  'draft',
  'private',
  'inherit',
  'trash',
  'future',
  'page',
  'post',
  'attachment',
  'nav_menu_item',
  'wp_block',
  'revision',
  'product',
  '2024-02-30 10:00:00',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  '2024-01-01T00:00:00Z',
  'Sun, 32 Dec 2012 99:00:00 +9999',
  'http://old.example/a\n/evil https://evil.example 301',
  'http://old.example/a\r\n/* https://evil.example 200!',
  'https://old.example/$host/${x}',
  '/:splat/*',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/x',
  'http://user:pw@old.example/x',
  '../../../etc/passwd',
  '..',
  '%2e%2e%2f%2e%2e',
  '%zz%',
  '%e4%b8%ad%e6%96%87',
  'cafe\u0301',
  '\u202egnp.exe',
  '\u0000',
  '\u0007\u001b[2J',
  '\ufffe',
  '🎉'.repeat(100),
  'a'.repeat(300),
  '字'.repeat(5000),
  'x'.repeat(1 << 20),
  '<script>alert(1)</script>',
  '<img alt="a>b" src=x onerror=alert(1)>',
  '[gallery ids="1,2,3,999999"]',
  '[caption]'.repeat(1000),
  '<!--more-->',
  '<!-- wp:block {"ref":1} /-->',
  'a:2:{i:0;s:1:"x";i:1;O:8:"stdClass":0:{}}',
  'a:99999999:{',
  's:-1:"";',
  'O:9999999999:"x":0:{}',
]

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** An element's text replaced by a hostile value, escaped or in CDATA, so the export stays well-formed. */
const hostileText: Mutator = (rnd, input) => {
  const names = ['title', 'link', 'guid', 'dc:creator', 'wp:post_id', 'wp:post_name', 'wp:status', 'wp:post_type', 'wp:post_date', 'wp:post_date_gmt', 'wp:post_parent', 'wp:menu_order', 'wp:attachment_url', 'wp:meta_key', 'wp:meta_value', 'content:encoded', 'excerpt:encoded', 'wp:post_password', 'wp:author_login', 'wp:author_display_name', 'wp:category_nicename', 'wp:cat_name', 'wp:term_slug', 'wp:term_name', 'wp:base_site_url', 'wp:base_blog_url', 'pubDate', 'wp:comment_content', 'wp:is_sticky']
  const name = rnd.pick(names)
  const open = `<${name}>`
  const starts: number[] = []
  for (let i = input.indexOf(open); i !== -1 && starts.length < 500; i = input.indexOf(open, i + 1)) starts.push(i)
  if (starts.length === 0) return { bytes: input, did: `no <${name}>` }
  const at = rnd.pick(starts) + open.length
  const end = input.indexOf(`</${name}>`, at)
  if (end === -1) return { bytes: input, did: `<${name}> unclosed` }
  const value = rnd.pick(HOSTILE_VALUES)
  const body = rnd.chance(0.5) && !value.includes(']]>') ? `<![CDATA[${value}]]>` : xmlEscape(value)
  return { bytes: Buffer.concat([input.subarray(0, at), Buffer.from(body), input.subarray(end)]), did: `<${name}> = ${JSON.stringify(value.slice(0, 50))}${value.length > 50 ? `… (${value.length})` : ''}` }
}

/** Mutations that keep an export well-formed XML, so the importer gets past the parser with hostile content. */
export const WELL_FORMED: ReadonlyArray<readonly [Mutator, number]> = [
  [hostileText, 6],
  [bodyTrouble, 2],
]

/** Every mutation, most of which leave the XML broken somewhere. */
export function wxrMutators(secret: string): ReadonlyArray<readonly [Mutator, number]> {
  return [
    [truncate(['tag', 'entity', 'cdata', 'comment', 'multi-byte character', 'line end', 'anywhere']), 6],
    [flipBits, 2],
    [setBytes, 2],
    [invalidUtf8, 3],
    [controlChars, 3],
    [entities, 3],
    [doctype(secret), 2],
    [nest('<x>', '</x>', ['line end']), 1],
    [nest('<wp:postmeta>', '</wp:postmeta>', ['line end']), 1],
    [hugeAttribute, 2],
    [splice, 3],
    [duplicateElement, 3],
    [encoding, 2],
    [cdataSplit, 2],
    [namespaces, 1],
    [bodyTrouble, 4],
    [hostileText, 16],
  ]
}

/** The export as the importer may be given it: plain, gzip-compressed, or in a zip archive (sometimes a bomb). */
export function packaging(rnd: Random, bytes: Buffer): { bytes: Buffer; name: string; did: string } {
  const kind = rnd.weighted([
    ['xml', 16],
    ['gz', 2],
    ['zip', 2],
    ['gz bomb', 1],
  ] as const)
  if (kind === 'xml') return { bytes, name: 'export.xml', did: '' }
  if (kind === 'gz') return { bytes: gzipSync(bytes), name: 'export.xml.gz', did: 'gzip' }
  if (kind === 'zip') return { bytes: zip([[rnd.pick(['export.xml', '../../evil.xml', '/abs.xml', 'a/b.xml']), bytes]]), name: 'export.zip', did: 'zip' }
  // Little on disk, much once inflated: 64 MiB of spaces after the XML declaration.
  const bomb = Buffer.concat([Buffer.from('<?xml version="1.0"?>'), Buffer.alloc(64 << 20, 0x20), bytes])
  return { bytes: gzipSync(bomb, { level: 1 }), name: 'export.xml.gz', did: 'a gzip bomb (64 MiB of spaces before the export)' }
}

/** A minimal zip archive (deflated entries, no extras), enough for an importer that reads zip. */
function zip(entries: Array<[string, Buffer]>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name)
    const packed = deflateRawSync(data)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, packed)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + packed.length
  }
  const centralBytes = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(centralBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, centralBytes, end])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(data: Buffer): number {
  let c = 0xffffffff
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

export type { Mutated }
