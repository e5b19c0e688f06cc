import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { SaxesParser } from 'saxes'
import { Tokenizer } from 'htmlparser2'
import type { TokenizerCallbacks } from 'htmlparser2'
import { afterAll, describe, expect, test } from 'vitest'
import { cleanBytes, hasIllegalControl, withoutTextBeforeXml } from '../../../importers/wordpress/read/decode.js'
import type { ByteIssue } from '../../../importers/wordpress/read/decode.js'
import { exportFiles, isCompressedExport } from '../../../importers/wordpress/read/sources.js'
import { namespaceMeaning, readXml } from '../../../importers/wordpress/read/xml.js'
import { IndexOfTokenizer } from '../../../src/tokenizer.js'
import { LIMITS } from '../../../importers/wordpress/limits.js'
import { zip } from './zip.js'

const dir = mkdtempSync(join(tmpdir(), 'wp-read-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Read = { events: string[]; issues: ByteIssue[]; warnings: string[]; lines: number[] }

/** The events the XML reader hands over for these bytes, as text, with the cleaned-byte issues and warnings. */
async function events(chunks: Array<string | Buffer>): Promise<Read> {
  const out: string[] = []
  const issues: ByteIssue[] = []
  const warnings: string[] = []
  const lines: number[] = []
  let text = ''
  const flush = () => {
    if (text) out.push(`text ${text}`)
    text = ''
  }
  const source = (async function* () {
    for (const c of chunks) yield typeof c === 'string' ? Buffer.from(c) : c
  })()
  await readXml(
    cleanBytes(source, 'test.xml', (i) => issues.push(i)),
    'test.xml',
    {
      wantsText: () => true,
      wantsBytes: () => false,
      bytes: () => undefined,
      open(name, attributes, at) {
        flush()
        lines.push(at.line())
        out.push(`open ${name.key} ${JSON.stringify(attributes)}`)
      },
      text(t) {
        text += t
      },
      close() {
        flush()
        out.push('close')
      },
    },
    (message) => warnings.push(message),
  )
  return { events: out, issues, warnings, lines }
}

const chunked = (bytes: Buffer, cuts: number[]) => {
  const chunks: Buffer[] = []
  for (let at = 0, i = 0; at < bytes.length; i++) {
    chunks.push(bytes.subarray(at, at + cuts[i % cuts.length]))
    at += cuts[i % cuts.length]
  }
  return chunks
}

// The reference: saxes with namespaces, mapped to the same event shape.
function saxesEvents(xml: string): string[] {
  const out: string[] = []
  let text = ''
  const flush = () => {
    if (text) out.push(`text ${text}`)
    text = ''
  }
  const p = new SaxesParser({ xmlns: true })
  p.on('opentag', (n) => {
    flush()
    const attributes: Record<string, string> = {}
    for (const a of Object.values(n.attributes)) if (a.uri === '') attributes[a.local] = a.value
    out.push(`open ${namespaceMeaning(n.uri)}:${n.local} ${JSON.stringify(attributes)}`)
  })
  p.on('text', (t) => {
    if (out.length > 0) text += t
  })
  p.on('cdata', (t) => {
    text += t
  })
  p.on('closetag', () => {
    flush()
    out.push('close')
  })
  p.on('error', (e) => {
    throw e
  })
  p.write(xml).close()
  return out
}

const NS = 'xmlns:wp="https://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"'

describe('namespaceMeaning', () => {
  test.each([
    ['http://wordpress.org/export/1.0/', 'wp'],
    ['https://wordpress.org/export/1.2/', 'wp'],
    ['http://wordpress.org/export/1.1/excerpt/', 'excerpt'],
    ['http://purl.org/rss/1.0/modules/content/', 'content'],
    ['http://purl.org/dc/elements/1.1/', 'dc'],
    ['http://example.com/wordpress.org/export/1.2/', 'other'],
    ['', ''],
  ])('%s -> %s', (uri, meaning) => {
    expect(namespaceMeaning(uri)).toBe(meaning)
  })
})

describe('readXml', () => {
  test('binds prefixes by meaning, whatever the prefix is called', async () => {
    const xml = '<rss xmlns:x="http://wordpress.org/export/1.1/"><x:post_id>1</x:post_id></rss>'
    expect((await events([xml])).events).toEqual(['open :rss {}', 'open wp:post_id {}', 'text 1', 'close', 'close'])
  })

  test('decodes predefined and numeric entities, keeps CDATA literal', async () => {
    const xml = `<rss ${NS}><a t="1 &amp; 2">&lt;b&gt; &#233;&#x4E2D;<![CDATA[&amp; <raw>]]></a></rss>`
    expect((await events([xml])).events).toEqual(['open :rss {}', 'open :a {"t":"1 & 2"}', 'text <b> é中&amp; <raw>', 'close', 'close'])
  })

  test('keeps an unknown entity as text with a warning, even where a chunk ends inside it', async () => {
    for (const cuts of [[1000], [13], [11, 3]]) {
      const r = await events(chunked(Buffer.from('<rss><a>x &nbsp; y &amp; z</a></rss>'), cuts))
      expect(r.events).toContain('text x &nbsp; y & z')
      expect(r.warnings).toEqual(['"&nbsp;" is not an XML entity; it was kept as text.'])
    }
  })

  test('reads an undeclared wp: prefix as WXR, with one warning', async () => {
    const r = await events(['<rss><wp:post_id>1</wp:post_id><wp:status>x</wp:status></rss>'])
    expect(r.events[1]).toBe('open wp:post_id {}')
    expect(r.warnings).toHaveLength(1)
  })

  test.each([
    ['<!DOCTYPE rss [<!ENTITY a "x">]><rss>&a;</rss>', /declares entities/],
    ['<!DOCTYPE rss [<!ENTITY e SYSTEM "file:///etc/passwd">]><rss>&e;</rss>', /declares entities/],
    ['<!DOCTYPE rss [<!ELEMENT rss ANY>]><rss></rss>', /internal subset/],
    ['<rss><channel><item><title>cut', /truncated/],
    ['<rss><a><![CDATA[cut', /ends inside a CDATA section/],
    ['<rss><a><!-- cut', /ends inside a comment/],
    ['<feed></feed>', /not a WordPress export: the root element is <feed>/],
    ['<rss><a></b></rss>', /<\/b> closes <a>/],
    ['<rss><a></a><a></b></rss>', /<\/b> closes <a>/],
    ['<rss></rss></rss>', /closing <\/rss> with no open element/],
    ['<rss><a b=c></a></rss>', /malformed attributes/],
    ['', /empty or not XML/],
    ['just text', /not an XML document/],
    ['<rss></rss><rss></rss>', /after the root element/],
    ['<rss>' + '<x>'.repeat(100) + '</x>'.repeat(100) + '</rss>', /nest deeper/],
  ])('refuses %j', async (xml, message) => {
    await expect(events([xml])).rejects.toMatchObject({ code: 'invalid_xml', message })
  })

  test('a repeated name resolves in the namespace scope it appears in', async () => {
    const xml = '<rss xmlns:p="http://wordpress.org/export/1.2/"><p:x/><b xmlns:p="http://purl.org/dc/elements/1.1/"><p:x/></b><p:x></p:x></rss>'
    expect((await events([xml])).events).toEqual(['open :rss {}', 'open wp:x {}', 'close', 'open :b {}', 'open dc:x {}', 'close', 'close', 'open wp:x {}', 'close', 'close'])
  })

  test('errors name the file and line; elements know theirs', async () => {
    await expect(events(['<rss>\n<a>\n</b></rss>'])).rejects.toThrow(/^test\.xml:3: /)
    const r = await events(chunked(Buffer.from('<rss>\n<a>\n\n<b/>\r\n<c>x\ny</c></a></rss>'), [3]))
    expect(r.lines).toEqual([1, 2, 4, 5])
  })

  test('removes illegal characters and replaces malformed UTF-8, reporting byte offsets', async () => {
    const bytes = Buffer.concat([Buffer.from('<rss><a>ok\x01'), Buffer.from([0xff]), Buffer.from('é\uFFFF</a></rss>')])
    const r = await events([bytes])
    expect(r.events).toContain('text ok\uFFFDé')
    expect(r.issues.map((i) => [i.kind, i.byteOffset])).toEqual([
      ['illegal_character', 10],
      ['malformed_utf8', 11],
      ['illegal_character', 14],
    ])
  })

  test('tokens that run across many 1 MiB chunks read whole', async () => {
    const bodies = [0.5, 2.5, 7].map((mb, i) => `${'x'.repeat(1000)}${i}€`.repeat(Math.round((mb * 1e6) / 1004)))
    const xml = Buffer.from(`<rss>${bodies.map((b, i) => `<a><![CDATA[${b}]]></a><b>${i}</b>`).join('')}</rss>`)
    const r = await events(chunked(xml, [1 << 20]))
    expect(r.events.filter((e) => e.startsWith('text ')).map((e) => e.slice(5))).toEqual(bodies.flatMap((b, i) => [b, String(i)]))
  })

  test('cleaned bytes are reported at their offsets in the file, the same however the file is chunked', async () => {
    // Text with malformed UTF-8 (0xE9, 0xFF, a cut-off 0xE2 0x82), control characters and U+FFFF, in random places,
    // also inside elements, CDATA sections and comments.
    const bytes = (text: string) => [...Buffer.from(text, 'latin1')]
    const piece = fc.constantFrom<number[]>(
      [0x61], [0x62, 0x63], [0xe2, 0x82, 0xac], [0xe9], [0xff], [0xe2, 0x82], [0x01], [0x1f], [0xef, 0xbf, 0xbf],
      bytes('<b>x</b>'), bytes('<b>\x01\xff</b>'), bytes('<![CDATA[c\x02]]>'), bytes('<![CDATA[\xe9\x03'), bytes(']]>'), bytes('<!--\x04\xff-->'), bytes('<!--'), bytes('-->'),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }), async (pieces, cuts) => {
        const raw = Buffer.concat([Buffer.from('<rss><a>'), Buffer.from(pieces.flat()), Buffer.from('</a></rss>')])
        const read = async (chunks: Buffer[]) => {
          try {
            return await events(chunks)
          } catch (error) {
            return { error: (error as Error).message }
          }
        }
        const whole = await read([raw])
        for (const issue of 'issues' in whole ? whole.issues : []) {
          const b = raw[issue.byteOffset]
          if (issue.kind === 'malformed_utf8') expect(b >= 0x80).toBe(true)
          else expect(b < 0x20 || b === 0xef).toBe(true)
        }
        expect(await read(chunked(raw, cuts))).toEqual(whole)
      }),
      { numRuns: 500 },
    )
  })

  test('a character split across chunks survives', async () => {
    const bytes = Buffer.from('<rss><a>中文</a></rss>')
    const r = await events([bytes.subarray(0, 10), bytes.subarray(10)])
    expect(r.events).toContain('text 中文')
    expect(r.issues).toEqual([])
  })

  // Random well-formed documents: the reader must agree with saxes, however the bytes are chunked.
  const name = fc.constantFrom('a', 'b', 'wp:post_id', 'content:encoded', 'item', 'x-y', 'é')
  const textArb = fc.string({ maxLength: 12 }).map((s) => s.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF\uD800-\uDFFF]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, ''))
  const cdataArb = fc.string({ maxLength: 12 }).map((s) => `<![CDATA[${s.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF\uD800-\uDFFF\r]/g, '').replace(/]]>/g, '')}]]>`)
  const attrArb = fc.array(fc.tuple(fc.constantFrom('k', 'domain', 'nicename'), textArb.map((t) => t.replace(/"/g, '&quot;'))), { maxLength: 2 })
  const node: fc.Memo<string> = fc.memo((depth) =>
    depth <= 1
      ? fc.oneof(textArb, cdataArb)
      : fc.oneof(
          textArb,
          cdataArb,
          fc.tuple(name, attrArb, fc.array(node(depth - 1), { maxLength: 3 })).map(([n, attrs, kids]) => {
            const seen = new Set<string>()
            const a = attrs.filter(([k]) => !seen.has(k) && seen.add(k)).map(([k, v]) => ` ${k}="${v}"`).join('')
            return kids.length === 0 ? `<${n}${a}/>` : `<${n}${a}>${kids.join('')}</${n}>`
          }),
        ),
  )
  test('agrees with saxes on random documents and chunkings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(node(4), { maxLength: 4 }), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }), async (kids, cuts) => {
        const xml = `<rss ${NS}>${kids.join('')}</rss>`
        expect((await events(chunked(Buffer.from(xml), cuts))).events).toEqual(saxesEvents(xml))
      }),
      { numRuns: 300 },
    )
  })

  test('anything but whitespace before the root is refused quickly; much of it is refused at its offset', async () => {
    await expect(events(['x'.repeat(5_000_000)])).rejects.toThrow(/test\.xml:1: text outside the root element/)
    // A file of whitespace or comments is read only up to the bound, however long it is.
    const started = performance.now()
    const spaces = Buffer.alloc(1 << 20, 0x20)
    await expect(events(Array.from({ length: 64 }, () => spaces))).rejects.toThrow(new RegExp(`byte ${LIMITS.maxBytesBeforeRoot} is still before the root element`))
    await expect(events(['<!--', ...Array.from({ length: 64 }, () => spaces), '--><rss/>'])).rejects.toThrow(/still before the root element/)
    expect(performance.now() - started).toBeLessThan(5000)
    // An XML declaration, comments and whitespace before the root are fine.
    expect((await events(['<?xml version="1.0"?>\n<!-- WordPress -->\n<rss/>'])).events).toEqual(['open :rss {}', 'close'])
  })
})

describe('IndexOfTokenizer in XML mode', () => {
  /** Every callback the tokenizer makes, with its arguments, for `text` written in pieces of the given lengths. */
  const tokens = (make: (callbacks: TokenizerCallbacks) => Tokenizer, text: string, cuts: number[]) => {
    const calls: unknown[][] = []
    const callbacks = new Proxy({}, { get: (_, name) => (...args: unknown[]) => calls.push([name, ...args]) }) as TokenizerCallbacks
    const tokenizer = make(callbacks)
    let at = 0
    for (let i = 0; at < text.length; i++) {
      const n = cuts[i % cuts.length]
      tokenizer.write(text.slice(at, at + n))
      at += n
    }
    tokenizer.end()
    return calls
  }
  // Pieces of XML, and of what is not quite XML, whose ends the tokenizer looks for.
  const piece = fc.constantFrom('<a>', '</a>', '<b x="1" y=\'2\'>', '<c/>', 'text', ' ', '\n', '&amp;', '<![CDATA[', ']]>', ']', ']]', '<!--', '-->', '-', '<?pi x?>', '<!DOCTYPE r>', '"', "'", '=', '>', '<', 'é€')

  test('finds the same tokens as the library\'s own, however the text is cut', () => {
    // Its own search is in place, and the library still has the method it replaces.
    expect(Object.hasOwn(IndexOfTokenizer.prototype, 'fastForwardTo')).toBe(true)
    expect(typeof (Tokenizer.prototype as unknown as Record<string, unknown>).fastForwardTo).toBe('function')
    const ours = (callbacks: TokenizerCallbacks) => new IndexOfTokenizer({ xmlMode: true, decodeEntities: false }, callbacks)
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 6 }), (pieces, cuts) => {
        const text = pieces.join('')
        const library = (callbacks: TokenizerCallbacks) => new Tokenizer({ xmlMode: true, decodeEntities: false }, callbacks)
        expect(tokens(ours, text, cuts)).toEqual(tokens(library, text, cuts))
      }),
      { numRuns: 500 },
    )
  })
})

describe('hasIllegalControl', () => {
  test('is the character class of the illegal controls, wherever the bytes start in their buffer', () => {
    const byte = fc.oneof(fc.constantFrom(0x09, 0x0a, 0x0d, 0x20, 0x7f, 0x80, 0xa0, 0xff), fc.integer({ min: 0, max: 255 }))
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 9, arbitrary: fc.constantFrom(0x61, 0x0a, 0x09, 0x0d, 0xe4) }, { weight: 1, arbitrary: byte }), { maxLength: 40 }), fc.nat({ max: 7 }), (bytes, start) => {
        const buffer = Buffer.from([...Array<number>(start).fill(0x01), ...bytes]).subarray(start)
        expect(hasIllegalControl(buffer)).toBe(/[\x00-\x08\x0B\x0C\x0E-\x1F]/.test(buffer.toString('latin1')))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('cleanBytes', () => {
  const text = async (bytes: Buffer, cuts = [bytes.length]) => {
    const issues: ByteIssue[] = []
    const parts: Buffer[] = []
    for await (const chunk of cleanBytes((async function* () { yield* chunked(bytes, cuts) })(), 'x.xml', (i) => issues.push(i))) {
      expect(chunk.latin1).toBe(chunk.bytes.toString('latin1'))
      parts.push(chunk.bytes)
    }
    return { text: Buffer.concat(parts).toString('utf8'), issues }
  }

  test.each([
    ['windows-1252', '<?xml version="1.0" encoding="windows-1252"?><rss>caf\xe9 \x80 \x93quoted\x94</rss>', '<rss>café € “quoted”</rss>'],
    ['ISO-8859-1 (read as windows-1252, as browsers do)', "<?xml version='1.0' encoding='ISO-8859-1'?>\n<rss>na\xefve</rss>", '\n<rss>naïve</rss>'],
    ['UTF-8 with a byte-order mark', '\xef\xbb\xbf<rss>\xc3\xa9</rss>', '<rss>é</rss>'],
  ])('%s', async (_name, latin1, expected) => {
    const { text: out, issues } = await text(Buffer.from(latin1, 'latin1'), [7])
    expect(out.endsWith(expected)).toBe(true)
    expect(issues).toEqual([])
  })

  test('UTF-16, with or without a byte-order mark, and its illegal characters at their offsets', async () => {
    for (const bom of [true, false]) {
      const body = Buffer.from('<rss>中\u0001x</rss>', 'utf16le')
      const { text: out, issues } = await text(bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body, [5])
      expect(out).toBe('<rss>中x</rss>')
      expect(issues).toEqual([{ kind: 'illegal_character', byteOffset: (bom ? 2 : 0) + 12, detail: 'control character U+0001 removed' }])
    }
  })

  test('a large read reaches the XML reader in pieces of at most LIMITS.xmlChunkBytes, cleaned as one would be', async () => {
    // Characters of 1 to 4 bytes, so that pieces cut through them, and illegal characters near the cuts.
    const unit = 'aé€😀\u0001'
    const bytes = Buffer.from('<rss>' + unit.repeat(Math.ceil((3 * LIMITS.xmlChunkBytes) / Buffer.byteLength(unit))) + '</rss>')
    const read = async (cuts: number[]) => {
      const issues: ByteIssue[] = []
      const sizes: number[] = []
      const parts: Buffer[] = []
      for await (const chunk of cleanBytes((async function* () { yield* chunked(bytes, cuts) })(), 'x.xml', (i) => issues.push(i))) {
        sizes.push(chunk.bytes.length)
        parts.push(chunk.bytes)
      }
      return { text: Buffer.concat(parts).toString('utf8'), issues, sizes }
    }
    const whole = await read([bytes.length])
    // A character cut at a piece's end waits for the next piece: at most 3 bytes more.
    expect(Math.max(...whole.sizes)).toBeLessThanOrEqual(LIMITS.xmlChunkBytes + 3)
    expect(whole.sizes.length).toBeGreaterThanOrEqual(3)
    expect(whole.text).toBe(bytes.toString('utf8').replaceAll('\u0001', ''))
    const cut = await read([1000, 70_000, 70_001, 150_000])
    expect(cut.text).toBe(whole.text)
    expect(cut.issues).toEqual(whole.issues)
  })

  test('an encoding that cannot be decoded is refused, saying how to convert the file', async () => {
    await expect(text(Buffer.from('<?xml version="1.0" encoding="x-klingon"?><rss/>'))).rejects.toMatchObject({ code: 'invalid_xml', message: /encoding "x-klingon".*iconv -f x-klingon -t UTF-8/ })
  })

  test('malformed bytes of another encoding are counted', async () => {
    const { issues } = await text(Buffer.concat([Buffer.from('<?xml version="1.0" encoding="shift_jis"?><rss>'), Buffer.from([0x82, 0xa0, 0x82]), Buffer.from('</rss>')]))
    expect(issues).toMatchObject([{ kind: 'malformed_bytes' }])
  })
})

describe('isCompressedExport', () => {
  // The CLI's progress total is the files' size only when reading them gives that many bytes.
  test.each([
    ['plain.xml', false, () => Buffer.from('<?xml version="1.0"?><rss/>')],
    ['empty.xml', false, () => Buffer.alloc(0)],
    ['site.xml.gz', true, () => gzipSync('<rss/>')],
    ['gzip-named.xml', true, () => gzipSync('<rss/>')],
    ['site.zip', true, () => zip([['site.xml', '<rss/>']])],
  ])('%s compressed: %s', async (name, compressed, bytes) => {
    writeFileSync(join(dir, name), bytes())
    expect(await isCompressedExport(join(dir, name))).toBe(compressed)
  })
})

describe('exportFiles', () => {
  const xml = (n: number) => `<?xml version="1.0"?><rss ${NS}><channel><title>Part ${n}</title></channel></rss>`
  const read = async (source: Parameters<typeof exportFiles>[0]) => {
    const files: Array<[string, string]> = []
    for await (const file of exportFiles(source)) {
      const parts: Buffer[] = []
      for await (const chunk of file.bytes) parts.push(Buffer.from(chunk))
      files.push([file.name, Buffer.concat(parts).toString('utf8')])
    }
    return files
  }

  test('reads .xml, .xml.gz (several members too) and the .xml entries of a .zip, never anything else', async () => {
    writeFileSync(join(dir, 'a.xml'), xml(1))
    writeFileSync(join(dir, 'a.xml.gz'), Buffer.concat([gzipSync(xml(2).slice(0, 20)), gzipSync(xml(2).slice(20))]))
    writeFileSync(join(dir, 'site.zip'), zip([['site.001.xml', xml(4)], ['../../etc/evil.xml', xml(5)], ['site.000.xml', xml(3)], ['notes.txt', 'not read'], ['__MACOSX/site.000.xml', 'junk']]))
    expect(await read([join(dir, 'a.xml'), join(dir, 'a.xml.gz'), join(dir, 'site.zip')])).toEqual([
      ['a.xml', xml(1)],
      ['a.xml.gz', xml(2)],
      ['site.zip/../../etc/evil.xml', xml(5)],
      ['site.zip/site.000.xml', xml(3)],
      ['site.zip/site.001.xml', xml(4)],
    ])
    expect(await read((async function* () { yield gzipSync(xml(6)) })())).toEqual([['<stream>', xml(6)]])
  })

  test('a zip bomb, an archive of too many entries, or one without XML is refused before it is expanded', async () => {
    // A zip entry's header says what it expands to: one claiming 200 MB from a few bytes is refused unread.
    writeFileSync(join(dir, 'bomb.zip'), zip([['bomb.xml', 'x', 200 * 1024 * 1024]]))
    await expect(read(join(dir, 'bomb.zip'))).rejects.toMatchObject({ code: 'too_long', message: /expands more than 100 times/ })
    writeFileSync(join(dir, 'bomb.xml.gz'), gzipSync(Buffer.alloc(LIMITS.minBytesForRatio + (1 << 20))))
    await expect(read(join(dir, 'bomb.xml.gz'))).rejects.toMatchObject({ code: 'too_long', message: /expands more than 100 times/ })
    writeFileSync(join(dir, 'many.zip'), zip(Array.from({ length: LIMITS.maxArchiveEntries + 1 }, (_, i) => [`e${i}.txt`, ''])))
    await expect(read(join(dir, 'many.zip'))).rejects.toMatchObject({ message: /more than 10000 entries/ })
    writeFileSync(join(dir, 'none.zip'), zip([['readme.txt', 'x']]))
    await expect(read(join(dir, 'none.zip'))).rejects.toMatchObject({ message: /holds no \.xml file/ })
    writeFileSync(join(dir, 'cut.xml.gz'), gzipSync(xml(1)).subarray(0, 30))
    await expect(read(join(dir, 'cut.xml.gz'))).rejects.toMatchObject({ code: 'invalid_xml', message: /cut\.xml\.gz: the gzip data cannot be read/ })
  })
})

describe('text printed before the XML declaration', () => {
  const issues: ByteIssue[] = []
  const run = (text: string) => withoutTextBeforeXml(Buffer.from(text, 'latin1'), (i) => issues.push(i)).toString('latin1')
  test.each([
    ['<?xml version="1.0"?><rss/>'],
    ['\xEF\xBB\xBF<?xml version="1.0"?><rss/>'],
    ['\n  <rss version="2.0"/>'],
    ['<!-- generator --><rss/>'],
    ['<!DOCTYPE rss><rss/>'],
    ['<html><body>Not an export</body></html>'],
  ])('%j is left as it is', (text) => {
    issues.length = 0
    expect(run(text)).toBe(Buffer.from(text, 'latin1').toString('latin1'))
    expect(issues).toEqual([])
  })
  test('a warning before the declaration becomes blanks, its line breaks kept, and is reported', () => {
    issues.length = 0
    expect(run('<b>Notice</b>: x\r\n<?xml version="1.0"?><rss/>')).toBe(' '.repeat(16) + ' \n<?xml version="1.0"?><rss/>')
    expect(issues).toEqual([{ kind: 'text_before_xml', byteOffset: 0, detail: '18 bytes of text before the XML declaration (printed into the export by a plugin or PHP) were ignored' }])
  })
})
