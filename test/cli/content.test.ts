// writeContent: whatever the pieces (strings of any width, bytes, pieces larger than a batch, sync or async), the sink
// gets exactly their UTF-8 bytes, in order, in writes of at most 1 MiB unless a piece alone is larger.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { writeContent } from '../../cli/content.js'

const MIB = 1 << 20

// Pieces as a payload has them (keys and values of a few bytes), with some large ones to cross batch boundaries.
const small = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 10 }), fc.uint8Array({ maxLength: 30 }))
const large = fc.oneof(
  fc.integer({ min: Math.floor(MIB / 3), max: MIB + 10 }).map((n) => 'é'.repeat(n)),
  fc.integer({ min: MIB - 5, max: 2 * MIB }).map((n) => new Uint8Array(n).fill(0x61)),
)
const pieces = fc.array(fc.oneof({ arbitrary: small, weight: 20 }, { arbitrary: large, weight: 1 }), { maxLength: 60 })

async function written(content: Parameters<typeof writeContent>[0]) {
  const writes: Buffer[] = []
  const total = await writeContent(content, async (bytes) => {
    // A copy: the batch buffer is reused once this resolves.
    writes.push(Buffer.from(bytes))
  })
  return { total, writes }
}

describe('writeContent', () => {
  test('writes the pieces as they are, in order, in batches of at most 1 MiB (or one larger piece)', async () => {
    await fc.assert(
      fc.asyncProperty(pieces, fc.boolean(), async (list, asAsync) => {
        const expected = Buffer.concat(list.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)))
        const content = asAsync ? (async function* () { yield* list })() : list
        const { total, writes } = await written(content)
        expect(Buffer.concat(writes).equals(expected)).toBe(true)
        expect(total).toBe(expected.length)
        const pieceSizes = new Set(list.map((p) => (typeof p === 'string' ? Buffer.byteLength(p) : p.length)))
        for (const w of writes) expect(w.length <= MIB || pieceSizes.has(w.length)).toBe(true)
      }),
      { numRuns: 40 },
    )
  })

  test('small pieces are gathered: one write per MiB, not one per piece', async () => {
    const list = Array.from({ length: 100_000 }, (_, i) => `"k${i}": ${i},\n`)
    const { writes } = await written(list)
    const bytes = list.reduce((n, p) => n + p.length, 0)
    expect(writes.length).toBe(Math.ceil(bytes / MIB))
    for (const w of writes.slice(0, -1)) expect(w.length).toBeGreaterThan(MIB - 20)
  })

  test('the next batch is filled while one write is in flight, never two, and a batch is not touched until its write resolves', async () => {
    const list = Array.from({ length: 60_000 }, (_, i) => `"key${i}": "${'é'.repeat(i % 40)}",\n`)
    let inFlight = 0
    let most = 0
    let pulledWhileWriting = 0
    const source = (function* () {
      for (const piece of list) {
        if (inFlight > 0) pulledWhileWriting++
        yield piece
      }
    })()
    const writes: Buffer[] = []
    await writeContent(source, async (bytes) => {
      inFlight++
      most = Math.max(most, inFlight)
      const copy = Buffer.from(bytes)
      await new Promise((done) => setImmediate(done))
      expect(Buffer.from(bytes).equals(copy)).toBe(true)
      writes.push(copy)
      inFlight--
    })
    expect(most).toBe(1)
    expect(pulledWhileWriting).toBeGreaterThan(list.length / 2)
    expect(Buffer.concat(writes).equals(Buffer.from(list.join(''), 'utf8'))).toBe(true)
  })

  test("a failed write fails the whole, with the sink's error, and nothing is written after it", async () => {
    const list = Array.from({ length: 200_000 }, (_, i) => `"k${i}": ${i},\n`)
    let calls = 0
    let inFlight = 0
    const failing = writeContent(list, async () => {
      const call = ++calls
      inFlight++
      await new Promise((done) => setImmediate(done))
      inFlight--
      if (call === 2) throw new Error('disk full')
    })
    await expect(failing).rejects.toThrow('disk full')
    expect(calls).toBe(2)
    expect(inFlight).toBe(0)
  })

  test('a source that throws while a write is in flight: its error, once that write has ended', async () => {
    let inFlight = 0
    const source = (function* () {
      for (let i = 0; i < 100_000; i++) yield `"k${i}": ${i},\n`
      throw new Error('source broke')
    })()
    await expect(
      writeContent(source, async () => {
        inFlight++
        await new Promise((done) => setImmediate(done))
        inFlight--
      }),
    ).rejects.toThrow('source broke')
    expect(inFlight).toBe(0)
  })
})
