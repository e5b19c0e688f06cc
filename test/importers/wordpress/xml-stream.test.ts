import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { SaxesParser } from 'saxes'
import { describe, expect, test } from 'vitest'
import { fileChunks, namespaceMeaning, streamXml } from '../../../importers/wordpress/xml-stream.js'
import type { ByteIssue } from '../../../importers/wordpress/xml-stream.js'

type Event = string

async function events(chunks: Array<string | Buffer>): Promise<{ events: Event[]; issues: ByteIssue[]; warnings: string[] }> {
  return eventsOf(
    (async function* () {
      yield* chunks
    })(),
  )
}

async function eventsOf(source: AsyncIterable<string | Buffer>): Promise<{ events: Event[]; issues: ByteIssue[]; warnings: string[] }> {
  const out: Event[] = []
  const issues: ByteIssue[] = []
  const warnings: string[] = []
  let text = ''
  const flush = () => {
    if (text) out.push(`text ${text}`)
    text = ''
  }
  await streamXml(
    source,
    {
      open(ns, local, attributes) {
        flush()
        out.push(`open ${ns}:${local} ${JSON.stringify(attributes)}`)
      },
      text(t) {
        text += t
      },
      close(ns, local) {
        flush()
        out.push(`close ${ns}:${local}`)
      },
    },
    { file: 'test.xml', onByteIssue: (i) => issues.push(i), onWarning: (m) => warnings.push(m) },
  )
  return { events: out, issues, warnings }
}

// The reference: saxes with namespaces, mapped to the same event shape.
function saxesEvents(xml: string): Event[] {
  const out: Event[] = []
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
  p.on('closetag', (n) => {
    flush()
    out.push(`close ${namespaceMeaning(n.uri)}:${n.local}`)
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

describe('streamXml', () => {
  test('binds prefixes by meaning, whatever the prefix is called', async () => {
    const xml = '<rss xmlns:x="http://wordpress.org/export/1.1/"><x:post_id>1</x:post_id></rss>'
    expect((await events([xml])).events).toEqual(['open :rss {}', 'open wp:post_id {}', 'text 1', 'close wp:post_id', 'close :rss'])
  })

  test('decodes predefined and numeric entities, keeps CDATA literal', async () => {
    const xml = `<rss ${NS}><a t="1 &amp; 2">&lt;b&gt; &#233;&#x4E2D;<![CDATA[&amp; <raw>]]></a></rss>`
    expect((await events([xml])).events).toEqual(['open :rss {}', 'open :a {"t":"1 & 2"}', 'text <b> é中&amp; <raw>', 'close :a', 'close :rss'])
  })

  test('keeps an unknown entity as text with a warning', async () => {
    const r = await events(['<rss><a>x &nbsp; y</a></rss>'])
    expect(r.events).toContain('text x &nbsp; y')
    expect(r.warnings).toHaveLength(1)
  })

  test('reads an undeclared wp: prefix as WXR, with one warning', async () => {
    const r = await events(['<rss><wp:post_id>1</wp:post_id><wp:status>x</wp:status></rss>'])
    expect(r.events[1]).toBe('open wp:post_id {}')
    expect(r.warnings).toHaveLength(1)
  })

  test.each([
    ['<!DOCTYPE rss [<!ENTITY a "x">]><rss>&a;</rss>', /declares entities/],
    ['<!DOCTYPE rss [<!ENTITY e SYSTEM "file:///etc/passwd">]><rss>&e;</rss>', /declares entities/],
    ['<rss><channel><item><title>cut', /truncated/],
    ['<rss><a><![CDATA[cut', /ends inside a CDATA section/],
    ['<feed></feed>', /not a WordPress export: the root element is <feed>/],
    ['<rss><a></b></rss>', /<\/b> closes <a>/],
    ['', /empty or not XML/],
    ['just text', /not an XML document/],
    ['<rss></rss><rss></rss>', /after the root element/],
  ])('refuses %j', async (xml, message) => {
    await expect(events([xml])).rejects.toMatchObject({ code: 'invalid_xml', message })
  })

  // Repeated names take a shortcut that compares bytes instead of decoding; errors and events must not change.
  test.each([
    ['<rss><a></a><a></b></rss>', /<\/b> closes <a>/],
    ['<rss><a></a><a></a ></rss></rss>', /closing <\/rss> with no open element|after the root element/],
    ['<rss><a></a><a>', /truncated/],
  ])('a repeated name still refuses %j', async (xml, message) => {
    await expect(events([xml])).rejects.toMatchObject({ code: 'invalid_xml', message })
  })

  test('a repeated name resolves in the namespace scope it appears in', async () => {
    const xml = '<rss xmlns:p="http://wordpress.org/export/1.2/"><p:x/><b xmlns:p="http://purl.org/dc/elements/1.1/"><p:x/></b><p:x></p:x></rss>'
    expect((await events([xml])).events).toEqual([
      'open :rss {}', 'open wp:x {}', 'close wp:x', 'open :b {}', 'open dc:x {}', 'close dc:x', 'close :b', 'open wp:x {}', 'close wp:x', 'close :rss',
    ])
  })

  test('errors name the file and line', async () => {
    await expect(events(['<rss>\n<a>\n</b></rss>'])).rejects.toThrow(/^test\.xml:3: /)
  })

  test('removes illegal characters and replaces malformed UTF-8, reporting byte offsets', async () => {
    const bytes = Buffer.concat([Buffer.from('<rss><a>ok\x01'), Buffer.from([0xff]), Buffer.from('é</a></rss>')])
    const r = await events([bytes])
    expect(r.events).toContain('text ok\uFFFDé')
    expect(r.issues.map((i) => [i.kind, i.byteOffset]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ['illegal_character', 10],
      ['malformed_utf8', 11],
    ])
  })

  test('tokens that run across many 1 MiB chunks, longer than the buffers that join chunks, read whole', async () => {
    // Bodies of 0.5, 2.5 and 7 MB (the last longer than the join buffers), in 1 MiB chunks as files are read.
    const bodies = [0.5, 2.5, 7].map((mb, i) => `${'x'.repeat(1000)}${i}€`.repeat(Math.round((mb * 1e6) / 1004)))
    const xml = Buffer.from(`<rss>${bodies.map((b, i) => `<a><![CDATA[${b}]]></a><b>${i}</b>`).join('')}</rss>`)
    const chunks: Buffer[] = []
    for (let at = 0; at < xml.length; at += 1 << 20) chunks.push(xml.subarray(at, at + (1 << 20)))
    const r = await events(chunks)
    expect(r.events.filter((e) => e.startsWith('text ')).map((e) => e.slice(5))).toEqual(bodies.flatMap((b, i) => [b, String(i)]))
  })

  test('cleaned bytes are reported at their offsets in the file, the same however the file is chunked', async () => {
    // Text with malformed UTF-8 (0xE9, 0xFF, a cut-off 0xE2 0x82), control characters and U+FFFF, in random places,
    // also inside elements, CDATA sections and comments (whose illegal characters are never looked for).
    const bytes = (text: string) => [...Buffer.from(text, 'latin1')]
    const piece = fc.constantFrom<number[]>(
      [0x61], [0x62, 0x63], [0xe2, 0x82, 0xac], [0xe9], [0xff], [0xe2, 0x82], [0x01], [0x1f], [0xef, 0xbf, 0xbf],
      bytes('<b>x</b>'), bytes('<b>\x01\xff</b>'), bytes('<![CDATA[c\x02]]>'), bytes('<![CDATA[\xe9\x03'), bytes(']]>'), bytes('<!--\x04\xff-->'), bytes('<!--'), bytes('-->'),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }), async (pieces, cuts) => {
        const raw = Buffer.concat([Buffer.from('<rss><a>'), Buffer.from(pieces.flat()), Buffer.from('</a></rss>')])
        const read = async (source: AsyncIterable<Buffer>) => {
          try {
            const r = await eventsOf(source)
            return { ...r, issues: [...r.issues].sort((a, b) => a.byteOffset - b.byteOffset) }
          } catch (error) {
            return { error: (error as Error).message }
          }
        }
        const whole = await read((async function* () { yield raw })())
        for (const issue of 'issues' in whole ? whole.issues : []) {
          const b = raw[issue.byteOffset]
          if (issue.kind === 'malformed_utf8') expect(b >= 0x80).toBe(true)
          else expect(b < 0x20 || b === 0xef).toBe(true)
        }
        const chunks: Buffer[] = []
        for (let at = 0, i = 0; at < raw.length; at += cuts[i++ % cuts.length]) chunks.push(raw.subarray(at, at + cuts[i % cuts.length]))
        expect(await read((async function* () { yield* chunks })())).toEqual(whole)
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

  // Random well-formed documents: the streaming tokenizer must agree with saxes, however the bytes are chunked.
  const name = fc.constantFrom('a', 'b', 'wp:post_id', 'content:encoded', 'item', 'x-y')
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
        const bytes = Buffer.from(xml)
        const chunks: Buffer[] = []
        let at = 0
        for (let i = 0; at < bytes.length; i++) {
          const n = cuts[i % cuts.length]
          chunks.push(bytes.subarray(at, at + n))
          at += n
        }
        expect((await events(chunks)).events).toEqual(saxesEvents(xml))
        // A source that reuses two buffers in turn, as fileChunks does, filling each with junk before its next chunk:
        // any view kept too long would read junk.
        const buffers = [Buffer.alloc(64), Buffer.alloc(64)]
        const reused = chunks.map((chunk, i) => ({ chunk, buffer: buffers[i % 2] }))
        const source = (async function* () {
          for (const { chunk, buffer } of reused) {
            buffer.fill(0x23)
            chunk.copy(buffer)
            yield buffer.subarray(0, chunk.length)
          }
        })()
        expect((await eventsOf(source)).events).toEqual(saxesEvents(xml))
      }),
      { numRuns: 300 },
    )
  })

  test('fileChunks reads a file whole, in chunks of the size asked, which streamXml reads as the whole file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chunks-'))
    try {
      const file = join(dir, 'f.bin')
      const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 7) % 251))
      writeFileSync(file, bytes)
      const seen: Buffer[] = []
      for await (const chunk of fileChunks(file, 4096)) seen.push(Buffer.from(chunk))
      expect(seen.map((c) => c.length)).toEqual([4096, 4096, 1808])
      expect(Buffer.concat(seen).equals(bytes)).toBe(true)
      // Tokens across chunks of every small size: a view kept past the next chunk would read bytes already replaced.
      const xml = join(dir, 'f.xml')
      const items = Array.from({ length: 40 }, (_, i) => `<item><a k="v${i}">é ${i} &amp; x</a><![CDATA[<p>body ${'€'.repeat(i)}</p>]]><b/></item>`)
      writeFileSync(xml, `<?xml version="1.0"?>\n<rss ${NS}>${items.join('\n')}</rss>`)
      const whole = await events([readFileSync(xml)])
      for (const size of [1, 2, 3, 5, 7, 16, 64, 333]) expect(await eventsOf(fileChunks(xml, size)), `chunks of ${size}`).toEqual(whole)
      // A reader that stops early, at a malformed tag or of its own accord, leaves no read behind.
      writeFileSync(xml, `<rss ${NS}>${items.join('')}<a></b></rss>`)
      await expect(eventsOf(fileChunks(xml, 50))).rejects.toThrow(/not well-formed/)
      for await (const chunk of fileChunks(xml, 50)) {
        expect(chunk.length).toBe(50)
        break
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
