import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import type * as Wordpress from '../importers/wordpress/index.js'
import type * as Sdk from '../src/index.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = existsSync(`${root}dist/index.js`)
const run = promisify(execFile)

// The published files, as a user gets them: run after `npm run build` (CI builds first).
describe.skipIf(!built)('dist/ (the built package)', () => {
  test('the core entry builds and validates a payload', async () => {
    const sdk = (await import(`${root}dist/index.js`)) as typeof Sdk
    const payload = sdk
      .createPreviewData({ generator: 'dist-test', generated_at: '2026-01-01T00:00:00Z' })
      .site({ title: 'Dist' })
      .author({ id: 'a', display_name: 'A' })
      .post({ title: 'Hello', author_id: 'a', published_at_iso: '2026-01-01' })
      .build()
    expect(sdk.validatePreviewData(payload)).toEqual({ ok: true, errors: [] })
  })

  test('the bin validates standard input and ships the schema', async () => {
    const { stdout } = await run(process.execPath, [`${root}dist/cli.js`, '--version'])
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(existsSync(`${root}dist/preview-data.v0.7.schema.json`)).toBe(true)
    await expect(run(process.execPath, [`${root}dist/cli.js`, 'validate', `${root}package.json`])).rejects.toMatchObject({ code: 1 })
  })
  // Large enough that the render worker starts and then finishes bodies while the payload is assembled.
  test('an import where the worker renders and finishes bodies writes what the library returns', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { generateWxr } = await import('../bench/generate-wxr.js')
    const wordpress = (await import(`${root}dist/wordpress.js`)) as typeof Wordpress
    const dir = mkdtempSync(join(tmpdir(), 'dist-worker-'))
    try {
      await generateWxr(2000, join(dir, 'site.xml'))
      const at = '2026-01-01T00:00:00Z'
      // Drafts kept on both sides (both leave them out by default), so the bodies compared include theirs.
      await run(process.execPath, [`${root}dist/cli.js`, 'import', 'wordpress', 'site.xml', '-o', 'out.json', '--generated-at', at, '--drafts', 'include'], { cwd: dir })
      const { payload } = await wordpress.importWordPress(join(dir, 'site.xml'), { generatedAt: at, drafts: 'include' })
      expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe(JSON.stringify(payload, null, 2) + '\n')
      expect(payload.content.posts.length).toBeGreaterThan(1000)
      // The library from code given as a string (node --input-type=module -e), whose option the worker must not inherit.
      const script = `const w = await import(${JSON.stringify(`${root}dist/wordpress.js`)}); const r = await w.importWordPress('site.xml', { generatedAt: '${at}', drafts: 'include' }); console.log(r.payload.content.posts.length)`
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: dir })
      expect(Number(stdout.trim())).toBe(payload.content.posts.length)
      // Memory options, which a worker refuses when they are listed for it (exit 2, "invalid execArgv flags", before).
      await run(process.execPath, ['--max-old-space-size=4096', '--expose-gc', `${root}dist/cli.js`, 'import', 'wordpress', 'site.xml', '-o', 'big-heap.json', '--generated-at', at, '--drafts', 'include'], { cwd: dir })
      expect(readFileSync(join(dir, 'big-heap.json'), 'utf8')).toBe(readFileSync(join(dir, 'out.json'), 'utf8'))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  // The bin's signal handling, end to end: a child importing a generated export gets SIGINT mid-run.
  test('Ctrl-C during an import leaves no temporary folder, partial payload or temporary file, and ends by the signal', async () => {
    const { spawn } = await import('node:child_process')
    const { mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { generateWxr } = await import('../bench/generate-wxr.js')
    const dir = mkdtempSync(join(tmpdir(), 'dist-interrupt-'))
    try {
      const temp = join(dir, 'tmp')
      mkdirSync(temp)
      await generateWxr(3000, join(dir, 'big.xml'))
      const child = spawn(process.execPath, [`${root}dist/cli.js`, 'import', 'wordpress', 'big.xml', '-o', 'out.json'], { cwd: dir, env: { ...process.env, TMPDIR: temp }, stdio: ['ignore', 'ignore', 'pipe'] })
      let stderr = ''
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      const exited = new Promise<NodeJS.Signals | number | null>((done) => child.on('exit', (code, signal) => done(signal ?? code)))
      // Interrupt once the import holds a temporary file. They are removed from TMPDIR as soon as they are open (they
      // live on through their descriptors), so TMPDIR never shows them: the child's open files say when it holds one
      // (Linux's /proc; elsewhere, half a second in).
      const holdsTemporary = (): boolean | undefined => {
        let fds: string[]
        try {
          fds = readdirSync(`/proc/${child.pid}/fd`)
        } catch {
          return undefined
        }
        return fds.some((fd) => {
          try {
            return readlinkSync(`/proc/${child.pid}/fd/${fd}`).startsWith(temp)
          } catch {
            return false
          }
        })
      }
      for (let waited = 0; waited < 30_000; waited += 10) {
        const holds = holdsTemporary()
        if (holds || (holds === undefined && waited >= 500)) break
        await new Promise((r) => setTimeout(r, 10))
      }
      // The fd can be seen in the instant between the file's creation and its removal (a loaded machine may pause
      // the child there), so TMPDIR is given a moment to empty; what matters is that it is empty before the signal.
      for (let waited = 0; readdirSync(temp).length > 0 && waited < 5_000; waited += 10) await new Promise((r) => setTimeout(r, 10))
      expect(readdirSync(temp)).toEqual([])
      // Twice, as an impatient user does: the second must not cut the cleanup short.
      child.kill('SIGINT')
      child.kill('SIGINT')
      // Ended by the signal itself (a shell reports 130), so a script running the command stops too.
      expect(await exited).toBe('SIGINT')
      expect(stderr).toMatch(/interrupted \(SIGINT\); temporary files removed/)
      expect(readdirSync(temp)).toEqual([])
      expect(readdirSync(dir).sort()).toEqual(['big.xml', 'tmp'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
if (!built) test.skip('dist/ is not built here: run `npm run build` first (CI does)', () => {})
