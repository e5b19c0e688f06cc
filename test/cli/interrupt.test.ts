// Issue 15 item 4: Ctrl-C. A real `preview-data` process gets a real SIGINT while its temporary files exist (a
// preload holds one flush to disk so the moment is known): it must leave no temporary file and no output, and end
// by the signal, which a shell reports as 130.
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { validPayload } from '../helpers/payload.js'
import { repo, tempDir } from './_helpers.js'

const main = join(repo, 'cli/main.ts')
const hold = join(repo, 'test/cli/fixtures/hold-at-sync.mjs')
// tsx by path: the child runs in a temporary folder, where `--import tsx` would not resolve.
const tsx = join(repo, 'node_modules/tsx/dist/loader.mjs')

/** Starts the CLI in `cwd`, held at the `holdAt`-th flush; resolves once it holds, with a way to await its end. */
async function startHeld(argv: string[], cwd: string, holdAt: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', tsx, '--import', hold, main, ...argv], {
    cwd,
    env: { ...process.env, HOLD_AT_SYNC: String(holdAt), NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })))
  await new Promise<void>((held, failed) => {
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString()
      if (stderr.includes('HOLDING')) held()
    })
    void ended.then(() => failed(new Error(`ended before holding: ${stderr}`)))
  })
  return { child, ended, stderr: () => stderr }
}

function temporaries(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'))
}

describe('Ctrl-C leaves no temporary file and no output, and ends by the signal', () => {
  test('canonicalize -o', async () => {
    const dir = tempDir('pd-int-')
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    const run = await startHeld(['canonicalize', 'p.json', '-o', 'out.json'], dir, 1)
    expect(temporaries(dir)).toHaveLength(1)
    run.child.kill('SIGINT')
    expect(await run.ended).toEqual({ code: null, signal: 'SIGINT' })
    expect(run.stderr()).toContain('interrupted (SIGINT); temporary files removed')
    expect(readdirSync(dir)).toEqual(['p.json'])
  })

  test('import markdown with a payload, report and redirects: every temporary file goes', async () => {
    const dir = tempDir('pd-int-')
    cpSync(join(repo, 'examples/site'), join(dir, 'site'), { recursive: true })
    mkdirSync(join(dir, 'out'))
    // The third flush is the last output's: all three temporary files exist.
    const run = await startHeld(['import', 'markdown', 'site', '-o', 'out/p.json', '--report', 'out/report.json', '--redirects', 'out/_redirects'], dir, 3)
    expect(temporaries(join(dir, 'out'))).toHaveLength(3)
    // Twice, as an impatient user does: the second must not cut the cleanup short.
    run.child.kill('SIGINT')
    run.child.kill('SIGINT')
    expect(await run.ended).toEqual({ code: null, signal: 'SIGINT' })
    expect(readdirSync(join(dir, 'out'))).toEqual([])
  })

  test('import wordpress: no temporary file, and no spool folder in TMPDIR', async () => {
    const dir = tempDir('pd-int-')
    const tmp = join(dir, 'tmp')
    mkdirSync(tmp)
    cpSync(join(repo, 'examples/wordpress-export.xml'), join(dir, 'e.xml'))
    const run = await startHeld(['import', 'wordpress', 'e.xml', '-o', 'p.json', '--report', 'r.json'], dir, 2, { TMPDIR: tmp })
    expect(temporaries(dir)).toHaveLength(2)
    // tsx keeps its compile cache in TMPDIR too (tsx-<uid>). The import's temporary files are removed from TMPDIR as
    // soon as they are open (they live on through their descriptors), so nothing of the import shows there, ever.
    const spool = () => readdirSync(tmp).filter((f) => !f.startsWith('tsx-'))
    expect(spool()).toEqual([])
    run.child.kill('SIGTERM')
    expect(await run.ended).toEqual({ code: null, signal: 'SIGTERM' })
    expect(readdirSync(dir).sort()).toEqual(['e.xml', 'tmp'])
    expect(spool()).toEqual([])
  })

  test('a shell reports 130, and a script running the command stops', async () => {
    const dir = tempDir('pd-int-')
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    // The command in the background so the test can signal it alone; the script would go on to "after" if the
    // command merely exited 130 instead of ending by the signal (bash's wait-and-cooperative-exit rule).
    const script = `"$NODE" --import "$TSX" --import "$HOLD" "$MAIN" canonicalize p.json -o out.json & echo "pid $!" >&2; wait $!; echo "status $?" >&2`
    const shell = spawn('bash', ['-c', script], { cwd: dir, env: { ...process.env, NODE: process.execPath, TSX: tsx, HOLD: hold, MAIN: main, HOLD_AT_SYNC: '1' }, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    const ended = new Promise<void>((done) => shell.on('exit', () => done()))
    await new Promise<void>((held, failed) => {
      shell.stderr.on('data', (d: Buffer) => {
        stderr += d.toString()
        if (stderr.includes('HOLDING')) held()
      })
      void ended.then(() => failed(new Error(`ended before holding: ${stderr}`)))
    })
    process.kill(Number(/pid (\d+)/.exec(stderr)?.[1]), 'SIGINT')
    await ended
    expect(stderr).toMatch(/status 130\n$/)
    expect(readdirSync(dir)).toEqual(['p.json'])
  })
})
