import { hasBlocks } from '../content/blocks.js'
import { earlyRenderEnv, renderBody, rendersLate, rendersRaw, renderUntilShortcodes, usesReusableBlocks } from '../content/render.js'
import type { RenderEnv } from '../content/render.js'
import { galleryShows, renderShortcodes } from '../content/shortcodes.js'
import type { GalleryShows, ShortcodeImage } from '../content/shortcodes.js'
import { usesPostLists } from '../content/site-blocks.js'
import type { ListedBody, SiteBlocks } from '../content/site-blocks.js'
import { automaticExcerpt, finishText } from '../content/finish.js'
import type { FinishEnv } from '../content/finish.js'
import { LinkIndex } from '../links.js'
import type { LinkIndexData } from '../links.js'
import { homeUrls, imageSources, mediaRefs } from '../media.js'
import type { GalleryData, ImageUse, MediaRefs } from '../media.js'
import { TextFile } from './store.js'
import type { Place } from './store.js'

/** A body to render while the export is read: where its raw text lies in the raw file. */
export type PrepareJob = { body: { postId: number; raw: Place } }

/**
 * What preparing found: a body rendered at once shows `images`; one that needs attachments or reusable blocks
 * (galleries, `wp:block`) waits raw until finishing, and says what its galleries may show and whether it uses reusable
 * blocks (whose galleries may show more).
 */
export type Prepared = ({ images: ImageUse[] } | { late: GalleryShows & { blocks: boolean; lists?: true; raw?: true } }) & { media?: MediaRefs }

/** What rendering adds to the report: shortcodes rendered, removed and kept as written, dynamic blocks. */
export type RenderCounts = { rendered: Record<string, number>; removed: Record<string, number>; dropped: Record<string, number>; droppedIn: Record<string, number>; kept: Record<string, number>; dynamic: Record<string, number> }

/** How bodies are rendered, the same for every body of an import; `mediaRefs` also lists the media files each shows. */
export type RenderOptions = { keepShortcodes?: boolean; mediaRefs?: boolean }

/** What finishing needs, sent once, when the whole export is known. */
export type FinishSetup = { links: LinkIndex | LinkIndexData; mediaFrom: string; mediaTo: string; reusableBlocks: Array<[number, string]>; gallery: GalleryData; siteBlocks?: SiteBlocks; home?: { hosts: string[]; files: Array<[string, string]> }; spacedUrls?: boolean }

/**
 * A prepared body, as finishing needs it: where it lies, in the rendered file (rendered whole, or, when `late` is
 * `shortcodes`, all but its shortcodes, since its galleries need the export's attachments), or still raw in the raw
 * file when `late` is `raw` (its reusable blocks come first); and the `<!--more-->` text and block excerpt rendering kept.
 */
export type PreparedBody = { postId: number; place: Place; late?: 'raw' | 'shortcodes'; moreText?: string; blockExcerpt?: string }

/** A body to finish, and the export's own excerpt. */
export type FinishJob = { body: PreparedBody; excerpt: string }

/** Where a finished text's JSON lies: a place in the finished file whose descriptor is `file` (see `BodyFiles`). */
export type KeptText = { file: number; place: Place }

/**
 * A finished body: its HTML and excerpt (texts, or with a file for finished bodies, where their JSON lies there),
 * and what finishing found; a body rendered late also brings what rendering found.
 */
export type Finished = {
  html: string | KeptText
  excerpt: string | KeptText
  linksRewritten: number
  unresolved: string[]
  excerptFromMore: boolean
  late?: { images: ImageUse[]; missingBlocks: number[]; usedAttachments: number[]; missingAttachments: number[] }
}

/** A message to `BodyWork`, and its answer: a prepare request's answer has each body's `PreparedBody`, in order. */
export type BodyRequest = { prepare: PrepareJob[] } | { finish: FinishJob[]; setup?: FinishSetup }
export type BodyReply = { prepared: Prepared[]; bodies: PreparedBody[]; counts: RenderCounts } | { finished: Finished[]; counts: RenderCounts } | { error: string }

type Finishing = { env: FinishEnv; reusableBlocks: Map<number, string>; siteBlocks?: SiteBlocks; images: Map<number, ShortcodeImage>; children: Map<number, number[]> }

/**
 * The temporary files of bodies, by descriptor: raw (the pool writes them), rendered (`BodyWork` writes them) and
 * finished (for the CLI; each `BodyWork` appends to a file of its own).
 */
export type BodyFiles = { raw: number; rendered: number; finished?: number }

/**
 * The work on post and page bodies, the same on whichever thread it runs (see `BodyPool`): bodies are rendered as
 * they are read and wait in a temporary file (raw, when they need the whole export), each answered with where it
 * waits; once the export is read, each body is finished from there (late ones rendered
 * first, with the attachments and reusable blocks the setup brings). A body's result depends only on the body and the
 * export, never on the thread or the order of the work.
 */
export class BodyWork {
  readonly #raw: TextFile
  readonly #rendered: TextFile
  readonly #finished: TextFile | undefined
  #finishing: Finishing | undefined
  readonly #options: RenderOptions

  constructor(files: BodyFiles, options: RenderOptions = {}) {
    this.#options = options
    this.#raw = TextFile.at(files.raw)
    this.#rendered = TextFile.at(files.rendered)
    this.#finished = files.finished === undefined ? undefined : TextFile.at(files.finished)
  }

  /** Answers one request; a failure is answered as `{ error }`. */
  handle(request: BodyRequest): BodyReply {
    try {
      return 'prepare' in request ? this.#prepare(request.prepare) : this.#finish(request.finish, request.setup)
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  }

  #prepare(jobs: readonly PrepareJob[]): BodyReply {
    const counts = newCounts()
    const env = earlyRenderEnv({ rendered: counts.rendered, removed: counts.removed, dropped: counts.dropped, droppedIn: counts.droppedIn, kept: counts.kept, missingAttachments: [] }, counts.dynamic, this.#options)
    const prepared: Prepared[] = []
    const bodies: PreparedBody[] = []
    const texts: string[] = []
    const rendered: PreparedBody[] = []
    for (const job of jobs) {
      const { postId, raw } = job.body
      const text = this.#raw.text(raw)
      // The media a body shows, from its raw text: a late body's galleries name their attachments there.
      const media = this.#options.mediaRefs ? { media: mediaRefs(text) } : {}
      const late = rendersLate(text)
      const waits = late && rendersRaw(text)
      if (late) prepared.push({ late: { ...galleryShows(text, postId), blocks: usesReusableBlocks(text), ...(hasBlocks(text) && usesPostLists(text) ? { lists: true as const } : {}), ...(waits ? { raw: true as const } : {}) }, ...media })
      if (waits) {
        // It stays where it is, raw, until finishing renders it.
        bodies.push({ postId, place: raw, late: 'raw' })
        continue
      }
      // Galleries wait for the export's attachments: everything before them is done now, off the finishing's path.
      const body = late ? renderUntilShortcodes(text, postId, env) : renderBody(text, postId, env)
      const entry: PreparedBody = { postId, place: raw, ...(late ? { late: 'shortcodes' as const } : {}), ...(body.moreText !== undefined ? { moreText: body.moreText } : {}), ...(body.blockExcerpt !== undefined ? { blockExcerpt: body.blockExcerpt } : {}) }
      bodies.push(entry)
      rendered.push(entry)
      texts.push(body.html)
      if (!late) prepared.push({ images: imageSources(body.html), ...media })
    }
    const places = this.#rendered.append(texts.map(heldBytes))
    rendered.forEach((entry, i) => (entry.place = places[i]))
    return { prepared, bodies, counts }
  }

  #finish(jobs: readonly FinishJob[], setup: FinishSetup | undefined): BodyReply {
    if (setup) {
      const { links, mediaFrom, mediaTo, reusableBlocks, gallery } = setup
      const home = setup.home ? homeUrls(setup.home.hosts, new Map(setup.home.files)) : undefined
      this.#finishing = {
        env: { links: links instanceof LinkIndex ? links : LinkIndex.fromData(links), ...(home ? { home } : {}), ...(mediaFrom ? { mediaFrom, mediaTo } : {}), ...(setup.spacedUrls ? { spacedUrls: true } : {}) },
        reusableBlocks: new Map(reusableBlocks),
        ...(setup.siteBlocks ? { siteBlocks: this.#withExcerpts(setup.siteBlocks) } : {}),
        images: new Map(gallery.images),
        children: new Map(gallery.children),
      }
    }
    const finishing = this.#finishing
    if (finishing === undefined) throw new Error('finishing was asked before its setup')
    const counts = newCounts()
    const finished = jobs.map((job): Finished => {
      const { body } = job
      let html = body.late === 'raw' ? this.#raw.text(body.place) : heldText(this.#rendered.bytes(body.place))
      let moreText = body.moreText
      let blockExcerpt = body.blockExcerpt
      let late: Finished['late']
      if (body.late) {
        const usedAttachments: number[] = []
        const missingAttachments: number[] = []
        const env = this.#lateEnv(finishing, counts, usedAttachments, missingAttachments)
        const rendered = body.late === 'raw' ? renderBody(html, body.postId, env) : { html: renderShortcodes(html, env.shortcodes(body.postId), env.stats), moreText, blockExcerpt, missingBlocks: [] }
        html = rendered.html
        moreText = rendered.moreText
        blockExcerpt = rendered.blockExcerpt
        late = { images: imageSources(html), missingBlocks: rendered.missingBlocks, usedAttachments, missingAttachments }
      }
      const done = finishText(html, job.excerpt, moreText, finishing.env, blockExcerpt)
      return { html: done.html, excerpt: done.excerpt, linksRewritten: done.linksRewritten, unresolved: done.unresolved, excerptFromMore: done.excerptFromMore, ...(late ? { late } : {}) }
    })
    const kept = this.#finished
    if (kept !== undefined) {
      // Kept as the JSON the payload file holds, so writing it is a copy; only their places go back.
      const places = kept.append(finished.flatMap((f) => [JSON.stringify(f.html), JSON.stringify(f.excerpt)]))
      finished.forEach((f, i) => {
        f.html = { file: kept.fd, place: places[2 * i] }
        f.excerpt = { file: kept.fd, place: places[2 * i + 1] }
      })
    }
    return { finished, counts }
  }

  /**
   * Site blocks whose post lists show a listed post's automatic excerpt, derived from its rendered body as finishing
   * derives the payload's, each once (a copy: the setup, sent to the other thread as it is, holds no function).
   */
  #withExcerpts(siteBlocks: SiteBlocks): SiteBlocks {
    if (!siteBlocks.posts) return siteBlocks
    // Each body is read once, however many lists show its post: many loops of a hostile body read no body twice.
    const known = new Map<number, string>()
    const excerptOf = (body: ListedBody) => {
      let excerpt = known.get(body.place[0])
      if (excerpt === undefined) known.set(body.place[0], (excerpt = automaticExcerpt(heldText(this.#rendered.bytes(body.place)), body.moreText, body.blockExcerpt)))
      return excerpt
    }
    return { ...siteBlocks, posts: { ...siteBlocks.posts, excerptOf } }
  }

  /** Rendering once the export is known: reusable blocks, and the attachments galleries show (marked as used). */
  #lateEnv(finishing: Finishing, counts: RenderCounts, used: number[], missing: number[]): RenderEnv {
    return {
      reusableBlocks: finishing.reusableBlocks,
      shortcodes: (postId) => ({
        postId,
        keepShortcodes: this.#options.keepShortcodes === true,
        attachment: (id) => {
          const image = finishing.images.get(id)
          if (image) used.push(id)
          return image
        },
        childAttachments: (id) => finishing.children.get(id) ?? [],
      }),
      stats: { rendered: counts.rendered, removed: counts.removed, dropped: counts.dropped, droppedIn: counts.droppedIn, kept: counts.kept, missingAttachments: missing },
      dynamicBlocks: counts.dynamic,
      ...(finishing.siteBlocks ? { siteBlocks: finishing.siteBlocks } : {}),
    }
  }
}

// Rendered bodies wait in their file as JavaScript holds them: UTF-16, or Latin-1 when every character fits in a
// byte, marked by a first byte. Copying them out and back in is then about seven times cheaper than UTF-8 both ways
// (on the 10k export, 0.16 s of CPU); the file is this module's own. A text that is not well-formed UTF-16 (a lone
// surrogate, which rendering never makes) keeps UTF-8, whose replacement characters it always had here.
const HELD_ENCODINGS = ['latin1', 'utf16le', 'utf8'] as const
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/

function heldBytes(text: string): Buffer {
  const kind = !BEYOND_LATIN1.test(text) ? 0 : (text as string & { isWellFormed(): boolean }).isWellFormed() ? 1 : 2
  const encoding = HELD_ENCODINGS[kind]
  const bytes = Buffer.allocUnsafe(1 + Buffer.byteLength(text, encoding))
  bytes[0] = kind
  bytes.write(text, 1, encoding)
  return bytes
}

function heldText(bytes: Buffer): string {
  return bytes.toString(HELD_ENCODINGS[bytes[0]], 1)
}

function newCounts(): RenderCounts {
  return { rendered: {}, removed: {}, dropped: {}, droppedIn: {}, kept: {}, dynamic: {} }
}
