import { checkUrl } from '../../src/index.js'
import { hostKey } from '../shared/download.js'
import { mediaKey, mediaRefs, webUrl } from './media.js'
import type { MediaFile, MediaIndex } from './media.js'
import type { HomeFile } from './media-home.js'
import { compareCodeUnits } from '../../src/compare.js'

/**
 * The media an import's items show, as `content.media` entries: each image is looked up among the attachments (its
 * original, a named size or a `-WxH` copy), its URL moved to the file brought home (`home`) or by
 * `--media-from`/`--media-to`, and its size taken from the file brought home, else the attachment's metadata, else
 * the file name, else the `<img>` that first shows it. Attachments shown are marked used; the others are reported as
 * unused.
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

  readonly #home: ReadonlyMap<string, HomeFile> | undefined
  readonly #oldHosts: ReadonlySet<string>
  /** Media files items show that are still loaded from the old site's hosts, by URL without query. */
  readonly remote = new Set<string>()

  constructor(index: MediaIndex, rewrite: (url: string) => string, onFallback: (kind: string) => void, home?: ReadonlyMap<string, HomeFile>, oldHosts: ReadonlySet<string> = new Set()) {
    this.#index = index
    this.#rewrite = rewrite
    this.#onFallback = onFallback
    this.#home = home
    this.#oldHosts = oldHosts
  }

  /** An image an item shows (`shown`: the size its tag gives): its new URL, or undefined when that is not a valid media URL. */
  use(url: string, shown?: { width?: number; height?: number }): string | undefined {
    const known = this.#known.get(url)
    if (known !== undefined) return known
    const hit = this.#index.lookup(url)
    const key = this.#home && mediaKey(url)
    const home = key ? this.#home?.get(key) : undefined
    const src = webUrl(home?.url ?? this.#rewrite(url))
    if (hit) this.used.add(hit.att.id)
    const host = this.#oldHosts.size > 0 ? /^(?:https?:)?\/\/([^/?#]+)/i.exec(src)?.[1] : undefined
    if (host && this.#oldHosts.has(hostKey(host))) this.remote.add(src.replace(/[?#].*$/, ''))
    if (checkUrl(src, 'media') !== null) return undefined
    if (home && !this.#entries.has(src)) {
      // The file itself says its size; a variant mapped to its original has the original's.
      if (home.width && home.height) this.#entries.set(src, { src, width: home.width, height: home.height, ...(hit?.att.alt ? { alt: hit.att.alt } : {}) })
    }
    if (!hit) return src
    if (!this.#entries.has(src) && !home) {
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

  /** The new URL of a media URL (the file brought home, or the rewritten prefix), without recording a use. */
  urlOf(url: string): string {
    const key = this.#home && mediaKey(url)
    return webUrl((key ? this.#home?.get(key)?.url : undefined) ?? this.#rewrite(url))
  }

  /**
   * `text` (CSS, not HTML) with the URLs of the media files it loads moved as `urlOf` moves them; those still on the
   * old site's hosts are counted with the rest.
   */
  text(text: string): string {
    let out = text
    // Longest first: a URL that another one starts with is moved only where it stands alone.
    for (const url of mediaRefs(text).urls.sort((x, y) => y.length - x.length || compareCodeUnits(x, y))) {
      const to = this.urlOf(url)
      const host = /^(?:https?:)?\/\/([^/?#]+)/i.exec(to)?.[1]
      if (host && this.#oldHosts.has(hostKey(host))) this.remote.add(to.replace(/[?#].*$/, ''))
      if (to !== url) out = out.split(url).join(to)
    }
    return out
  }

  /** The media entries, by URL, for a stable payload. */
  entries(): MediaFile[] {
    return [...this.#entries.keys()].sort(compareCodeUnits).map((src) => this.#entries.get(src) as MediaFile)
  }
}
