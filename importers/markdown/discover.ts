import { readdir, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Diagnostics } from './diagnostics.js'
import { compareCodeUnits } from '../../src/compare.js'

/** A file found under the input folder. */
export interface DiscoveredFile {
  /** Path relative to the input folder, with `/` separators. */
  rel: string
  abs: string
  /**
   * The file's own path relative to the input folder, when it was reached through a symbolic link (`alias/n.md` of
   * `alias -> notes` is `notes/n.md`): generators publish it at every path that leads to it, the importer once.
   */
  real?: string
}

/** The folder's files in a deterministic order, plus a set of their relative paths for existence checks. */
export interface Discovery {
  files: DiscoveredFile[]
  paths: Set<string>
  /** Entries that could not be walked (a name that is not UTF-8, a link leaving the folder), already reported. */
  rejected: Array<{ rel: string; reason: string }>
  /**
   * The packages the root `package.json` depends on (`next`, `@astrojs/starlight`, `@11ty/eleventy`), read as data
   * before detection: evidence of the generator when its configuration is code or absent.
   */
  dependencies?: ReadonlySet<string>
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** A file name's bytes as text, or null when they are not UTF-8 (such a name cannot be written in a payload or a URL). */
function nameOf(bytes: Buffer): string | null {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return null
  }
}

/** A name with bytes that are not UTF-8 shown as `\xNN`, for messages. */
export function escapeName(bytes: Buffer): string {
  let out = ''
  let i = 0
  while (i < bytes.length) {
    // Decode the longest valid UTF-8 run, escaping one byte at a time where decoding fails.
    let j = i + 1
    let ok = ''
    for (let k = Math.min(bytes.length, i + 4); k > i; k--) {
      const s = nameOf(bytes.subarray(i, k))
      if (s !== null) {
        ok = s
        j = k
        break
      }
    }
    out += ok !== '' ? ok : `\\x${bytes[i].toString(16).padStart(2, '0').toUpperCase()}`
    i = ok !== '' ? j : i + 1
  }
  return out
}

/** Hidden files that are a generator's configuration, not tool state: read as evidence (Eleventy's config and ignores, Material for MkDocs' blog authors). */
const CONFIG_DOTFILES = new Set(['.eleventy.js', '.eleventy.cjs', '.eleventy.mjs', '.eleventyignore', '.authors.yml'])
/**
 * Hidden folders that hold a generator's configuration and public files (VuePress's `.vuepress/config.ts` and
 * `.vuepress/public/`, VitePress's `.vitepress/config.mts`): walked, except their build output and caches.
 */
const CONFIG_DOTDIRS = new Set(['.vuepress', '.vitepress'])
/** Folders inside those that a build writes (`.vuepress/dist`, `.vitepress/cache`): never content. */
const BUILD_DIRS = new Set(['dist', 'cache'])

/** Folder names never walked: tool state and dependencies, not content. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.hg', '.svn'])

/**
 * Walks `root` with at most `concurrency` directory reads in flight. Symbolic links are followed only when their
 * target stays inside the folder (anything else is reported and skipped), and files come back sorted by relative
 * path so that the file system's listing order never reaches the payload.
 *
 * Linked folders are walked after the plain tree, one link at a time in path order, and a folder a link reaches that
 * an earlier link's walk went through is not walked again: links to each level of a nested chain (`l1 -> a`,
 * `l2 -> a/a`, …) walked every level's subtree again, time and memory growing with the square of the chain.
 * Taking the links in order keeps which paths are found the same on every run.
 */
export async function discover(root: string, diagnostics: Diagnostics, concurrency = 8): Promise<Discovery> {
  const realRoot = await realpath(root)
  const files: DiscoveredFile[] = []
  const rejected: Discovery['rejected'] = []
  // Real paths of the folders walked through links (and the root): a link there is not walked again.
  const seenDirs = new Set<string>([realRoot])
  // Folders to walk, each with its real path relative to the root (another one below a link).
  const queue: Array<{ rel: string; real: string }> = [{ rel: '', real: '' }]
  // Links to folders met on the way, walked after the walk that met them.
  let links: Array<{ rel: string; real: string; abs: string }> = []
  // The real paths of the folders the current link's walk went through.
  let walking: string[] = []
  let active = 0

  const inside = (real: string) => real === realRoot || real.startsWith(realRoot + path.sep)

  async function walk({ rel: relDir, real: realDir }: { rel: string; real: string }): Promise<void> {
    const absDir = relDir === '' ? root : path.join(root, relDir)
    if (realDir !== relDir) {
      // Inside a link's walk: a folder an earlier link's walk went through is not walked twice.
      const realAbs = path.join(realRoot, realDir)
      if (seenDirs.has(realAbs)) return
      walking.push(realAbs)
    }
    // Names are read as bytes: a name that is not UTF-8 would otherwise arrive with U+FFFD in it, naming no file.
    const entries = await readdir(absDir, { withFileTypes: true, encoding: 'buffer' })
    for (const entry of entries) {
      const name = nameOf(entry.name)
      if (name === null) {
        const shown = `${relDir === '' ? '' : relDir + '/'}${escapeName(entry.name)}`
        rejected.push({ rel: shown, reason: 'invalid-file-name' })
        diagnostics.error(shown, 0, 'invalid_file_name', `The ${entry.isDirectory() ? 'folder' : 'file'} name "${shown}" is not valid UTF-8, so it was skipped${entry.isDirectory() ? ' with everything in it' : ''}. Rename it (for example with convmv -f latin1 -t utf8).`)
        continue
      }
      if ((name.startsWith('.') && !(CONFIG_DOTFILES.has(name) && entry.isFile()) && !(CONFIG_DOTDIRS.has(name) && entry.isDirectory())) || SKIPPED_DIRS.has(name)) continue
      if (BUILD_DIRS.has(name) && CONFIG_DOTDIRS.has(relDir.split('/').pop() ?? '')) continue
      const rel = relDir === '' ? name : `${relDir}/${name}`
      const abs = path.join(absDir, name)
      const realRel = realDir === relDir ? undefined : realDir === '' ? name : `${realDir}/${name}`
      if (entry.isSymbolicLink()) {
        let real: string
        try {
          real = await realpath(abs)
        } catch {
          diagnostics.warn(rel, 0, 'symlink_outside', `The symbolic link "${rel}" is broken; it was skipped. Remove it or point it at a file inside the folder.`)
          rejected.push({ rel, reason: 'broken-link' })
          continue
        }
        if (!inside(real)) {
          diagnostics.warn(rel, 0, 'symlink_outside', `The symbolic link "${rel}" leads outside the input folder, so it was not followed. Copy the target into the folder if it belongs to the site.`)
          rejected.push({ rel, reason: 'outside-folder' })
          continue
        }
        const st = await stat(real)
        const target = path.relative(realRoot, real).split(path.sep).join('/')
        if (st.isDirectory()) links.push({ rel, real: target, abs: real })
        else if (st.isFile()) files.push({ rel, abs, real: target })
      } else if (entry.isDirectory()) {
        queue.push({ rel, real: realRel ?? rel })
      } else if (entry.isFile()) {
        files.push({ rel, abs, ...(realRel !== undefined ? { real: realRel } : {}) })
      }
    }
  }

  await walkQueue()
  // Links met in one round are walked in path order; those their walks meet, in the next round.
  while (links.length > 0) {
    const round = links.sort((x, y) => compareCodeUnits(x.rel, y.rel))
    links = []
    for (const link of round) {
      if (seenDirs.has(link.abs)) continue
      walking = []
      queue.push({ rel: link.rel, real: link.real })
      await walkQueue()
      for (const dir of walking) seenDirs.add(dir)
    }
  }

  function walkQueue(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let failed = false
      const pump = () => {
        if (failed) return
        if (queue.length === 0 && active === 0) return resolve()
        while (active < concurrency && queue.length > 0) {
          const next = queue.shift() as { rel: string; real: string }
          active++
          walk(next).then(
            () => {
              active--
              pump()
            },
            (err: unknown) => {
              failed = true
              reject(err)
            },
          )
        }
      }
      pump()
    })
  }

  files.sort((a, b) => compareCodeUnits(a.rel, b.rel))
  rejected.sort((a, b) => compareCodeUnits(a.rel, b.rel))
  return { files, paths: new Set(files.map((f) => f.rel)), rejected }
}

/** Resolves `ref` (relative to the folder of `fromRel`, or to the root when it starts with `/`) to a relative path, or null when it leaves the folder. */
export function resolveRelative(fromRel: string, ref: string): string | null {
  const base = ref.startsWith('/') ? '' : path.posix.dirname(fromRel)
  const joined = path.posix.normalize(path.posix.join(base === '.' ? '' : base, ref.replace(/^\/+/, '')))
  if (joined === '..' || joined.startsWith('../') || joined.startsWith('/')) return null
  return joined === '.' ? '' : joined
}

/**
 * Documents with one path each: of the paths leading to one file (a folder linked to another, `posts/loop -> .`), the
 * file's own path when it is a document, else the first in order; `duplicate` is told of each other path.
 */
export function onePathEach(files: readonly DiscoveredFile[], duplicate: (rel: string, of: string) => void): DiscoveredFile[] {
  const byReal = new Map<string, DiscoveredFile>()
  for (const f of files) {
    const real = f.real ?? f.rel
    const known = byReal.get(real)
    if (known === undefined || (known.real !== undefined && f.real === undefined)) byReal.set(real, f)
  }
  const kept = new Set(byReal.values())
  for (const f of files) if (!kept.has(f)) duplicate(f.rel, (byReal.get(f.real ?? f.rel) as DiscoveredFile).rel)
  return files.filter((f) => kept.has(f))
}
