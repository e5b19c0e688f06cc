import { mkdtemp, readFile, writeFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { runCli } from '../../cli/run.js'
import { validPayload } from '../helpers/payload.js'

let dir: string
let out: string
let err: string
const io = (stdin?: string) => ({
  stdout: (s: string) => void (out += s),
  stderr: (s: string) => void (err += s),
  isTTY: false,
  cwd: dir,
  readStdin: async () => stdin ?? '',
})

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pd-cli-'))
  out = ''
  err = ''
  const broken = validPayload()
  broken.content.posts[0].author_id = 'carol'
  await writeFile(join(dir, 'valid.json'), JSON.stringify(validPayload()))
  await writeFile(join(dir, 'invalid.json'), JSON.stringify(broken))
  await writeFile(join(dir, 'syntax.json'), '{\n  "version": "0.7",\n  "site": {,\n}')
})

describe('preview-data validate', () => {
  test('a valid file: exit 0', async () => {
    expect(await runCli(['validate', 'valid.json'], io())).toBe(0)
    expect(out).toMatchInlineSnapshot(`
      "valid.json: valid
      "
    `)
  })

  test('an invalid file: exit 1 with code, pointer and message', async () => {
    expect(await runCli(['validate', 'invalid.json'], io())).toBe(1)
    expect(out).toMatchInlineSnapshot(`
      "invalid.json: invalid (1 problem)
        /content/posts/0/author_id  unresolved_author  No author has id "carol": add the author to content.authors or fix the author_id of post "lisbon".
      "
    `)
  })

  test('not JSON: the line and column of the syntax error', async () => {
    expect(await runCli(['validate', 'syntax.json'], io())).toBe(1)
    expect(out).toMatch(/syntax\.json: invalid \(1 problem\)\n {2}\/ {2}invalid_json {2}not valid JSON at line 3, column 12: /)
  })

  test('--format json for machines, several files', async () => {
    expect(await runCli(['validate', '--format', 'json', 'valid.json', 'invalid.json'], io())).toBe(1)
    const report = JSON.parse(out)
    expect(report.ok).toBe(false)
    expect(report.files.map((f: { file: string; ok: boolean }) => [f.file, f.ok])).toEqual([
      ['valid.json', true],
      ['invalid.json', false],
    ])
    expect(report.files[1].errors[0]).toMatchObject({ code: 'unresolved_author', path: '/content/posts/0/author_id' })
  })

  test('- reads standard input, a BOM is ignored', async () => {
    expect(await runCli(['validate', '-'], io('\ufeff' + JSON.stringify(validPayload())))).toBe(0)
    expect(out).toBe('<stdin>: valid\n')
  })

  test('a missing file is an I/O error: exit 2', async () => {
    expect(await runCli(['validate', 'nope.json'], io())).toBe(2)
    expect(err).toBe('nope.json: error: cannot read nope.json: no such file or directory\n')
  })

  test.each([[['validate']], [['validate', '--format', 'xml', 'valid.json']], [['validate', '--bogus', 'valid.json']], [['frobnicate']], [[]], [['import', 'rss']]])(
    'usage error %j: exit 2',
    async (argv) => {
      expect(await runCli(argv, io())).toBe(2)
      expect(err + out).not.toBe('')
    },
  )
})

describe('preview-data canonicalize', () => {
  test('prints to standard output by default', async () => {
    await writeFile(join(dir, 'keys.json'), '{"site":{"url":"","title":"T"},"version":"0.7"}')
    expect(await runCli(['canonicalize', 'keys.json'], io())).toBe(0)
    expect(out).toBe('{\n  "version": "0.7",\n  "site": {\n    "title": "T",\n    "url": ""\n  }\n}\n')
  })

  test('-o writes atomically and leaves the input alone', async () => {
    const before = await readFile(join(dir, 'valid.json'), 'utf8')
    expect(await runCli(['canonicalize', 'valid.json', '-o', 'out.json'], io())).toBe(0)
    expect(await readFile(join(dir, 'valid.json'), 'utf8')).toBe(before)
    expect(JSON.parse(await readFile(join(dir, 'out.json'), 'utf8'))).toEqual(validPayload())
    expect((await readdir(dir)).sort()).toEqual(['invalid.json', 'out.json', 'syntax.json', 'valid.json'])
  })

  test('refuses to write over its input without --in-place', async () => {
    const before = await readFile(join(dir, 'valid.json'), 'utf8')
    expect(await runCli(['canonicalize', 'valid.json', '-o', './valid.json'], io())).toBe(2)
    expect(err).toContain('refusing to write over the input file')
    expect(await readFile(join(dir, 'valid.json'), 'utf8')).toBe(before)
  })

  test('--in-place rewrites the input', async () => {
    await writeFile(join(dir, 'keys.json'), '{"version":"0.7","generator":"g","$schema":"x"}')
    expect(await runCli(['canonicalize', 'keys.json', '--in-place'], io())).toBe(0)
    expect(await readFile(join(dir, 'keys.json'), 'utf8')).toBe('{\n  "$schema": "x",\n  "version": "0.7",\n  "generator": "g"\n}\n')
  })

  test('broken JSON: exit 1 and nothing written', async () => {
    expect(await runCli(['canonicalize', 'syntax.json', '-o', 'out.json'], io())).toBe(1)
    expect(err).toContain('line 3, column 12')
    expect(await readdir(dir)).not.toContain('out.json')
  })
})

test('preview-data schema prints the JSON Schema', async () => {
  expect(await runCli(['schema'], io())).toBe(0)
  const schema = JSON.parse(out)
  expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
  expect(schema.properties.version.const).toBe('0.7')
})
