import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeEach, describe, expect, test } from 'vitest'
import type { CliIo } from '../../cli/io.js'
import { locateJsonProblem } from '../../cli/json-locate.js'
import { readPayloadFile } from '../../cli/payload-file.js'
import { runCli } from '../../cli/run.js'
import { validPayload } from '../helpers/payload.js'
import { tempDir } from './_helpers.js'

let dir: string
let err: string
const io = (): CliIo => ({ stdout: () => {}, stderr: (s) => void (err += s), isTTY: false, cwd: dir })

beforeEach(() => {
  // Removed when the file ends (the helper's afterAll); mkdtemp alone left 21 folders in /tmp on every run.
  dir = tempDir('pd-payload-file-')
  err = ''
})

describe('locateJsonProblem', () => {
  const cases = [
    { text: '{"a": 1,\n "b": [1, 2,, 3]}', line: 2, column: 13, message: /where a value should start/ },
    { text: '{"a": 1,\n "b": tru}', line: 2, column: 10, message: /expected true/ },
    { text: '{"a": "x', line: 1, column: 9, message: /ends inside a string/ },
    { text: '{"a": 1}\n{"b": 2}', line: 2, column: 1, message: /after the end/ },
    { text: '{"é": 1, "ü": x}', line: 1, column: 15, message: /where a value should start/ },
    { text: '', line: 1, column: 1, message: /empty/ },
    { text: '{"a": [1, 2]', line: 1, column: 13, message: /1 bracket still open/ },
    { text: '{"a": 01}', line: 1, column: 7, message: /"01" is not a valid number/ },
    { text: '{"a": "\\x"}', line: 1, column: 9, message: /not a JSON escape/ },
    { text: '{"a":"\t"}', line: 1, column: 7, message: /control character/ },
    { text: '{"a": 1,\n "b": "x\ny"}', line: 2, column: 9, message: /control character \(U\+000A\)/ }, // the line feed ends its line
    { text: '{"a":\n\n 1 x}', line: 3, column: 4, message: /"," or "}"/ },
    { text: '{"a" 1}', line: 1, column: 6, message: /":" should follow/ },
  ]
  test.each(cases)('$text', async ({ text, line, column, message }) => {
    const problem = await locateJsonProblem([Buffer.from(text)])
    expect(problem).toMatchObject({ line, column })
    expect(problem?.message).toMatch(message)
  })

  // The locator must agree with JSON.parse on what is JSON, however the bytes are cut into chunks.
  test('finds a problem exactly when JSON.parse refuses the text, in any chunking', async () => {
    const edited = fc.tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', ']', '}', '"', '\\', '1', '-', 'e', ' ', ':', 'tru', '\u00e9', '\n'), fc.nat(5), fc.integer({ min: 1, max: 7 }))
    await fc.assert(
      fc.asyncProperty(edited, async ([json, at, insert, cut, chunk]) => {
        const i = at % (json.length + 1)
        const text = json.slice(0, i) + insert + json.slice(Math.min(json.length, i + cut))
        let parses = true
        try {
          JSON.parse(text)
        } catch {
          parses = false
        }
        const bytes = Buffer.from(text)
        const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, k) => bytes.subarray(k * chunk, (k + 1) * chunk))
        expect((await locateJsonProblem(chunks)) === null).toBe(parses)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('readPayloadFile', () => {
  // The same file through the native path and the streaming one (its threshold lowered to one byte).
  for (const [name, streamFromBytes] of [['JSON.parse', undefined], ['stream', 1]] as const) {
    test(`${name}: reads a payload, with a BOM`, async () => {
      await writeFile(join(dir, 'p.json'), '\uFEFF' + JSON.stringify(validPayload()))
      expect(await readPayloadFile('p.json', io(), { streamFromBytes })).toEqual({ ok: true, value: validPayload() })
    })
    test(`${name}: a syntax error comes with its line and column`, async () => {
      await writeFile(join(dir, 'bad.json'), '{\n  "version": "0.7",\n  "site": {,\n}')
      expect(await readPayloadFile('bad.json', io(), { streamFromBytes })).toMatchObject({ ok: false, line: 3, column: 12 })
    })
  }
  test('a missing file is an I/O error', async () => {
    await expect(readPayloadFile('nope.json', io())).rejects.toThrow(/cannot read nope.json: no such file/)
  })
})

describe('the commands read and write through it', () => {
  test('validate names the line and column of a syntax error V8 gives no position for', async () => {
    await writeFile(join(dir, 'p.json'), '{\n  "version": "0.7",\n  "site": [1,,2]\n}')
    expect(await runCli(['validate', 'p.json'], io())).toBe(1)
    expect(err).toMatch(/p\.json:3:14: error \[invalid_json\] not valid JSON: unexpected "," where a value should start/)
  })
  test('canonicalize writes nothing for a payload whose 1e999 would be written back as null', async () => {
    await writeFile(join(dir, 'p.json'), JSON.stringify(validPayload(), null, 2).replace('"posts_per_page": 10', '"posts_per_page": 1e999'))
    expect(await runCli(['canonicalize', 'p.json', '-o', 'c.json'], io())).toBe(1)
    expect(await readdir(dir)).toEqual(['p.json'])
  })
})
