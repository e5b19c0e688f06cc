// Issue 16 item 4: one CLI convention. Every command: --help exits 0, --format json prints the one documented shape
// (checked against cli/output.schema.json), -o - is standard output, --quiet and --verbose, text capped per code,
// colour only where it belongs, a progress bar on a terminal for work over a second, and every write says what it wrote.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { colorEnabled, printable, Progress } from '../../cli/terminal.js'
import { validPayload } from '../helpers/payload.js'
import { cli, repo, resultOf, tempDir } from './_helpers.js'

const site = join(repo, 'examples/site')
const wxr = join(repo, 'examples/wordpress-export.xml')
const AT = '2026-01-01T00:00:00Z'

/** A payload with `n` posts whose author does not exist: n errors of one code. */
function payloadWithErrors(n: number) {
  const p = validPayload()
  const post = p.content.posts[0]
  p.content.posts = Array.from({ length: n }, (_, i) => ({ ...post, slug: i === 0 ? post.slug : `post-${i}`, public_id: i + 1, author_id: 'nobody' }))
  return p
}

describe('--help exits 0 on every command and prints to standard output', () => {
  test.each([
    [['--help']],
    [['help']],
    [['validate', '--help']],
    [['canonicalize', '-h']],
    [['schema', '--help']],
    [['import', '--help']],
    [['import', 'markdown', '--help']],
    [['import', 'wordpress', '--help']],
    // Help wins over everything else on the line, even a mistake.
    [['import', 'wordpress', 'missing.xml', '--drafts', 'maybe', '--help']],
  ])('%j', async (argv) => {
    const run = await cli(argv, repo)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Usage: preview-data/)
    expect(run.stderr).toBe('')
  })

  // The refusal of `--format json` without -o (both would take standard output) was in no help text.
  test.each([['canonicalize', 'p.json'], ['schema']])('%s: the help says that --format json needs -o, as the refusal does', async (command, ...args) => {
    const refused = await cli([command, ...args, '--format', 'json'], tempDir('pd-conv-'))
    expect(refused.code).toBe(2)
    expect(resultOf(refused).diagnostics[0].message).toMatch(/--format json .* name the output file with -o/)
    const help = (await cli([command, '--help'], repo)).stdout
    expect(help.replace(/\s+/g, ' ')).toMatch(/-o, --output <file> where to write \(default, and "-": standard output\).*; needed with --format json, whose result takes standard output/)
  })

  test('both import commands document the same shared options', async () => {
    const md = (await cli(['import', 'markdown', '--help'], repo)).stdout
    const wp = (await cli(['import', 'wordpress', '--help'], repo)).stdout
    const shared = (help: string) => help.slice(help.indexOf('Options both importers take:'))
    expect(shared(md)).toBe(shared(wp))
    for (const option of ['-o, --output', '--site', '--report', '--redirects ', '--redirects-format', '--media-out', '--drafts', '--strict', '--format', '--quiet', '--verbose']) {
      expect(shared(md)).toContain(option)
    }
  })
})

test('--version prints the version', async () => {
  const run = await cli(['--version'], repo)
  expect(run.code).toBe(0)
  expect(run.stdout).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?\n$/)
})

describe('--format json prints one documented shape for every command, success or failure', () => {
  const dir = tempDir()
  writeFileSync(join(dir, 'valid.json'), JSON.stringify(validPayload()))
  writeFileSync(join(dir, 'invalid.json'), JSON.stringify(payloadWithErrors(2)))
  test.each([
    { argv: ['validate', 'valid.json'], code: 0 },
    { argv: ['validate', 'invalid.json'], code: 1 },
    { argv: ['validate', 'missing.json'], code: 2 },
    { argv: ['validate', '--bogus'], code: 2 },
    { argv: ['canonicalize', 'valid.json', '-o', 'canonical.json'], code: 0 },
    { argv: ['canonicalize', 'valid.json'], code: 2 },
    { argv: ['schema', '-o', 'schema.json'], code: 0 },
    { argv: ['import', 'markdown', site, '-o', 'md.json', '--report', 'md-report.json', '--generated-at', AT], code: 0 },
    { argv: ['import', 'markdown', site], code: 2 },
    { argv: ['import', 'wordpress', wxr, '-o', 'wp.json', '--redirects', '_redirects', '--generated-at', AT], code: 0 },
    { argv: ['import', 'wordpress', join(repo, 'test/fixtures/wordpress/truncated.xml'), '-o', 'broken.json'], code: 1 },
    { argv: ['import', 'wordpress', wxr, '-o', 'x.json', '--generated-at', 'soon'], code: 2 },
  ])('$argv.0 $argv.1: exit $code', async ({ argv, code }) => {
    const run = await cli([...argv, '--format', 'json'], dir)
    expect(run.code).toBe(code)
    const result = resultOf(run)
    expect(result.ok).toBe(code === 0)
    expect(result.command).toBe(argv[0] === 'import' ? `import ${argv[1]}` : argv[0])
    if (code !== 0) expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(true)
  })

  test('outputs are listed in the summary, with their sizes', async () => {
    const result = resultOf(await cli(['import', 'wordpress', wxr, '-o', 'wp2.json', '--redirects', 'r.conf', '--generated-at', AT, '--format', 'json'], dir))
    expect(result.summary.outputs).toEqual([
      { name: 'payload', path: 'wp2.json', written: true, bytes: readFileSync(join(dir, 'wp2.json')).length },
      { name: 'redirects', path: 'r.conf', written: true, bytes: readFileSync(join(dir, 'r.conf')).length },
    ])
    // The redirect format follows the file name: r.conf is an nginx map.
    expect(readFileSync(join(dir, 'r.conf'), 'utf8')).toContain('map $request_uri $new_uri {')
  })
})

describe('-o - is standard output everywhere', () => {
  const dir = tempDir()
  writeFileSync(join(dir, 'valid.json'), JSON.stringify(validPayload()))
  test.each([
    ['canonicalize', ['canonicalize', 'valid.json', '-o', '-']],
    ['schema', ['schema', '-o', '-']],
    ['import markdown', ['import', 'markdown', site, '-o', '-', '--generated-at', AT]],
    ['import wordpress', ['import', 'wordpress', wxr, '-o', '-', '--generated-at', AT]],
  ])('%s', async (_name, argv) => {
    const run = await cli(argv, dir)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toBeTypeOf('object')
    // Nothing named "-" appears, and what went to standard output is not announced outside --verbose.
    expect(() => readFileSync(join(dir, '-'))).toThrow()
  })

  test('an import says it wrote the payload to standard output', async () => {
    const run = await cli(['import', 'wordpress', wxr, '-o', '-', '--report', 'report.json', '--generated-at', AT], dir)
    expect(run.stderr).toMatch(/wrote the payload to standard output \(\d+\.\d kB\)\nwrote report\.json \(/)
  })
})

describe('--quiet and --verbose', () => {
  const dir = tempDir()
  writeFileSync(join(dir, 'valid.json'), JSON.stringify(validPayload()))
  writeFileSync(join(dir, 'many.json'), JSON.stringify(payloadWithErrors(25)))

  test('--quiet prints errors only', async () => {
    expect(await cli(['validate', 'valid.json', '--quiet'], dir)).toEqual({ code: 0, stdout: '', stderr: '' })
    expect(await cli(['canonicalize', 'valid.json', '-o', 'q.json', '-q'], dir)).toEqual({ code: 0, stdout: '', stderr: '' })
    const md = await cli(['import', 'markdown', site, '-o', 'q-md.json', '-q'], dir)
    expect(md).toEqual({ code: 0, stdout: '', stderr: '' })
    const invalid = await cli(['validate', 'many.json', '--quiet'], dir)
    expect(invalid.code).toBe(1)
    expect(invalid.stderr.split('\n').filter((l) => l.includes('error [unresolved_author]'))).toHaveLength(10)
    expect(invalid.stderr).not.toContain('many.json: invalid')
  })

  test('text is capped per code; --verbose shows every diagnostic', async () => {
    const capped = await cli(['validate', 'many.json'], dir)
    const lines = capped.stderr.trimEnd().split('\n')
    expect(lines.filter((l) => l.includes('[unresolved_author]'))).toHaveLength(11)
    expect(lines.at(-2)).toBe('  … and 15 more [unresolved_author]; --verbose shows them all')
    expect(lines.at(-1)).toBe('many.json: invalid (25 problems)')
    const verbose = await cli(['validate', 'many.json', '--verbose'], dir)
    expect(verbose.stderr.split('\n').filter((l) => l.includes('error [unresolved_author]'))).toHaveLength(25)
    expect(verbose.stderr).not.toContain('more [')
  })

  test('an import names the report as the place with every diagnostic', async () => {
    // Twelve posts, each with a link to a file that does not exist: twelve warnings of one code.
    const source = join(dir, 'links')
    mkdirSync(join(source, 'posts'), { recursive: true })
    writeFileSync(join(source, 'site.yml'), 'title: Links\n')
    for (let i = 1; i <= 12; i++) writeFileSync(join(source, 'posts', `p${i}.md`), `---\ntitle: P${i}\ndate: 2024-01-${String(i).padStart(2, '0')}\n---\nSee [gone](./gone-${i}.md).\n`)
    const run = await cli(['import', 'markdown', 'links', '-o', 'links.json', '--report', 'links-report.json'], dir)
    expect(run.code).toBe(0)
    expect(run.stderr.split('\n').filter((l) => l.includes('warning [missing_link_target]'))).toHaveLength(10)
    expect(run.stderr).toContain('  … and 2 more [missing_link_target]; links-report.json has them all\n')
    const report = JSON.parse(readFileSync(join(dir, 'links-report.json'), 'utf8')) as { diagnostics: Array<{ code: string }> }
    expect(report.diagnostics.filter((d) => d.code === 'missing_link_target')).toHaveLength(12)
  })

  test('--quiet with --verbose is a usage error', async () => {
    expect((await cli(['validate', 'valid.json', '-q', '--verbose'], dir)).code).toBe(2)
  })
})

describe('colour only on a terminal, honouring NO_COLOR and FORCE_COLOR', () => {
  test.each([
    { isTTY: true, env: {}, color: true },
    { isTTY: false, env: {}, color: false },
    { isTTY: true, env: { NO_COLOR: '1' }, color: false },
    { isTTY: true, env: { NO_COLOR: '' }, color: true },
    { isTTY: true, env: { TERM: 'dumb' }, color: false },
    { isTTY: false, env: { FORCE_COLOR: '1' }, color: true },
    { isTTY: false, env: { FORCE_COLOR: '' }, color: true },
    { isTTY: true, env: { FORCE_COLOR: '0' }, color: false },
    { isTTY: true, env: { FORCE_COLOR: 'false' }, color: false },
    { isTTY: false, env: { FORCE_COLOR: '1', NO_COLOR: '1' }, color: true },
  ])('isTTY $isTTY, env $env: colour $color', ({ isTTY, env, color }) => {
    expect(colorEnabled({ stdout: () => {}, stderr: () => {}, cwd: '/', isTTY, env })).toBe(color)
  })

  test('diagnostics are coloured on a terminal, plain in a pipe, and never in JSON', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(payloadWithErrors(1)))
    expect((await cli(['validate', 'bad.json'], dir, { isTTY: true })).stderr).toContain('\x1b[31merror\x1b[39m [unresolved_author]')
    expect((await cli(['validate', 'bad.json'], dir, { isTTY: true, env: { NO_COLOR: '1' } })).stderr).not.toContain('\x1b[')
    expect((await cli(['validate', 'bad.json'], dir)).stderr).not.toContain('\x1b[')
    expect((await cli(['validate', 'bad.json', '--format', 'json'], dir, { isTTY: true })).stdout).not.toContain('\x1b[')
  })

  test('text from the input cannot drive the terminal', async () => {
    expect(printable('a\x1b]0;owned\x07b\u202ec')).toBe('a\\u001b]0;owned\\u0007b\\u202ec')
    const dir = tempDir()
    const p = validPayload()
    p.content.posts[0].author_id = 'x\x1b[2J'
    writeFileSync(join(dir, 'esc.json'), JSON.stringify(p))
    const run = await cli(['validate', 'esc.json'], dir)
    expect(run.stderr).toContain('x\\u001b[2J')
    expect(run.stderr).not.toContain('\x1b')
  })

  test("a summary line quoting the input (a WordPress menu's name) is escaped too", async () => {
    const dir = tempDir()
    const xml = readFileSync(join(repo, 'test/fixtures/wordpress/menus-named.xml'), 'utf8').replace('<![CDATA[Main Navigation]]>', '<![CDATA[Main \u202egnp.exe Navigation]]>')
    writeFileSync(join(dir, 'menus.xml'), xml)
    const run = await cli(['import', 'wordpress', 'menus.xml', '-o', 'out.json'], dir)
    expect(run.stderr).toContain('Primary menu: main-navigation (its name "Main \\u202egnp.exe Navigation"')
    expect(run.stderr).not.toContain('\u202e')
  })
})

describe('a progress bar on a terminal for work over a second', () => {
  function bar(isTTY: boolean, times: number[]) {
    let err = ''
    const clock = [...times]
    const progress = new Progress({ stdout: () => {}, stderr: (s) => void (err += s), cwd: '/', isTTY, now: () => clock.shift() ?? 0 }, 'importing', isTTY)
    return { progress, output: () => err }
  }

  test('nothing in the first second, then a bar, redrawn at most every 100 ms, cleared at the end', () => {
    const { progress, output } = bar(true, [0, 500, 1200, 1250, 1400])
    progress.update(1, 10, 'files') // at 500 ms: too early
    expect(output()).toBe('')
    progress.update(5, 10, 'files') // at 1200 ms
    progress.update(6, 10, 'files') // at 1250 ms: too soon after the last
    progress.update(10, 10, 'files') // at 1400 ms
    progress.end()
    expect(output()).toBe(
      '\rimporting [############............] 50% 5 files of 10 files\x1b[K' + '\rimporting [########################] 100% 10 files of 10 files\x1b[K' + '\r\x1b[K',
    )
  })

  test('bytes in MB, and no bar off a terminal', () => {
    const { progress, output } = bar(true, [0, 2000])
    progress.update(3 * 1048576, undefined, 'bytes')
    expect(output()).toBe('\rimporting 3.0 MB\x1b[K')
    const pipe = bar(false, [0, 5000, 9000])
    pipe.progress.update(1, 2)
    pipe.progress.end()
    expect(pipe.output()).toBe('')
  })

  test('a quick command draws nothing, even on a terminal', async () => {
    const run = await cli(['import', 'markdown', site, '-o', join(tempDir(), 'p.json')], repo, { isTTY: true, env: { NO_COLOR: '1' } })
    expect(run.stderr).not.toContain('\r')
  })
})

describe('every write says what it wrote', () => {
  test('each output of an import, with its size, and the redirects with their count', async () => {
    const dir = tempDir()
    const run = await cli(['import', 'wordpress', wxr, '-o', 'p.json', '--report', 'r.json', '--redirects', '_redirects', '--generated-at', AT], dir)
    expect(run.code).toBe(0)
    const size = (f: string) => readFileSync(join(dir, f)).length
    const kb = (n: number) => (n < 1000 ? `${n} B` : `${(n / 1000).toFixed(1)} kB`)
    expect(run.stderr).toContain(`wrote p.json (${kb(size('p.json'))})\nwrote r.json (${kb(size('r.json'))})\nwrote _redirects (${kb(size('_redirects'))}, 7 redirects)\n`)
  })
})
