import { readdir, readFile, writeFile } from 'node:fs/promises'
import { beforeEach, describe, expect, test } from 'vitest'
import { join } from 'node:path'
import { validPayload } from '../helpers/payload.js'
import { cli, resultOf, tempDir } from './_helpers.js'

let dir: string

beforeEach(async () => {
  dir = tempDir()
  const broken = validPayload()
  broken.content.posts[0].author_id = 'carol'
  await writeFile(join(dir, 'valid.json'), JSON.stringify(validPayload()))
  await writeFile(join(dir, 'invalid.json'), JSON.stringify(broken))
  await writeFile(join(dir, 'syntax.json'), '{\n  "version": "0.7",\n  "site": {,\n}')
})

describe('preview-data validate', () => {
  test('a valid file: exit 0, the verdict on standard error', async () => {
    const run = await cli(['validate', 'valid.json'], dir)
    expect(run).toEqual({ code: 0, stdout: '', stderr: 'valid.json: valid\n' })
  })

  test('an invalid file: exit 1 with file, code, pointer and message', async () => {
    const run = await cli(['validate', 'invalid.json'], dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatchInlineSnapshot(`
      "invalid.json: error [unresolved_author] /content/posts/0/author_id No author has id "carol": add the author to content.authors or fix the author_id of post "lisbon".
      invalid.json: invalid (1 problem)
      "
    `)
  })

  test('not JSON: the line and column of the syntax error, as fields under --format json', async () => {
    const run = await cli(['validate', 'syntax.json'], dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^syntax\.json:3:12: error \[invalid_json\] not valid JSON: /)
    const json = resultOf(await cli(['validate', 'syntax.json', '--format', 'json'], dir))
    expect(json.diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'invalid_json', file: 'syntax.json', line: 3, column: 12 })])
  })

  test('--format json: one document for several files', async () => {
    const run = await cli(['validate', '--format', 'json', 'valid.json', 'invalid.json'], dir)
    expect(run.code).toBe(1)
    const result = resultOf(run)
    expect(result).toMatchObject({
      ok: false,
      command: 'validate',
      summary: { files: [{ file: 'valid.json', ok: true, errors: 0 }, { file: 'invalid.json', ok: false, errors: 1 }], valid: 1, invalid: 1, unreadable: 0 },
      diagnostics: [{ severity: 'error', code: 'unresolved_author', file: 'invalid.json', path: '/content/posts/0/author_id' }],
    })
  })

  test('- reads standard input, a BOM is ignored', async () => {
    const run = await cli(['validate', '-'], dir, { readStdin: async () => '\ufeff' + JSON.stringify(validPayload()) })
    expect(run).toMatchObject({ code: 0, stderr: '<stdin>: valid\n' })
  })

  test('a missing file is an I/O error: exit 2', async () => {
    const run = await cli(['validate', 'nope.json'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('nope.json: error [unreadable_file] cannot read nope.json: no such file or directory.\nnope.json: not read\n')
  })

  test.each([[['validate']], [['validate', '--format', 'xml', 'valid.json']], [['validate', '--bogus', 'valid.json']], [['validate', '-', '-']], [['frobnicate']], [[]], [['import', 'rss']]])(
    'usage error %j: exit 2',
    async (argv) => {
      const run = await cli(argv, dir)
      expect(run.code).toBe(2)
      expect(run.stderr).not.toBe('')
    },
  )
})

describe('preview-data canonicalize', () => {
  test('prints to standard output by default, and says nothing else', async () => {
    await writeFile(join(dir, 'keys.json'), '{"site":{"url":"","title":"T"},"version":"0.7"}')
    expect(await cli(['canonicalize', 'keys.json'], dir)).toEqual({ code: 0, stdout: '{\n  "version": "0.7",\n  "site": {\n    "title": "T",\n    "url": ""\n  }\n}\n', stderr: '' })
  })

  test('-o writes the file whole, says what it wrote and leaves the input alone', async () => {
    const before = await readFile(join(dir, 'valid.json'), 'utf8')
    const run = await cli(['canonicalize', 'valid.json', '-o', 'out.json'], dir)
    expect(run.code).toBe(0)
    const written = await readFile(join(dir, 'out.json'), 'utf8')
    expect(run.stderr).toBe(`wrote out.json (${(Buffer.byteLength(written) / 1000).toFixed(1)} kB)\n`)
    expect(await readFile(join(dir, 'valid.json'), 'utf8')).toBe(before)
    expect(JSON.parse(written)).toEqual(validPayload())
    expect((await readdir(dir)).sort()).toEqual(['invalid.json', 'out.json', 'syntax.json', 'valid.json'])
  })

  test('refuses to write over its input without --in-place, before reading it', async () => {
    const before = await readFile(join(dir, 'valid.json'), 'utf8')
    const run = await cli(['canonicalize', 'valid.json', '-o', './valid.json'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('refusing to write the payload to ./valid.json: it is the input payload (valid.json)')
    expect(await readFile(join(dir, 'valid.json'), 'utf8')).toBe(before)
  })

  test('--in-place rewrites the input', async () => {
    await writeFile(join(dir, 'keys.json'), '{"version":"0.7","generator":"g","$schema":"x"}')
    const run = await cli(['canonicalize', 'keys.json', '--in-place'], dir)
    expect(run).toMatchObject({ code: 0, stderr: 'wrote keys.json (61 B)\n' })
    expect(await readFile(join(dir, 'keys.json'), 'utf8')).toBe('{\n  "$schema": "x",\n  "version": "0.7",\n  "generator": "g"\n}\n')
  })

  test('broken JSON: exit 1 and nothing written', async () => {
    const run = await cli(['canonicalize', 'syntax.json', '-o', 'out.json'], dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^syntax\.json:3:12: error \[invalid_json\] .*\npreview-data canonicalize: nothing written: the input is not JSON\n$/)
    expect(await readdir(dir)).not.toContain('out.json')
  })

  test('--format json needs -o: standard output cannot hold both', async () => {
    const run = await cli(['canonicalize', 'valid.json', '--format', 'json'], dir)
    expect(run.code).toBe(2)
    expect(resultOf(run).diagnostics).toEqual([{ severity: 'error', code: 'usage_error', message: '--format json prints its result on standard output: name the output file with -o' }])
  })
})

describe('preview-data schema', () => {
  test('prints the JSON Schema', async () => {
    const run = await cli(['schema'], dir)
    expect(run.code).toBe(0)
    const schema = JSON.parse(run.stdout)
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(schema.properties.version.const).toBe('0.7')
  })

  test('-o writes it and says so', async () => {
    const run = await cli(['schema', '-o', 'schema.json'], dir)
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(/^wrote schema\.json \(\d+\.\d kB\)\n$/)
    expect(JSON.parse(await readFile(join(dir, 'schema.json'), 'utf8')).properties.version.const).toBe('0.7')
  })
})
