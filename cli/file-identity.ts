/**
 * Which file a path names, after symbolic links, so two names of one file (a link, `./a` and `a`, a hard link) are
 * recognised as the same. Used to keep outputs off inputs and off each other.
 */
import { readdir, readlink, realpath, stat } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep, isAbsolute } from 'node:path'

/** A path resolved to the file it names: its real absolute path, and its device and inode when it exists. */
export interface FileIdentity {
  /** The path as the user gave it, for messages. */
  given: string
  /** Absolute, with every symbolic link resolved (for a file that does not exist yet, its folder's links). */
  real: string
  stats?: Stats
}

/** Resolves `path` (relative to `cwd`) to the file it names. */
export async function identify(path: string, cwd: string): Promise<FileIdentity> {
  return { given: path, ...(await resolveFile(resolve(cwd, path), 0)) }
}

// As the kernel's limit on links followed in one lookup (Linux MAXSYMLINKS).
const MAX_LINKS = 40

async function resolveFile(absolute: string, links: number): Promise<Omit<FileIdentity, 'given'>> {
  try {
    const real = await realpath(absolute)
    return { real, stats: await stat(real) }
  } catch {
    // Not there (yet): a dangling link still says where a write would land, and so do its folder's links.
    const target = await readlink(absolute).catch(() => undefined)
    if (target !== undefined && links < MAX_LINKS) return resolveFile(resolve(dirname(absolute), target), links + 1)
    try {
      return { real: join(await realpath(dirname(absolute)), basename(absolute)) }
    } catch {
      return { real: absolute }
    }
  }
}

/** Whether two identities name one file: the same real path, or (both existing) the same device and inode. */
export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  if (a.real === b.real) return true
  return a.stats !== undefined && b.stats !== undefined && a.stats.dev === b.stats.dev && a.stats.ino === b.stats.ino
}

/** Whether `inner` is `outer` or lies inside it (real paths). */
export function isWithin(inner: string, outer: string): boolean {
  const rel = relative(outer, inner)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

/**
 * Whether any file below `folder` is the file `target` names through a hard link (same device and inode). Only a
 * file with more than one link can be reached that way, so the caller walks only for those.
 */
export async function hasHardLinkIn(folder: string, target: Stats): Promise<boolean> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (entry.isDirectory()) continue
    // `parentPath` is Node 20.12+; `path` is its older name.
    const parent = (entry as unknown as { parentPath?: string; path: string }).parentPath ?? (entry as unknown as { path: string }).path
    const s = await stat(join(parent, entry.name)).catch(() => undefined)
    if (s && s.dev === target.dev && s.ino === target.ino) return true
  }
  return false
}
