import type { ImportMarkdownOptions } from '../../importers/markdown/index.js'
import type { ImportWordPressOptions } from '../../importers/wordpress/index.js'

/** One thing for the worker to run. `canary` is text only outside the inputs: no result may hold it. */
export type Job =
  | { target: 'warm' }
  | { target: 'wordpress'; files: string[]; options: ImportWordPressOptions; canary?: string }
  | { target: 'markdown'; dir: string; options: ImportMarkdownOptions; canary?: string }
  | { target: 'payload'; file: string }
  | { target: 'cli'; argv: string[]; cwd: string; tty: boolean }
  /** The harness's own test: a case that hangs, exhausts memory, or reports a CLI run after writing files. */
  | { target: 'fault'; kind: 'hang' | 'memory' | 'cli'; run?: CliRun; write?: Array<[string, string]> }

/** What a CLI run printed and returned. */
export interface CliRun {
  code: number
  stdout: string
  stderr: string
  /** Characters printed, when over the bound (16 Mi) past which only the start comes back. */
  printed?: number
}

/** A case's end: fine (with what happened, for the tally), or a problem the SDK must fix. */
export type Verdict = { ok: true; outcome: string; run?: CliRun } | { ok: false; problem: string }
