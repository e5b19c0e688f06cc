// "Every README command must work as written": each line of the README's "Command line" block runs, in the order
// written, in a folder set up as `npm run example` leaves this one (the examples and example-payload.json), and
// exits 0. A renamed option, a changed default or a new refusal breaks it here, not for a new user.
import { cpSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { cli, repo, tempDir } from './_helpers.js'

const readme = readFileSync(join(repo, 'README.md'), 'utf8')
const section = readme.slice(readme.indexOf('\n## Command line'))
const block = /```sh\n([\s\S]*?)```/.exec(section)![1]
const lines = block
  .split('\n')
  .map((line) => line.replace(/\s+#.*$/, '').trim())
  .filter((line) => line !== '')

test('the block is what this test reads: preview-data commands, alone or in a pipe', () => {
  expect(lines.length).toBeGreaterThanOrEqual(10)
  for (const line of lines) expect(line).toMatch(/^(npx preview-data |cat \S+ \| npx preview-data )/)
})

test('every command of the README runs as written and exits 0', async () => {
  const dir = tempDir('pd-readme-')
  cpSync(join(repo, 'examples'), join(dir, 'examples'), { recursive: true })
  // What `npm run example` writes (its first command), and the command lines assume.
  expect((await cli(['import', 'markdown', 'examples/site', '-o', 'example-payload.json', '--quiet'], dir)).code).toBe(0)
  for (const line of lines) {
    let input = ''
    let last = { code: 0, stdout: '', stderr: '' }
    for (const stage of line.split(' | ')) {
      const [program, ...args] = stage.split(/\s+/)
      if (program === 'cat') {
        input = readFileSync(join(dir, args[0]), 'utf8')
        continue
      }
      expect(`${program} ${args[0]}`).toBe('npx preview-data')
      const piped = input
      last = await cli(args.slice(1), dir, { readStdin: async () => piped })
      expect({ line, stage, code: last.code, stderr: last.code === 0 ? '' : last.stderr }).toEqual({ line, stage, code: 0, stderr: '' })
      input = last.stdout
    }
  }
}, 60_000)
