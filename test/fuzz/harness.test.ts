// The fuzz harness catches what it is there to catch: each failure kind is made on purpose, and must be reported
// (a fuzz suite whose checks cannot fail would prove nothing).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { expect, test } from 'vitest'
import type { FuzzConfig } from './_config.js'
import type { CaseDirs } from './_files.js'
import type { CliRun } from './_protocol.js'
import { runSuite } from './_suite.js'
import type { BuiltCase } from './_suite.js'

const run = (over: Partial<CliRun> = {}): CliRun => ({ code: 0, stdout: '', stderr: '', ...over })

// Each case: what it does wrong, and what the report must say.
const cases: Array<{ name: string; expected: RegExp | null; build: (dirs: CaseDirs) => BuiltCase['jobs'] }> = [
  { name: 'all well', expected: null, build: () => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run() }, outputs: { files: [] } }] },
  { name: 'a hang', expected: /a hang: over \d+ ms, twice/, build: () => [{ label: 'x', job: { target: 'fault', kind: 'hang' } }] },
  { name: 'memory exhausted', expected: /the thread died|the thread exited/, build: () => [{ label: 'x', job: { target: 'fault', kind: 'memory' } }] },
  {
    name: 'half an output set',
    expected: /half an output set: payload.json written, report.json not/,
    build: (d) => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run({ code: 1 }), write: [[join(d.out, 'payload.json'), '{}']] }, outputs: { files: [join(d.out, 'payload.json'), join(d.out, 'report.json')], payload: 'any' } }],
  },
  {
    name: 'an invalid payload written',
    expected: /the payload written is invalid/,
    build: (d) => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run(), write: [[join(d.out, 'payload.json'), '{"version":"0.6"}']] }, outputs: { files: [join(d.out, 'payload.json')], payload: 'valid' } }],
  },
  {
    name: 'a temporary file left beside the outputs',
    expected: /left in the output folder: \.payload\.json\.123\.tmp/,
    build: (d) => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run({ code: 1 }), write: [[join(d.out, '.payload.json.123.tmp'), '']] }, outputs: { files: [join(d.out, 'payload.json')] } }],
  },
  { name: 'a temporary file left in TMPDIR', expected: /1 temporary entries in TMPDIR: spool/, build: (d) => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run(), write: [[join(d.tmp, 'spool'), '']] }, outputs: { files: [] } }] },
  { name: 'an input changed', expected: /an input .* was changed/, build: (d) => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run(), write: [[join(d.inputs, 'export.xml'), 'changed']] }, outputs: { files: [] } }] },
  { name: 'text from outside the inputs printed', expected: /printed text from outside the inputs/, build: (d) => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run({ stderr: `title: ${d.canary}` }) }, outputs: { files: [] } }] },
  { name: 'a stack trace', expected: /a stack trace/, build: () => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run({ code: 2, stderr: 'TypeError: x\n    at f (/a/b.ts:1:2)\n' }) }, outputs: { files: [] } }] },
  { name: 'an exit code outside 0-2', expected: /exit code 3/, build: () => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run({ code: 3 }) }, outputs: { files: [] } }] },
  {
    name: 'a control character on the terminal',
    expected: /a control character U\+001b printed on the terminal/,
    build: () => [{ label: 'x', job: { target: 'fault', kind: 'cli', run: run({ stderr: 'title \x1b]0;pwned\x07' }) }, outputs: { files: [] } }],
  },
]

test('every kind of failure is reported, with the case that made it', async () => {
  const keep = join(tmpdir(), `pd-fuzz-harness-${process.pid}`)
  mkdirSync(keep, { recursive: true })
  const config: FuzzConfig = { seed: 1, first: 0, cases: cases.length, nightly: false, msBase: 1_500, msPerMb: 0, heapMb: 64, keep }
  const { failures } = await runSuite('harness', config, (_rnd, dirs, index) => {
    writeFileSync(join(dirs.inputs, 'export.xml'), '<rss/>')
    return { jobs: cases[index].build(dirs), bytes: 1, did: cases[index].name }
  }, { workerUrl: new URL('./_fault-worker.mjs', import.meta.url), quiet: true })
  for (const [index, c] of cases.entries()) {
    const failure = failures.find((f) => f.index === index)
    if (c.expected === null) expect(failure, c.name).toBeUndefined()
    else expect(failure?.problems.join('\n'), c.name).toMatch(c.expected)
  }
}, 120_000)
