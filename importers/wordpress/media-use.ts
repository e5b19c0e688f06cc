import { checkUrl } from '../../src/index.js'
import type { MediaFile, MediaIndex } from './media.js'
import { compareCodeUnits } from './redirects.js'

/**
 * The media an import's items show, as `content.media` entries: each image is looked up among the attachments (its
 * original, a named size or a `-WxH` copy), its URL moved by `--media-from`/`--media-to`, and its size taken from the
 * attachment's metadata, else from the file name, else from the `<img>` that first shows it. Attachments shown are
 * marked used; the others are reported as unused.
 */
export class MediaUse {
  readonly #index: MediaIndex
  readonly #rewrite: (url: string) => string
  readonly #onFallback: (kind: string) => void
  readonly #entries = new Map<string, MediaFile>()
  // URLs already used whose entry exists: a repeat has nothing more to find, check or record.
  readonly #known = new Map<string, string>()
  /** Ids of the attachments an imported item shows. */
  readonly used = new Set<number>()

  constructor(index: MediaIndex, rewrite: (url: string) => string, onFallback: (kind: string) => void) {
    this.#index = index
    this.#rewrite = rewrite
    this.#onFallback = onFallback
  }

  /** An image an item shows (`shown`: the size its tag gives): its new URL, or undefined when that is not a valid media URL. */
  use(url: string, shown?: { width?: number; height?: number }): string | undefined {
    const known = this.#known.get(url)
    if (known !== undefined) return known
    const hit = this.#index.lookup(url)
    const src = this.#rewrite(url)
    if (hit) this.used.add(hit.att.id)
    if (checkUrl(src, 'media') !== null) return undefined
    if (!hit) return src
    if (!this.#entries.has(src)) {
      const width = hit.width ?? shown?.width
      const height = hit.height ?? shown?.height
      if (width && height) {
        if (!hit.width) this.#onFallback('media_size_from_img_attributes')
        this.#entries.set(src, { src, width, height, ...(hit.att.alt ? { alt: hit.att.alt } : {}) })
      } else this.#onFallback('media_without_dimensions')
    }
    if (this.#entries.has(src)) this.#known.set(url, src)
    return src
  }

  /** The media entries, by URL, for a stable payload. */
  entries(): MediaFile[] {
    return [...this.#entries.keys()].sort(compareCodeUnits).map((src) => this.#entries.get(src) as MediaFile)
  }
}
