import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll } from 'vitest'
import { runCli } from '../../cli/run.js'
import type { CliIo } from '../../cli/io.js'

export const repo = fileURLToPath(new URL('../../', import.meta.url))
export const wxrFixtures = join(repo, 'test/fixtures/wordpress')
export const mdFixtures = join(repo, 'test/fixtures/markdown')

const made: string[] = []
// Registered by each test file that imports these helpers: its temporary folders (FIFOs and device nodes included) go
// when it ends.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A fresh temporary folder for one test, removed when the test file ends. */
export function tempDir(prefix = 'pd-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

/** What one in-process run of the CLI printed, and its exit code. */
export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Runs `preview-data <argv>` in-process with a captured io. */
export async function cli(argv: string[], cwd: string, io: Partial<CliIo> = {}): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), isTTY: false, cwd, env: {}, readStdin: async () => '', ...io })
  return { code, stdout, stderr }
}

const ajv = new Ajv2020({ allErrors: true, strict: true })
const validateOutput = ajv.compile(JSON.parse(readFileSync(join(repo, 'cli/output.schema.json'), 'utf8')))

/** Parses a `--format json` result and checks it against `cli/output.schema.json`; throws with ajv's errors if it does not fit. */
export function resultOf(run: Run): { ok: boolean; command: string; summary: Record<string, unknown>; diagnostics: Array<Record<string, unknown>> } {
  const value = JSON.parse(run.stdout) as ReturnType<typeof resultOf>
  if (!validateOutput(value)) throw new Error(`not the documented shape: ${JSON.stringify(validateOutput.errors)}\n${run.stdout}`)
  return value
}
