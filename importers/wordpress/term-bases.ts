/**
 * WordPress serves category and tag archives at `/category/<slug>/` and `/tag/<slug>/` unless the site set other bases
 * (`/rubrique/`, `/section/`), which an export does not record. Links show them: a link to the old site whose path ends
 * in a category's slug (after its parents) names the base before it. `TermBaseVotes` counts those, reading bodies and
 * menu links as they pass, within a budget, so the bases the site used are kept.
 */

// Characters of bodies read for votes; past this the answer is settled or the site links to no archive.
const SCAN_BUDGET = 8 * 1024 * 1024
// Votes after which a taxonomy's base is settled.
const ENOUGH = 50

const HREF = /\shref\s*=\s*["'](?:(?:https?:)?\/\/([^/"'?#\s]+))?(\/[^"'?#\s]*)/gi

/** Votes for where a site kept its category and tag archives. */
export class TermBaseVotes {
  readonly #votes = { category: new Map<string, number>(), tag: new Map<string, number>() }
  #budget = SCAN_BUDGET
  #total = { category: 0, tag: 0 }

  /**
   * Reads the links of a body (or a menu item's URL, given as `href="…"`), while the budget lasts. A body given as its
   * UTF-8 bytes is read as Latin-1 (one character per byte), and only while the budget lasts.
   */
  scan(body: string | Buffer, terms: { category: ReadonlySet<string>; tag: ReadonlySet<string> }): void {
    if (this.#budget <= 0 || (this.#total.category >= ENOUGH && this.#total.tag >= ENOUGH)) return
    const html = typeof body === 'string' ? body : body.toString('latin1')
    this.#budget -= html.length
    if (!html.includes('href')) return
    for (const m of html.matchAll(HREF)) {
      const host = (m[1] ?? '').toLowerCase().replace(/^www\./, '').replace(/:\d+$/, '')
      const segments = m[2].split('/').filter((s) => s !== '').map(decode)
      for (const taxonomy of ['category', 'tag'] as const) {
        const prefix = archivePrefix(segments, terms[taxonomy])
        if (prefix === undefined) continue
        const key = `${host}|${prefix}`
        this.#votes[taxonomy].set(key, (this.#votes[taxonomy].get(key) ?? 0) + 1)
        this.#total[taxonomy]++
      }
    }
  }

  /**
   * Each taxonomy's base as most links on the old site (`hosts`, or root-relative) show it, below the blog's path;
   * undefined where no link shows one.
   * @example
   * votes.bases(new Set(['old.test']), '') // { category: 'rubrique', tag: 'mot-cle' }
   */
  bases(hosts: ReadonlySet<string>, basePath: string): { category?: string; tag?: string } {
    const out: { category?: string; tag?: string } = {}
    const base = basePath.split('/').filter(Boolean).map(decode).join('/')
    for (const taxonomy of ['category', 'tag'] as const) {
      let best: { prefix: string; votes: number } | undefined
      for (const [key, votes] of this.#votes[taxonomy]) {
        const [host, prefix] = key.split('|')
        if (host !== '' && !hosts.has(host)) continue
        const below = base ? (prefix.startsWith(base + '/') ? prefix.slice(base.length + 1) : undefined) : prefix
        if (!below) continue
        if (best === undefined || votes > best.votes || (votes === best.votes && below < best.prefix)) best = { prefix: below, votes }
      }
      if (best) out[taxonomy] = best.prefix
    }
    return out
  }
}

/**
 * The path before a term archive's slug (and the slugs of its parents, which nested categories' archives carry), or
 * undefined when the path does not end in a term's slug, or what comes before it looks like a date (a post's URL).
 */
export function archivePrefix(segments: readonly string[], slugs: ReadonlySet<string>): string | undefined {
  let end = segments.length
  while (end > 0 && slugs.has(segments[end - 1].toLowerCase())) end--
  if (end === segments.length || end === 0) return undefined
  const prefix = segments.slice(0, end)
  if (prefix.some((s) => /^\d+$/.test(s))) return undefined
  return prefix.join('/')
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment).normalize('NFC')
  } catch {
    return segment
  }
}

/**
 * Notes for the report when a site is shown to have changed one archive base (Settings → Permalinks holds both) but
 * no link shows the other, which the import then serves at WordPress's default: the export does not record it, so
 * only the caller can say it (`--site` with `permalinks.tags` or `permalinks.categories`). `used` says which
 * taxonomies imported items use; `overridden`, which the caller already set; `defaults`, WordPress's default bases
 * under the structure's front (`blog/tag` for `/blog/%postname%/`: a site showing `blog/category` changed nothing);
 * `home`, the path of a site that lives in a folder (`/blog`), which every URL the note names starts with.
 * @example
 * unseenBaseNotes({ category: 'rubrique' }, { category: true, tag: true }, {})
 * // ['no link in the export shows where tag archives were … /tag/<slug>/ …']
 */
export function unseenBaseNotes(bases: { category?: string; tag?: string }, used: { category: boolean; tag: boolean }, overridden: { category?: boolean; tag?: boolean }, defaults: { category: string; tag: string } = { category: 'category', tag: 'tag' }, home = ''): string[] {
  const notes: string[] = []
  const custom = { category: bases.category !== undefined && bases.category !== defaults.category, tag: bases.tag !== undefined && bases.tag !== defaults.tag }
  for (const [taxonomy, other, key] of [['category', 'tag', 'categories'], ['tag', 'category', 'tags']] as const) {
    if (bases[taxonomy] !== undefined || !used[taxonomy] || overridden[taxonomy] || !custom[other]) continue
    notes.push(
      `the site moved its ${other} archives to ${home}/${bases[other]}/, but no link in the export shows where its ${taxonomy} archives were, ` +
        `so they are at WordPress's default ${home}/${defaults[taxonomy]}/<slug>/; if the site set a ${taxonomy} base, give it with --site (permalinks.${key}: ${home}/<base>/:slug/)`,
    )
  }
  return notes
}
