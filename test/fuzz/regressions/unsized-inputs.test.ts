import { spawn, spawnSync } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { CliIo } from '../../../cli/io.js'
import { readPayloadFile } from '../../../cli/payload-file.js'
import { readSiteFile } from '../../../cli/site-file.js'
import { validPayload } from '../../helpers/payload.js'
import { repo as repoRoot, tempDir } from '../../cli/_helpers.js'

// A file named on the command line may be a pipe or a device that never ends (`validate /dev/zero`, `--site
// /dev/zero`): read whole, /dev/zero took 16 GB before the process was killed (validate, check, canonicalize) or
// 640 MB and 'Invalid string length' (--site). Such a file has no size to go by, so it is read up to its first NUL
// byte, which no JSON or YAML text holds (found by the session 6 hunt). Modelled here by a FIFO whose writer sends
// some text and a NUL byte and then keeps it open for 20 s: read to its end, the read took those 20 s.

const fifoTest = process.platform === 'win32' || spawnSync('mkfifo', ['--version']).error ? test.skip : test
let dir: string
let writer: ChildProcess | undefined
const io = (): CliIo => ({ stdout: () => {}, stderr: () => {}, isTTY: false, cwd: dir })

/** A FIFO in the test folder, fed `text`, a NUL byte, then nothing for 20 s before it ends. */
function neverEnding(name: string, text: string): string {
  const fifo = join(dir, name)
  spawnSync('mkfifo', [fifo])
  // The shell opens the FIFO once and holds it open: no process in between that a blocked read could stall.
  writer = spawn('sh', ['-c', 'exec > "$2"; printf "%s\\0" "$1"; exec sleep 20', 'sh', text, fifo], { stdio: 'ignore' })
  return fifo
}

beforeEach(() => {
  dir = tempDir('pd-unsized-')
})
afterEach(() => {
  writer?.kill()
  writer = undefined
})

describe('a pipe that never ends is read up to its first NUL byte', () => {
  fifoTest('a payload: invalid JSON where the NUL stands', async () => {
    const start = Date.now()
    const parsed = await readPayloadFile(neverEnding('payload', JSON.stringify(validPayload())), io())
    expect(Date.now() - start).toBeLessThan(10_000)
    expect(parsed).toMatchObject({ ok: false, line: 1, message: expect.stringMatching(/U\+0000|after the end/) })
  }, 30_000)

  fifoTest('a site file: its text before the NUL is not a map of settings', async () => {
    const start = Date.now()
    const read = await readSiteFile(neverEnding('site.json', '{"title": "From a pipe"}'), io())
    expect(Date.now() - start).toBeLessThan(10_000)
    expect(read).toMatchObject([{ code: 'invalid_site_file', message: expect.stringMatching(/not valid JSON/) }])
  }, 30_000)

  // Standard input too: `cat /dev/zero | preview-data validate -` was read without end. The bin reads it as a pipe.
  fifoTest('standard input of the command: exit 1 where the NUL stands, not a read without end', async () => {
    const fifo = neverEnding('stdin', JSON.stringify(validPayload()))
    const start = Date.now()
    const run = spawnSync('sh', ['-c', 'exec node "$1" validate - < "$2"', 'sh', join(repoRoot, 'dist/cli.js'), fifo], { encoding: 'utf8', timeout: 15_000 })
    expect(Date.now() - start).toBeLessThan(12_000)
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/<stdin>:1:\d+: error \[invalid_json\]/)
  }, 30_000)
})
