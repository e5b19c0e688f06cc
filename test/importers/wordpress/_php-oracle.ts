import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// The WordPress whose own PHP functions the oracle tests run: WORDPRESS_PATH, else Debian's package.
export const wordpress = process.env.WORDPRESS_PATH ?? '/usr/share/wordpress'
export const oracleReady = spawnSync('php', ['--version']).status === 0 && existsSync(`${wordpress}/wp-includes/formatting.php`)

/** A describe title naming the WordPress compared with, or why the comparison is skipped. */
export const againstWordPress = (what: string) =>
  `${what} (${oracleReady ? wordpress : 'skipped: needs php and a WordPress install at WORDPRESS_PATH or /usr/share/wordpress'})`

/**
 * What `script` (a PHP file next to this one, given the WordPress's path) prints for each input, sent to it as a
 * JSON line; its answers are JSON lines too.
 */
export function askWordPress(script: string, inputs: readonly unknown[]): string[] {
  const path = fileURLToPath(new URL(`./${script}`, import.meta.url))
  const input = inputs.map((i) => JSON.stringify(i)).join('\n') + '\n'
  const run = spawnSync('php', [path, wordpress], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (run.status !== 0) throw new Error(`${script} failed: ${run.stderr}`)
  const printed = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as string)
  if (printed.length !== inputs.length) throw new Error(`${script} answered ${printed.length} of ${inputs.length} inputs`)
  return printed
}
