// Installs a generator's exact packages into a scratch folder (outside the repository, never as this project's
// dependencies). Install scripts are not run; generators that need a native binary get it from npm's optional
// platform packages, which need no script.
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export async function installGenerator(work, packages) {
  await writeFile(path.join(work, 'package.json'), JSON.stringify({ private: true }) + '\n')
  await run('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', ...packages], { cwd: work, maxBuffer: 64 << 20 })
    .catch((error) => { throw new Error(`could not install ${packages.join(' ')}: ${error.stderr || error.message}`) })
}

