// Lints the package as it would be published: packs it once (dist/ must be built; CI runs `npm run build` first) and
// runs publint and arethetypeswrong on that tarball. Exits non-zero on any finding.
//
// Usage: npm run build && npm run check:exports
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

if (!existsSync('dist/index.js')) {
  console.error('check:exports: dist/ is not built; run npm run build first.')
  process.exit(2)
}
const folder = mkdtempSync(join(tmpdir(), 'preview-data-pack-'))
try {
  // --ignore-scripts: prepack would build again; the build is what is being checked.
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { encoding: 'utf8' })
  const tarball = join(folder, JSON.parse(out)[0].filename)
  execFileSync('npx', ['publint', 'run', tarball, '--strict'], { stdio: 'inherit' })
  // The package is ES modules only; CommonJS code loads it with require(esm) (Node 20.19 and later), so attw's
  // esm-only profile applies: it still checks the ESM resolution modes (node16 from ESM, bundler) of every subpath.
  execFileSync('npx', ['attw', tarball, '--profile', 'esm-only', '--format', 'table-flipped'], { stdio: 'inherit' })
} catch (error) {
  console.error(`check:exports failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
  process.exitCode = 1
} finally {
  rmSync(folder, { recursive: true, force: true })
}
