// Where the corpus lives and which sites it has: shared by fetch.mjs, oracle.mjs and the measuring code.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The repository's root. */
export const repoRoot = path.resolve(here, '../..')

/** The ignored folder the corpus is fetched into; PREVIEW_DATA_CORPUS moves it (for a shared copy). */
export const corpusDir = path.resolve(process.env.PREVIEW_DATA_CORPUS ?? path.join(repoRoot, '.corpus'))

/** `.corpus/<id>/`: `site/` (the content), `fetch.json` (what was unpacked), `oracle.json` (what the generator published). */
export function siteDir(id) {
  return path.join(corpusDir, id)
}

/** The sites of sites.json, or only those named in `names` (an unknown name is an error). */
export async function loadSites(names = []) {
  const { sites } = JSON.parse(await readFile(path.join(here, 'sites.json'), 'utf8'))
  if (names.length === 0) return sites
  const unknown = names.filter((n) => !sites.some((s) => s.id === n))
  if (unknown.length > 0) throw new Error(`No corpus site is called ${unknown.join(', ')}; the sites are ${sites.map((s) => s.id).join(', ')}.`)
  return sites.filter((s) => names.includes(s.id))
}

/** Whether a relative path matches one of the globs (`*` within a segment, `**` across segments). */
export function matchesAny(rel, globs) {
  return globs.some((g) => globRegExp(g).test(rel))
}

const globCache = new Map()

function globRegExp(glob) {
  let re = globCache.get(glob)
  if (!re) {
    const source = glob
      .split('/')
      .map((seg) => (seg === '**' ? '\u0000' : seg.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
      .join('/')
      .replace(/\u0000\//g, '(?:.*/)?')
      .replace(/\/\u0000/g, '(?:/.*)?')
      .replace(/\u0000/g, '.*')
    re = new RegExp(`^${source}$`)
    globCache.set(glob, re)
  }
  return re
}
