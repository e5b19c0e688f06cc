// Issue 15 item 12 (and item 3's failure path): every output, the WordPress importer's streamed payload included, is
// flushed to disk before it is renamed over its target, and its folder is flushed after, so a crash cannot leave an
// empty or partial file under the final name. The file system calls are recorded, in order, by wrapping node:fs.
import { cpSync, readdirSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type * as Fs from 'node:fs'
import type * as FsPromises from 'node:fs/promises'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { validPayload } from '../helpers/payload.js'
import { cli, repo, tempDir } from './_helpers.js'

const calls: string[] = []
const failing = new Set<string>()

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>()
  const open: typeof real.open = async (path, ...rest) => {
    const handle = await real.open(path, ...rest)
    const name = basename(String(path))
    const sync = handle.sync.bind(handle)
    const write = handle.write.bind(handle) as (...a: unknown[]) => Promise<{ bytesWritten: number }>
    handle.sync = async () => {
      calls.push(`sync ${name}`)
      return sync()
    }
    // A target listed in `failing` runs out of space on its temporary file.
    handle.write = (async (...a: unknown[]) => {
      if ([...failing].some((f) => name.startsWith(`.${f}.`))) throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' })
      return write(...a)
    }) as typeof handle.write
    return handle
  }
  return { ...real, open, default: { ...real, open } }
})

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof Fs>()
  const renameSync: typeof real.renameSync = (from, to) => {
    calls.push(`rename ${basename(String(from))} -> ${basename(String(to))}`)
    return real.renameSync(from, to)
  }
  return { ...real, renameSync, default: { ...real, renameSync } }
})

beforeEach(() => {
  calls.length = 0
  failing.clear()
})

/** The recorded calls about `target`: its temporary file's flush, its rename, and its folder's flush. */
function about(target: string, folder: string): string[] {
  return calls.filter((c) => c.includes(`.${target}.`) || c === `sync ${folder}`).map((c) => c.replace(/\.\d+-\d+\.preview-data\.tmp/, '.tmp'))
}

describe('flushed before the rename, the folder after', () => {
  test('canonicalize -o', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    expect((await cli(['canonicalize', 'p.json', '-o', 'out.json'], dir)).code).toBe(0)
    expect(about('out.json', basename(dir))).toEqual(['sync .out.json.tmp', 'rename .out.json.tmp -> out.json', `sync ${basename(dir)}`])
  })

  test('import wordpress: the streamed payload, the report and the redirects', async () => {
    const dir = tempDir()
    cpSync(join(repo, 'examples/wordpress-export.xml'), join(dir, 'e.xml'))
    expect((await cli(['import', 'wordpress', 'e.xml', '-o', 'p.json', '--report', 'r.json', '--redirects', '_redirects'], dir)).code).toBe(0)
    const mine = calls.filter((c) => /\.(p\.json|r\.json|_redirects)\.|^sync pd-cli-/.test(c)).map((c) => c.replace(/\.\d+-\d+\.preview-data\.tmp/, '.tmp'))
    // Every file is flushed before any is renamed; the renames run together; the folder is flushed last.
    expect(mine).toEqual([
      'sync .p.json.tmp',
      'sync .r.json.tmp',
      'sync ._redirects.tmp',
      'rename .p.json.tmp -> p.json',
      'rename .r.json.tmp -> r.json',
      'rename ._redirects.tmp -> _redirects',
      `sync ${basename(dir)}`,
    ])
  })

  test('outputs in two folders: each folder is flushed', async () => {
    const dir = tempDir()
    const other = tempDir()
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    cpSync(join(repo, 'examples/site'), join(dir, 'site'), { recursive: true })
    expect((await cli(['import', 'markdown', 'site', '-o', 'p2.json', '--report', join(other, 'r.json')], dir)).code).toBe(0)
    expect(calls.filter((c) => c.startsWith('sync pd-cli-'))).toEqual([`sync ${basename(dir)}`, `sync ${basename(dirname(join(other, 'r.json')))}`])
  })
})

test('a failed temporary file renames nothing and removes every temporary file', async () => {
  const dir = tempDir()
  cpSync(join(repo, 'examples/wordpress-export.xml'), join(dir, 'e.xml'))
  writeFileSync(join(dir, 'p.json'), 'previous')
  failing.add('r.json')
  const run = await cli(['import', 'wordpress', 'e.xml', '-o', 'p.json', '--report', 'r.json', '--redirects', '_redirects'], dir)
  expect(run.code).toBe(2)
  expect(run.stderr).toMatch(/preview-data import wordpress: cannot write r\.json: no space left on the device\npreview-data import wordpress: nothing written \(p\.json, r\.json, _redirects left as they were\)\n/)
  expect(calls.filter((c) => c.startsWith('rename'))).toEqual([])
  expect(readdirSync(dir).sort()).toEqual(['e.xml', 'p.json'])
})
