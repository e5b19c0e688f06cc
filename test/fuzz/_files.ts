/**
 * The file-system side of the fuzz suites: the folder each case runs in, a digest of everything a case must not
 * change (read without following links, so a FIFO never blocks and a link to `/dev/zero` is never read), and the
 * check that a CLI run left its outputs as a set.
 */
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A case's folders: its inputs, what lies outside them (link targets, the canary), its outputs, and the suite's
 * TMPDIR (one for the worker's life: code may keep the temporary folder it found first), empty between cases.
 */
export interface CaseDirs {
  root: string
  inputs: string
  outside: string
  out: string
  tmp: string
  /** A string written only outside the inputs: if any output or message holds it, something read outside. */
  canary: string
  /** A file outside the inputs holding the canary. */
  secret: string
}

/** A fresh folder for one suite's cases; `dispose` removes it. */
export function suiteFolder(suite: string): { path: string; dispose: () => void } {
  const path = mkdtempSync(join(tmpdir(), `pd-fuzz-${suite}-`))
  return { path, dispose: () => rmSync(path, { recursive: true, force: true }) }
}

export function caseDirs(suiteRoot: string, index: number): CaseDirs {
  const root = join(suiteRoot, `case-${index}`)
  rmSync(root, { recursive: true, force: true })
  const dirs = { root, inputs: join(root, 'in'), outside: join(root, 'outside'), out: join(root, 'out'), tmp: suiteTmp(suiteRoot) }
  for (const d of [dirs.inputs, dirs.outside, dirs.out, dirs.tmp]) mkdirSync(d, { recursive: true })
  const canary = `PDFUZZ-CANARY-${index}-${root.length}`
  const secret = join(dirs.outside, 'secret.md')
  writeFileSync(secret, `---\ntitle: ${canary}\n---\n\n${canary} is outside the inputs.\n`)
  // An image outside the folder, the canary in its bytes: a link to it must not deliver it as media.
  writeFileSync(join(dirs.outside, 'secret.png'), Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'), Buffer.from(canary)]))
  mkdirSync(join(dirs.outside, 'dir'))
  writeFileSync(join(dirs.outside, 'dir', 'post.md'), `---\ntitle: ${canary} too\ndate: 2024-01-01\n---\n\n${canary}\n`)
  return { ...dirs, canary, secret }
}

/** The TMPDIR of a suite's worker. */
export function suiteTmp(suiteRoot: string): string {
  return join(suiteRoot, 'tmp')
}

/** Makes a FIFO (there is no Node API for one); false when the system has no mkfifo. */
export function makeFifo(path: string | Buffer): boolean {
  try {
    execFileSync('mkfifo', [path.toString()])
    return true
  } catch {
    return false
  }
}

export function link(target: string, path: string | Buffer): boolean {
  try {
    symlinkSync(target, path)
    return true
  } catch {
    return false
  }
}

/**
 * A digest of a tree: every entry's name (as bytes), type, mode and size, a file's content, a link's target. Links are
 * not followed and special files not opened.
 */
export function digestTree(root: string): string {
  const hash = createHash('sha256')
  const walk = (dir: Buffer) => {
    const names = readdirSync(dir, { encoding: 'buffer' }).sort(Buffer.compare)
    for (const name of names) {
      const path = Buffer.concat([dir, Buffer.from('/'), name])
      const st = lstatSync(path)
      hash.update(path).update(`\0${st.mode}\0${st.size}\0${st.mtimeMs}\0`)
      if (st.isSymbolicLink()) hash.update(readlinkSync(path, { encoding: 'buffer' }))
      else if (st.isFile()) hash.update(readFileSync(path))
      else if (st.isDirectory()) walk(path)
    }
  }
  walk(Buffer.from(root))
  return hash.digest('hex')
}

/** Every entry below `dir` (relative, `/`-separated, names decoded loosely), links not followed. */
export function listTree(dir: string): string[] {
  const out: string[] = []
  const walk = (abs: string, rel: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name
      out.push(entry.isDirectory() ? `${r}/` : r)
      if (entry.isDirectory()) walk(join(abs, entry.name), r)
    }
  }
  walk(dir, '')
  return out.sort()
}

/** Reads a file as text, or undefined when it is not there. */
export function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}
