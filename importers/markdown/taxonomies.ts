import type { Category } from '../../src/contract/types.js'
import { slugFor } from './_core.js'
import type { Diagnostics } from './diagnostics.js'
import type { Located } from './document.js'
import type { TaxonomyDefinition } from './presets/types.js'

/**
 * Resolves categories or tags written by name, key or slug to slugs, creating each term once with the display name
 * the registry gives or, failing that, the first spelling met (files are visited in sorted order).
 */
export class TaxonomyResolver {
  readonly terms = new Map<string, Category>()
  private readonly byKey = new Map<string, { slug: string; def: TaxonomyDefinition }>()

  constructor(registry: ReadonlyMap<string, TaxonomyDefinition>, private readonly kind: 'category' | 'tag') {
    for (const [key, def] of registry) {
      const slug = def.slug ? slugFor(def.slug) : slugFor(key)
      if (slug === '') continue
      this.byKey.set(key, { slug, def })
      this.byKey.set(key.toLowerCase(), { slug, def })
      this.byKey.set(slug, { slug, def })
      this.byKey.set(def.name.toLowerCase(), { slug, def })
    }
  }

  /** The unique slugs of `names`, in the author's order. */
  resolve(file: string, names: readonly Located[], diagnostics: Diagnostics): string[] {
    const out: string[] = []
    const listed = new Set<string>()
    for (const { text, line } of names) {
      // A name whose slug is a registered term's (`Big Stuff` for Hugo's `tags/big-stuff/`) is that term.
      const known = this.byKey.get(text) ?? this.byKey.get(text.toLowerCase()) ?? this.byKey.get(slugFor(text))
      const slug = known?.slug ?? slugFor(text)
      if (slug === '') {
        diagnostics.warn(file, line, 'invalid_field', `The ${this.kind} "${text}" has no letters or digits, so it cannot have a slug; it was left out.`)
        continue
      }
      if (!this.terms.has(slug)) {
        const def = known?.def
        this.terms.set(slug, {
          name: def?.name ?? text,
          slug,
          ...(def?.description !== undefined ? { description: def.description } : {}),
        })
      }
      if (!listed.has(slug)) {
        listed.add(slug)
        out.push(slug)
      }
    }
    return out
  }
}
