import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, expect, test, vi } from 'vitest'
import type { CliIo } from '../../cli/io.js'
import type * as PayloadFile from '../../cli/payload-file.js'
import { runCli } from '../../cli/run.js'
import { validPayload } from '../helpers/payload.js'
import { tempDir } from './_helpers.js'

// `check` reads a payload the way `validate` does: one larger than a JavaScript string (the benchmark's 1 GB
// payload) is parsed as a stream; before, check read it as one string and stopped with ERR_STRING_TOO_LONG. Here
// the streaming threshold is lowered to one byte, so a small file takes the streaming path.
const streamed = vi.hoisted(() => ({ files: [] as string[] }))
vi.mock('../../cli/payload-file.js', async (original) => {
  const actual = await original<typeof PayloadFile>()
  return {
    ...actual,
    readPayloadFile: (file: string, io: CliIo) => {
      streamed.files.push(file)
      return actual.readPayloadFile(file, io, { streamFromBytes: 1 })
    },
  }
})

let dir: string
let out: string
let err: string
const io = (): CliIo => ({ stdout: (s) => void (out += s), stderr: (s) => void (err += s), isTTY: false, cwd: dir })

beforeEach(() => {
  // Removed when the file ends (the helper's afterAll); mkdtemp alone left 2 folders in /tmp on every run.
  dir = tempDir('pd-check-stream-')
  out = ''
  err = ''
  streamed.files = []
})

test('check reads a payload as a stream, as validate does', async () => {
  await writeFile(join(dir, 'p.json'), JSON.stringify(validPayload(), null, 2))
  expect(await runCli(['check', 'p.json', '--format', 'json'], io())).toBe(0)
  expect(streamed.files).toEqual(['p.json'])
  expect(JSON.parse(out)).toMatchObject({ ok: true, command: 'check' })
})

test('a syntax error in a streamed payload is named by line and column', async () => {
  await writeFile(join(dir, 'bad.json'), '{\n  "version": "0.7",\n  "site": [1,,2]\n}')
  expect(await runCli(['check', 'bad.json'], io())).toBe(1)
  expect(err + out).toMatch(/bad\.json:3:14: error \[invalid_json\] not valid JSON: unexpected "," where a value should start/)
})
