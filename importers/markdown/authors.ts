import type { Author } from '../../src/contract/types.js'
import { slugFor } from './_core.js'
import { compareCodeUnits } from '../../src/compare.js'
import type { Diagnostics } from './diagnostics.js'
import type { Located } from './document.js'
import type { RegistryAuthor } from './presets/types.js'

/** The id given to posts that name no author. */
export const ANONYMOUS_AUTHOR: Author = { id: 'anonymous', display_name: 'Anonymous' }

/** The separators tried when a registry may vouch for several authors in one string (`Ana, Bo`, `Ana and Bo`, `Ana & Bo`). */
const REGISTRY_SEPARATORS = /,|&|\band\b/

/**
 * Resolves the authors posts name (registry keys, display names, or several names in one string such as
 * `Matt Cowley, Claudio Wunder`) to author entities. A string is split only where the generator splits it
 * (`separator`, e.g. nodejs.org's `, `/` and `) or where every part is in the registry: `Jane Doe, PhD` is one
 * author. Names missing from a registry are created, with one warning per author listing every file that uses it.
 */
export class AuthorResolver {
  private readonly byKey = new Map<string, { id: string; author: RegistryAuthor }>()
  private readonly byName = new Map<string, string>()
  readonly authors = new Map<string, Author>()
  private readonly unknown = new Map<string, { name: string; files: string[] }>()
  private readonly anonymousFiles: string[] = []

  constructor(
    private readonly registry: ReadonlyMap<string, RegistryAuthor>,
    private readonly separator?: RegExp,
  ) {
    for (const [key, author] of registry) {
      const id = slugFor(key) || key
      this.byKey.set(key, { id, author })
      this.byKey.set(key.toLowerCase(), { id, author })
      this.byName.set(author.display_name.toLowerCase(), key)
    }
  }

  /** The author ids of one post, first author first; registers the authors it meets. */
  resolve(file: string, names: readonly Located[]): string[] {
    const ids: string[] = []
    for (const { text } of names) {
      for (const part of this.split(text)) {
        const id = this.resolveOne(file, part)
        if (!ids.includes(id)) ids.push(id)
      }
    }
    if (ids.length === 0) {
      this.anonymousFiles.push(file)
      this.authors.set(ANONYMOUS_AUTHOR.id, ANONYMOUS_AUTHOR)
      ids.push(ANONYMOUS_AUTHOR.id)
    }
    return ids
  }

  /**
   * Takes the registry's entries again for the authors already met: site images (avatars) are delivered after posts
   * are resolved, and a registry entry is replaced then (its avatar's new URL, or no avatar when the file is missing).
   */
  refresh(registry: ReadonlyMap<string, RegistryAuthor>): void {
    for (const [key, author] of registry) {
      const id = slugFor(key) || key
      if (this.authors.has(id)) this.authors.set(id, { id, ...author })
    }
  }

  /** Reports the authors that were not in the registry and the posts without an author, one line each. */
  report(diagnostics: Diagnostics, registryFile: string): void {
    for (const [id, { name, files }] of [...this.unknown].sort((a, b) => compareCodeUnits(a[0], b[0]))) {
      diagnostics.warn(files[0], 0, 'unknown_author', `Author "${name}" is not in ${registryFile}; created as "${id}". Used by ${files.length} file(s): ${files.join(', ')}. Add it to the registry to set its display name and avatar.`)
    }
    if (this.anonymousFiles.length > 0) {
      const shown = this.anonymousFiles.slice(0, 10).join(', ') + (this.anonymousFiles.length > 10 ? ` and ${this.anonymousFiles.length - 10} more` : '')
      diagnostics.warn(this.anonymousFiles[0], 0, 'unknown_author', `${this.anonymousFiles.length} post(s) name no author and were given "${ANONYMOUS_AUTHOR.id}": ${shown}. Add \`author:\` to their front matter.`)
    }
  }

  private split(text: string): string[] {
    const t = text.trim()
    if (this.lookup(t)) return [t]
    if (this.separator) return t.split(this.separator).map((s) => s.trim()).filter((s) => s !== '')
    const parts = t.split(REGISTRY_SEPARATORS).map((s) => s.trim()).filter((s) => s !== '')
    return parts.length > 1 && parts.every((p) => this.lookup(p)) ? parts : [t]
  }

  private lookup(name: string): { id: string; author: RegistryAuthor } | undefined {
    const byKey = this.byKey.get(name) ?? this.byKey.get(name.toLowerCase())
    if (byKey) return byKey
    const key = this.byName.get(name.toLowerCase())
    return key === undefined ? undefined : this.byKey.get(key)
  }

  private resolveOne(file: string, name: string): string {
    const known = this.lookup(name)
    if (known) {
      if (!this.authors.has(known.id)) this.authors.set(known.id, { id: known.id, ...known.author })
      return known.id
    }
    const id = slugFor(name) || name
    if (!this.authors.has(id)) this.authors.set(id, { id, display_name: name })
    if (this.registry.size > 0) {
      const entry = this.unknown.get(id) ?? { name, files: [] }
      if (!entry.files.includes(file)) entry.files.push(file)
      this.unknown.set(id, entry)
    }
    return id
  }
}

/** The keys of an author written as an object that hold its avatar (Docusaurus's `image_url`, Next.js's blog-starter `picture`). */
const AVATAR_KEYS = ['image_url', 'imageURL', 'picture', 'avatar']

/**
 * The avatars posts give their authors themselves (Docusaurus: an `authors` entry `{ name, image_url }`, the older
 * `author` with `author_image_url`, Docusaurus 1's `authorImageURL`; Next.js's blog-starter: `author: { name,
 * picture }`), by author name, the first post's for each: for authors no registry describes, so that their avatar
 * is delivered like a registry's.
 */
export function inlineAvatars(posts: ReadonlyArray<{ file: string; fields: Record<string, unknown> }>): Array<{ name: string; image: string; file: string }> {
  const out = new Map<string, { name: string; image: string; file: string }>()
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined)
  for (const p of posts) {
    const f = p.fields
    const found: Array<[string | undefined, string | undefined]> = [[text(f.author), text(f.author_image_url) ?? text(f.authorImageURL)]]
    for (const a of [...(Array.isArray(f.authors) ? f.authors : [f.authors]), f.author]) {
      if (a === null || typeof a !== 'object' || Array.isArray(a)) continue
      const entry = a as Record<string, unknown>
      found.push([text(entry.name), AVATAR_KEYS.map((k) => text(entry[k])).find((v) => v !== undefined)])
    }
    for (const [name, image] of found) if (name && image && !out.has(name)) out.set(name, { name, image, file: p.file })
  }
  return [...out.values()]
}
