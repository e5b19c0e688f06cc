/**
 * The fuzz worker: runs one case at a time for the suite's thread, which times it and can end this thread when a
 * case hangs (a synchronous loop included) or exhausts its memory. Library calls are checked here, where their
 * results live; CLI runs report their exit code and output, and the suite checks the files they left.
 */
import { readFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
// Relative imports: this thread runs under tsx, outside vitest and its `preview-data-sdk` aliases.
import { assertPreviewData, canonicalizePreviewDataKeyOrder, ISSUE_CODES, PreviewDataError, validatePreviewData } from '../../src/index.js'
import type { PreviewData, ValidationResult } from '../../src/index.js'
import { importMarkdown } from '../../importers/markdown/index.js'
import { importWordPress } from '../../importers/wordpress/index.js'
import { runCli } from '../../cli/run.js'
import { valueDigest } from './_value.js'
import type { CliRun, Job, Verdict } from './_protocol.js'

const CODES = new Set<string>(ISSUE_CODES)

/** A thrown error that is a diagnostic: the SDK's error type, a documented code, a readable bounded message. */
export function diagnosticProblem(error: unknown): string | undefined {
  if (!(error instanceof PreviewDataError)) {
    const e = error as { name?: string; message?: string; stack?: string }
    return `threw ${e?.name ?? typeof error} (not a PreviewDataError): ${e?.stack ?? e?.message ?? String(error)}`
  }
  if (!CODES.has(error.code)) return `threw PreviewDataError with an undocumented code ${JSON.stringify(error.code)}`
  return messageProblem(error.message)
}

/** What is wrong with a diagnostic's message, if anything: blank, a stack trace, an object printed as text, unbounded. */
export function messageProblem(message: unknown): string | undefined {
  if (typeof message !== 'string' || message.trim() === '') return `a blank message: ${JSON.stringify(message)}`
  if (/\n\s+at .+:\d+:\d+/.test(message)) return `a stack trace in the message: ${message.slice(0, 400)}`
  if (message.includes('[object Object]')) return `"[object Object]" in the message: ${message.slice(0, 400)}`
  if (message.length > 8192) return `a message of ${message.length} characters (quote less of the input): ${message.slice(0, 200)}…`
  return undefined
}

function payloadProblem(payload: PreviewData, canary: string | undefined): string | undefined {
  const result = validatePreviewData(payload)
  if (!result.ok) return `returned a payload the validator refuses: ${JSON.stringify(result.errors.slice(0, 3))}`
  const text = JSON.stringify(payload)
  if (canary && text.includes(canary)) return 'the payload holds text from outside the inputs'
  return undefined
}

async function wordpress(job: Extract<Job, { target: 'wordpress' }>): Promise<Verdict> {
  try {
    const result = await importWordPress(job.files.length === 1 ? job.files[0] : job.files, job.options)
    const problem = payloadProblem(result.payload, job.canary)
    if (problem) return { ok: false, problem }
    if (job.canary && JSON.stringify(result.report).includes(job.canary)) return { ok: false, problem: 'the report holds text from outside the inputs' }
    return { ok: true, outcome: 'payload' }
  } catch (error) {
    const problem = diagnosticProblem(error)
    if (problem) return { ok: false, problem }
    if (job.canary && (error as Error).message.includes(job.canary)) return { ok: false, problem: 'the error holds text from outside the inputs' }
    return { ok: true, outcome: `error ${(error as PreviewDataError).code}` }
  }
}

async function markdown(job: Extract<Job, { target: 'markdown' }>): Promise<Verdict> {
  let result: Awaited<ReturnType<typeof importMarkdown>>
  try {
    result = await importMarkdown(job.dir, job.options)
  } catch (error) {
    // The options are fixed and valid: whatever the folder holds, one bad file must not sink the site.
    const e = error as Error
    return { ok: false, problem: `importMarkdown threw (a folder's content must give diagnostics): ${e?.stack ?? String(error)}` }
  }
  for (const d of result.diagnostics) {
    if (typeof d.file !== 'string' || typeof d.code !== 'string' || !Number.isInteger(d.line) || (d.severity !== 'error' && d.severity !== 'warning')) {
      return { ok: false, problem: `a malformed diagnostic: ${JSON.stringify(d).slice(0, 300)}` }
    }
    const problem = messageProblem(d.message)
    if (problem) return { ok: false, problem: `diagnostic ${d.code} for ${d.file}: ${problem}` }
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length
  if (result.ok !== (result.payload !== undefined && errors === 0)) return { ok: false, problem: `ok is ${result.ok} with ${errors} errors and ${result.payload ? 'a' : 'no'} payload` }
  if (result.payload === undefined && result.diagnostics.length === 0) return { ok: false, problem: 'no payload and no diagnostic saying why' }
  if (result.payload) {
    const problem = payloadProblem(result.payload, job.canary)
    if (problem) return { ok: false, problem }
  }
  if (job.canary && JSON.stringify(result).includes(job.canary)) return { ok: false, problem: 'the result holds text from outside the folder' }
  return { ok: true, outcome: result.payload ? `payload, ${errors ? 'errors' : result.diagnostics.length ? 'warnings' : 'clean'}` : 'no payload' }
}

const POINTER = /^(?:\/(?:[^~/]|~[01])*)*$/

function resultProblem(result: ValidationResult): string | undefined {
  if (typeof result !== 'object' || result === null || typeof result.ok !== 'boolean' || !Array.isArray(result.errors)) return `not a validation result: ${String(result)}`
  if (result.ok !== (result.errors.length === 0)) return `ok is ${result.ok} with ${result.errors.length} errors`
  for (const issue of result.errors) {
    if (!CODES.has(issue.code)) return `an undocumented code ${JSON.stringify(issue.code)}`
    if (typeof issue.path !== 'string' || !POINTER.test(issue.path)) return `a path that is not a JSON Pointer: ${JSON.stringify(issue.path)}`
    const problem = messageProblem(issue.message)
    if (problem) return `${issue.code} at ${issue.path}: ${problem}`
  }
  return undefined
}

/** Errors as a sorted list of code and path: key order may change the order they are found in, not what they are. */
function errorSet(result: ValidationResult): string {
  return result.errors
    .map((e) => `${e.code} ${e.path}`)
    .sort()
    .join('\n')
}

function payload(job: Extract<Job, { target: 'payload' }>): Verdict {
  const text = readFileSync(job.file, 'utf8')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: true, outcome: 'not JSON' }
  }
  const before = valueDigest(value, false)
  let first: ValidationResult
  try {
    first = validatePreviewData(value)
  } catch (error) {
    return { ok: false, problem: `validatePreviewData threw: ${(error as Error)?.stack ?? String(error)}` }
  }
  const shape = resultProblem(first)
  if (shape) return { ok: false, problem: `validatePreviewData: ${shape}` }
  if (valueDigest(value, false) !== before) return { ok: false, problem: 'validatePreviewData changed its input' }
  const again = validatePreviewData(value)
  if (errorSet(again) !== errorSet(first) || again.errors.length !== first.errors.length) return { ok: false, problem: 'validatePreviewData gave two answers for one value' }
  try {
    assertPreviewData(value)
    if (!first.ok) return { ok: false, problem: 'assertPreviewData accepted what validatePreviewData refuses' }
  } catch (error) {
    if (first.ok) return { ok: false, problem: `assertPreviewData threw on a valid payload: ${String(error)}` }
    if (!(error instanceof PreviewDataError)) return { ok: false, problem: `assertPreviewData threw ${String(error)}` }
  }

  let canonical: unknown
  try {
    canonical = canonicalizePreviewDataKeyOrder(value as PreviewData)
  } catch (error) {
    const problem = diagnosticProblem(error)
    if (problem) return { ok: false, problem: `canonicalizePreviewDataKeyOrder ${problem}` }
    return { ok: true, outcome: `${first.ok ? 'valid' : 'invalid'}, canonicalize refused: ${(error as PreviewDataError).code}` }
  }
  if (valueDigest(value, false) !== before) return { ok: false, problem: 'canonicalizePreviewDataKeyOrder changed its input' }
  if (valueDigest(canonical, true) !== valueDigest(value, true)) return { ok: false, problem: 'canonicalizePreviewDataKeyOrder changed a value, not only key order' }
  const after = validatePreviewData(canonical)
  if (after.ok !== first.ok || errorSet(after) !== errorSet(first)) {
    return { ok: false, problem: `the canonical payload validates otherwise: before ${errorSet(first).slice(0, 300) || 'ok'}; after ${errorSet(after).slice(0, 300) || 'ok'}` }
  }
  const twice = canonicalizePreviewDataKeyOrder(canonical as PreviewData)
  if (valueDigest(twice, false) !== valueDigest(canonical, false)) return { ok: false, problem: 'canonicalizing twice gives another key order' }
  return { ok: true, outcome: first.ok ? 'valid' : `invalid: ${first.errors[0]?.code}` }
}

const PRINTED_LIMIT = 16 << 20

async function cli(job: Extract<Job, { target: 'cli' }>): Promise<Verdict> {
  let stdout = ''
  let stderr = ''
  try {
    const code = await runCli(job.argv, {
      stdout: (s) => void (stdout += s),
      stderr: (s) => void (stderr += s),
      isTTY: job.tty,
      cwd: job.cwd,
      env: { NO_COLOR: '1' },
      readStdin: async () => '',
    })
    // What the command printed goes back whole up to a bound no case's messages come near; past it, the size is reported.
    const printed = stdout.length + stderr.length
    const run: CliRun = { code, stdout: stdout.slice(0, PRINTED_LIMIT), stderr: stderr.slice(0, PRINTED_LIMIT), ...(printed > PRINTED_LIMIT ? { printed } : {}) }
    return { ok: true, outcome: `exit ${code}`, run }
  } catch (error) {
    return { ok: false, problem: `the command failed with an internal error (the bin prints "internal error"): ${(error as Error)?.stack ?? String(error)}` }
  }
}

async function handle(job: Job): Promise<Verdict> {
  switch (job.target) {
    case 'warm': {
      // The first case should not pay for compiling what every case runs.
      const payload = JSON.parse(readFileSync(new URL('../fixtures/schema/full.json', import.meta.url), 'utf8')) as PreviewData
      validatePreviewData(payload)
      validatePreviewData({ ...payload, content: { posts: [{}] } })
      canonicalizePreviewDataKeyOrder(payload)
      const quiet = { stdout: () => {}, stderr: () => {}, isTTY: false, cwd: process.cwd() }
      for (const argv of [['validate', '--help'], ['canonicalize', '--help'], ['import', 'markdown', '--help'], ['import', 'wordpress', '--help']]) await runCli(argv, quiet)
      return { ok: true, outcome: 'warm' }
    }
    case 'wordpress':
      return wordpress(job)
    case 'markdown':
      return markdown(job)
    case 'payload':
      return payload(job)
    case 'cli':
      return cli(job)
    case 'fault':
      return { ok: false, problem: 'fault jobs run on _fault-worker.mjs' }
  }
}

parentPort?.on('message', (job: Job) => {
  handle(job).then(
    (verdict) => parentPort?.postMessage(verdict),
    (error: unknown) => parentPort?.postMessage({ ok: false, problem: `the check itself failed: ${(error as Error)?.stack ?? String(error)}` } satisfies Verdict),
  )
})
