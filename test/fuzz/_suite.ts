/**
 * Runs a fuzz suite: builds each case from its own seed in a fresh folder, runs its jobs on the worker within a time
 * scaled to the input's size, and checks what every case must end with: a clear diagnostic or a valid result, no
 * hang, no output set half there, no temporary file left, no input changed, nothing read from outside the inputs.
 * Failing cases are kept for minimising, with the command that repeats them.
 */
import { execFileSync } from 'node:child_process'
import { appendFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { validatePreviewData } from '../../src/index.js'
import { caseDirs, digestTree, listTree, suiteFolder, suiteTmp } from './_files.js'
import type { CaseDirs } from './_files.js'
import { repeatCommand } from './_config.js'
import type { FuzzConfig } from './_config.js'
import { FuzzWorker, WorkerStartError } from './_pool.js'
import type { CliRun, Job, Verdict } from './_protocol.js'
import { caseSeed, Random } from './_random.js'

/** One run in a case: a library call checked in the worker, or a CLI run whose files are checked here. */
export interface CaseJob {
  label: string
  job: Job
  /**
   * For CLI runs: the outputs it was asked for (the first is the payload; `payload: 'valid'` when it may be written
   * only valid), the folders it may fill (media).
   */
  outputs?: Outputs
  /** For CLI runs: more checks of what it left, run here after the common ones. */
  extra?: (run: CliRun) => string[]
}

export interface Outputs {
  files: string[]
  folders?: string[]
  payload?: 'valid' | 'any'
}

/** A case, built: its jobs, the size its time is scaled by, and what was done to make it. */
export interface BuiltCase {
  jobs: CaseJob[]
  bytes: number
  did: string
}

export type BuildCase = (rnd: Random, dirs: CaseDirs, index: number) => Promise<BuiltCase> | BuiltCase

export interface SuiteFigures {
  suite: string
  seed: number
  cases: number
  runs: number
  failures: number
  seconds: number
  /** How often each run ended each way (`cli: exit 1`, `library: error invalid_xml`…). */
  outcomes: Record<string, number>
  /** The slowest run, per input megabyte, and the slowest run. */
  slowestMsPerMb: number
  slowestMs: number
  /** Which run that was. */
  slowest: string
  /** The last case's input and run times, for FUZZ_VERBOSE=2. */
  last?: string
}

export interface Failure {
  index: number
  did: string
  problems: string[]
  kept?: string
  repeat: string
}

const repo = fileURLToPath(new URL('../../', import.meta.url))
const ajv = new Ajv2020({ allErrors: true, strict: true })
// The documented shape of `--format json` results (absent from older trees, where only JSON is checked).
const resultSchema = join(repo, 'cli/output.schema.json')
const validateCliResult = existsSync(resultSchema) ? ajv.compile(JSON.parse(readFileSync(resultSchema, 'utf8'))) : Object.assign(() => true, { errors: null })

export async function runSuite(suite: string, config: FuzzConfig, build: BuildCase, options: { workerUrl?: URL; quiet?: boolean } = {}): Promise<{ failures: Failure[]; figures: SuiteFigures }> {
  const folder = suiteFolder(suite)
  mkdirSync(suiteTmp(folder.path))
  const worker = new FuzzWorker(config.heapMb, options.workerUrl, { TMPDIR: suiteTmp(folder.path) })
  const log = options.quiet ? () => {} : (line: string) => console.log(line)
  const failures: Failure[] = []
  const figures: SuiteFigures = { suite, seed: config.seed, cases: 0, runs: 0, failures: 0, seconds: 0, outcomes: {}, slowestMsPerMb: 0, slowestMs: 0, slowest: '' }
  const started = performance.now()
  let lastReport = started
  log(`[fuzz] ${suite}: seed ${config.seed}, cases ${config.first}..${config.first + config.cases - 1}; repeat with: ${repeatCommand(suite, config)}`)
  try {
    for (let index = config.first; index < config.first + config.cases; index++) {
      const caseStarted = performance.now()
      const failure = await runCase(suite, config, build, worker, folder.path, index, figures)
      if (process.env.FUZZ_VERBOSE) log(`[fuzz] ${suite}: case ${index} ${Math.round(performance.now() - caseStarted)} ms ${process.env.FUZZ_VERBOSE === '2' ? figures.last : ''}`)
      if (failure) {
        failures.push(failure)
        log(`[fuzz] ${suite}: case ${index} FAILED: ${failure.problems.join(' | ').slice(0, 2000)}\n  input: ${failure.did.slice(0, 600)}\n  kept in: ${failure.kept}\n  repeat: ${failure.repeat}`)
      }
      if (performance.now() - lastReport > 60_000) {
        lastReport = performance.now()
        const done = index - config.first + 1
        log(`[fuzz] ${suite}: ${done}/${config.cases} cases, ${failures.length} failing, ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`)
      }
    }
  } finally {
    await worker.close()
    folder.dispose()
  }
  figures.failures = failures.length
  figures.seconds = Math.round((performance.now() - started) / 1000)
  log(`[fuzz] ${suite}: ${figures.cases} cases, ${figures.runs} runs, ${failures.length} failing, ${figures.seconds} s; slowest ${Math.round(figures.slowestMs)} ms (${figures.slowest}), ${Math.round(figures.slowestMsPerMb)} ms per MB\n  outcomes: ${JSON.stringify(figures.outcomes)}`)
  if (config.figures) appendFileSync(config.figures, JSON.stringify({ ...figures, failing: failures.map((f) => f.index), at: new Date().toISOString() }) + '\n')
  return { failures, figures }
}

async function runCase(suite: string, config: FuzzConfig, build: BuildCase, worker: FuzzWorker, suiteRoot: string, index: number, figures: SuiteFigures): Promise<Failure | undefined> {
  const rnd = new Random(caseSeed(config.seed, index))
  const dirs = caseDirs(suiteRoot, index)
  const problems: string[] = []
  let did = ''
  try {
    const built = await build(rnd, dirs, index)
    did = built.did
    const before = `${digestTree(dirs.inputs)} ${digestTree(dirs.outside)}`
    const budget = config.msBase + (config.msPerMb * built.bytes) / (1 << 20)
    const times: string[] = []
    for (const { label, job, outputs, extra } of built.jobs) {
      const verdict = await worker.run(job, budget)
      figures.runs++
      times.push(`${label} ${Math.round(verdict.ms)} ms`)
      if (verdict.ms > figures.slowestMs) {
        figures.slowestMs = verdict.ms
        figures.slowest = `case ${index} ${label}, ${built.bytes} bytes`
      }
      figures.slowestMsPerMb = Math.max(figures.slowestMsPerMb, verdict.ms / Math.max(built.bytes / (1 << 20), 1 / 16))
      if (!verdict.ok) {
        problems.push(`${label}: ${verdict.problem}`)
        continue
      }
      const key = `${label}: ${verdict.outcome}`
      figures.outcomes[key] = (figures.outcomes[key] ?? 0) + 1
      if (verdict.run) {
        // The harness's own fault jobs are checked as a terminal run with no options.
        const shape = job.target === 'cli' ? job : { argv: [], tty: true }
        for (const p of cliProblems(shape, verdict.run, outputs ?? { files: [] }, dirs)) problems.push(`${label}: ${p}`)
        for (const p of extra?.(verdict.run) ?? []) problems.push(`${label}: ${p}`)
        // Outputs of one run are not inputs of the next.
        rmSync(dirs.out, { recursive: true, force: true })
        mkdirSync(dirs.out)
      }
      // tsx, which runs the worker's TypeScript, keeps its cache there (tsx-<uid>): that one is the harness's own.
      const leftovers = readdirSync(dirs.tmp).filter((name) => !/^tsx-\d+$/.test(name))
      if (leftovers.length > 0) problems.push(`${label}: left ${leftovers.length} temporary entries in TMPDIR: ${leftovers.slice(0, 5).join(', ')}`)
      for (const name of leftovers) rmSync(join(dirs.tmp, name), { recursive: true, force: true })
    }
    figures.last = `${built.bytes} bytes, ${times.join(', ')}: ${did.slice(0, 300)}`
    const after = `${digestTree(dirs.inputs)} ${digestTree(dirs.outside)}`
    if (after !== before) problems.push('an input (or a file outside the inputs) was changed')
  } catch (error) {
    // A worker that cannot start is the harness's failure, not the case's: the run stops there.
    if (error instanceof WorkerStartError) {
      rmSync(dirs.root, { recursive: true, force: true })
      throw error
    }
    problems.push(`the case could not be built or checked: ${(error as Error)?.stack ?? String(error)}`)
  }
  figures.cases++
  try {
    if (problems.length === 0) return undefined
    return { index, did, problems, kept: keep(suite, config, dirs, index, did, problems), repeat: repeatCommand(suite, config, index) }
  } finally {
    rmSync(dirs.root, { recursive: true, force: true })
  }
}

/** Copies a failing case (links as links, FIFOs as FIFOs) to where it can be minimised. */
function keep(suite: string, config: FuzzConfig, dirs: CaseDirs, index: number, did: string, problems: string[]): string {
  const target = join(config.keep ?? join(tmpdir(), 'preview-data-fuzz'), `${suite}-${config.seed}-${index}`)
  rmSync(target, { recursive: true, force: true })
  mkdirSync(target, { recursive: true })
  try {
    execFileSync('cp', ['-a', dirs.inputs, dirs.outside, target])
  } catch {
    // What could be copied is there; the seed and case number rebuild the rest.
  }
  writeFileSync(join(target, 'case.txt'), `${repeatCommand(suite, config, index)}\n\nmade by: ${did}\n\nproblems:\n${problems.join('\n\n')}\n`)
  return target
}

const STACK = /\n\s+at .+:\d+:\d+\)?/
// What a terminal must never receive from the input: C0 and C1 controls (but newline and tab), bidi overrides.
const UNSAFE_ON_TERMINAL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/

/** What a CLI run left wrong: its exit code, its messages, its output set, its temporary files. */
function cliProblems(job: { argv: string[]; tty: boolean }, run: CliRun, outputs: Outputs, dirs: CaseDirs): string[] {
  const problems: string[] = []
  if (![0, 1, 2].includes(run.code)) problems.push(`exit code ${run.code}`)
  if (run.printed !== undefined) problems.push(`printed ${run.printed} characters: messages must quote a bounded part of the input`)
  if (STACK.test(run.stderr) || STACK.test(run.stdout)) problems.push(`a stack trace: ${(run.stderr + run.stdout).slice(0, 600)}`)
  if (job.tty) {
    // The progress line's own carriage returns and erase-line codes are the command's, not the input's.
    const shown = run.stderr.replace(/\r|\x1b\[K/g, '')
    const m = UNSAFE_ON_TERMINAL.exec(shown)
    if (m) problems.push(`a control character U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} printed on the terminal: ${JSON.stringify(shown.slice(Math.max(0, m.index - 60), m.index + 20))}`)
  }
  if (job.argv.includes('--format') && run.printed === undefined) {
    try {
      const result = JSON.parse(run.stdout) as unknown
      if (!validateCliResult(result)) problems.push(`--format json printed a result not in cli/output.schema.json: ${JSON.stringify(validateCliResult.errors).slice(0, 300)}`)
    } catch {
      problems.push(`--format json printed no JSON: ${run.stdout.slice(0, 300)}`)
    }
  }
  if (run.stderr.includes(dirs.canary) || run.stdout.includes(dirs.canary)) problems.push('printed text from outside the inputs')

  const present = outputs.files.filter((f) => existsSync(f))
  if (present.length > 0 && present.length < outputs.files.length) {
    problems.push(`half an output set: ${present.map((f) => basename(f)).join(', ')} written, ${outputs.files.filter((f) => !present.includes(f)).map((f) => basename(f)).join(', ')} not`)
  }
  if (run.code === 0 && present.length < outputs.files.length) problems.push(`exit 0 but ${outputs.files.length - present.length} outputs missing`)
  for (const file of present) {
    const text = readFileSync(file, 'utf8')
    if (text.includes(dirs.canary)) problems.push(`${basename(file)} holds text from outside the inputs`)
    if (file.endsWith('.json')) {
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        problems.push(`${basename(file)} is not JSON`)
        continue
      }
      if (file === outputs.files[0] && outputs.payload !== 'any') {
        const result = validatePreviewData(value)
        if (!result.ok) problems.push(`the payload written is invalid: ${JSON.stringify(result.errors.slice(0, 3))}`)
      }
    }
  }
  for (const folder of outputs.folders ?? []) {
    if (!existsSync(folder)) continue
    if (present.length === 0) problems.push(`${basename(folder)} written without the payload`)
    for (const rel of listTree(folder)) {
      const abs = join(folder, rel)
      if (!rel.endsWith('/') && lstatSync(abs).isFile() && readFileSync(abs).includes(dirs.canary)) problems.push(`media file ${rel} holds text from outside the inputs`)
    }
  }
  // Nothing else in the output folder: a leftover there is a temporary file the command did not remove.
  const allowed = new Set([...outputs.files, ...(outputs.folders ?? [])].map((f) => basename(f)))
  const stray = readdirSync(dirs.out).filter((name) => !allowed.has(name))
  if (stray.length > 0) problems.push(`left in the output folder: ${stray.join(', ')}`)
  return problems
}

/** Fails the test with every failing case, each with the command that repeats it. */
export function report(failures: Failure[]): string {
  return failures.map((f) => `case ${f.index}: ${f.problems.join(' | ').slice(0, 1500)}\n  made by: ${f.did.slice(0, 400)}\n  kept in: ${f.kept}\n  repeat: ${f.repeat}`).join('\n\n')
}

export type { Verdict }
