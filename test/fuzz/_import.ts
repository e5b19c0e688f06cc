import { join } from 'node:path'
import type { CaseDirs } from './_files.js'
import type { Random } from './_random.js'
import type { CaseJob, Outputs } from './_suite.js'

export const GENERATED_AT = '2026-01-01T00:00:00Z'

/**
 * An `import markdown|wordpress` run with the shared options drawn at random (report, redirects in each format,
 * drafts, --strict, --format json, a terminal or not), and the output set it may leave.
 */
export function importRun(rnd: Random, dirs: CaseDirs, kind: 'markdown' | 'wordpress', sources: string[], own: string[] = [], folders: string[] = []): CaseJob & { outputs: Outputs } {
  const payload = join(dirs.out, 'payload.json')
  const report = join(dirs.out, 'report.json')
  const redirects = join(dirs.out, rnd.pick(['_redirects', 'redirects.conf', 'redirects.json']))
  const withReport = rnd.chance(0.6)
  const withRedirects = rnd.chance(0.6)
  const argv = [
    'import',
    kind,
    ...sources,
    '-o',
    payload,
    '--generated-at',
    GENERATED_AT,
    ...(withReport ? ['--report', report] : []),
    ...(withRedirects ? ['--redirects', redirects] : []),
    ...(rnd.chance(0.3) ? ['--drafts', 'include'] : []),
    ...(rnd.chance(0.15) ? ['--strict'] : []),
    ...(rnd.chance(0.3) ? ['--format', 'json'] : []),
    ...own,
  ]
  return {
    label: 'cli',
    job: { target: 'cli', argv, cwd: dirs.root, tty: rnd.chance(0.3) },
    outputs: { files: [payload, ...(withReport ? [report] : []), ...(withRedirects ? [redirects] : [])], folders, payload: 'valid' },
  }
}
