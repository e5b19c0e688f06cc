import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { TextSpool } from '../body-spool.js'
import { jsonString } from '../json-string.js'
import { countFinished, earlyFacts, finishText } from '../finish.js'
import type { EarlyFacts, FinishEnv } from '../finish.js'
import { LinkIndex } from '../links.js'
import { attachmentSizes, imageSources } from '../media.js'
import type { AttachmentItem, AttachmentSizes, ImageUse } from '../media.js'
import type { LinkIndexData } from '../links.js'
import { earlyRenderEnv, renderBody } from './render.js'

/**
 * One body to render early: its raw text and the WordPress id of its item, and whether the item has an excerpt of
 * its own in the export (when it has neither that nor a `<!--more-->` text, finishing derives one).
 */
export type RenderJob = { postId: number; content: string; hasExcerpt?: boolean }

/**
 * The answer to a batch of jobs, in job order, with the counts rendering added to the report. The rendered bodies
 * come as `html`, or, from a worker that keeps them in a file of its own, as `places`: the byte offset and length of
 * each in that file, and the id the worker gave the first (see `BodySpool.adoptRendered`).
 */
export type RenderReply =
  | {
      ok: true
      html?: string[]
      places?: Float64Array
      /** The worker's own id of the first body in `places`; the next ones follow it. */
      first?: number
      moreText: Array<string | undefined>
      images: ImageUse[][]
      rendered: Record<string, number>
      unknown: Record<string, number>
      dynamic: Record<string, number>
    }
  | { ok: false; message: string }

/** Attachments whose width, height and size variants to read from their metadata (see `attachmentSizes`). */
export type MeasureRequest = { measure: Array<Pick<AttachmentItem, 'attachmentUrl' | 'guid' | 'meta'>> }

/** The sizes of each attachment of a `MeasureRequest`, in order. */
export type MeasureReply = { ok: true; sizes: AttachmentSizes[] } | { ok: false; message: string }

/**
 * Reads the sizes of a batch of attachments.
 * @example
 * measureBatch({ measure: [{ attachmentUrl: 'https://x.test/a.jpg', guid: '', meta: {} }] }) // { ok: true, sizes: [{ sizes: {} }] }
 */
export function measureBatch(request: MeasureRequest): MeasureReply {
  try {
    return { ok: true, sizes: request.measure.map((item) => attachmentSizes(item)) }
  } catch (error) {
    return failure(error)
  }
}

/** The `workerData` marker that makes this module serve render jobs when it is loaded as a worker. */
export const RENDER_WORKER_FLAG = 'preview-data-sdk:wordpress-render-worker'

/**
 * What the render worker is started with, besides the flag: the file to keep rendered bodies in (absent: they go
 * back in each answer), and whether to keep each body's `EarlyFacts` until it is finished here.
 */
export type RenderWorkerData = { spoolFile?: string; earlyFacts?: boolean }

/**
 * The URL of this module, for `new Worker(...)`. The importer loads this module with a dynamic `import()` so the
 * bundler gives it (and the renderer it uses) a chunk of its own: a worker then loads only the renderer, not the
 * builder and its validator.
 */
export const renderWorkerUrl: string = import.meta.url

/**
 * Rendered bodies a worker keeps in a file of its own, so they never cross to the importer's thread, with what was
 * learned of each while it was at hand (`EarlyFacts`), until it is finished here. Each answer names the id of its first
 * body, and the importer adopts bodies under those ids; after a failure to write, nothing more is kept.
 */
export class KeptBodies {
  readonly #spool: TextSpool
  readonly #facts: Map<number, EarlyFacts> | undefined
  #broken = false

  constructor(file: string, keepFacts: boolean) {
    this.#spool = new TextSpool(file)
    this.#facts = keepFacts ? new Map() : undefined
  }

  /** Whether bodies can still be kept. */
  get usable(): boolean {
    return !this.#broken
  }

  /**
   * Keeps rendered bodies; returns their places in the file and the id of the first, or undefined (and keeps nothing
   * more) after a write fails.
   */
  keep(bodies: ReadonlyArray<{ html: string; needsExcerpt: boolean }>): { places: Float64Array; first: number } | undefined {
    try {
      const first = this.#spool.size
      for (const body of bodies) {
        const id = this.#spool.put(body.html)
        this.#facts?.set(id, earlyFacts(body.html, body.needsExcerpt))
      }
      return { places: this.#spool.places(first, this.#spool.size), first }
    } catch {
      this.#broken = true
      return undefined
    }
  }

  /** Kept body `id`, and its early facts (handed out once). */
  take(id: number): { html: string; facts?: EarlyFacts } {
    const facts = this.#facts?.get(id)
    this.#facts?.delete(id)
    return { html: this.#spool.text(id), ...(facts ? { facts } : {}) }
  }
}

/**
 * Renders a batch of bodies with the early environment, exactly as the importer's main thread would; with `kept`,
 * the bodies stay in its file and the answer says where.
 * @example
 * renderBatch([{ postId: 1, content: 'Hello' }]) // { ok: true, html: ['<p>Hello</p>\n'], … }
 */
export function renderBatch(jobs: readonly RenderJob[], kept?: KeptBodies): RenderReply {
  const rendered: Record<string, number> = {}
  const unknown: Record<string, number> = {}
  const dynamic: Record<string, number> = {}
  const env = earlyRenderEnv({ rendered, unknown, missingAttachments: [] }, dynamic)
  try {
    const html: string[] = []
    const moreText: Array<string | undefined> = []
    const images: ImageUse[][] = []
    for (const job of jobs) {
      const body = renderBody(job.content, job.postId, env)
      html.push(body.html)
      moreText.push(body.moreText)
      // Found here, where the HTML is at hand, so the importer need not read the body back just for its images.
      images.push(imageSources(body.html))
    }
    const stored = kept?.usable ? kept.keep(html.map((h, i) => ({ html: h, needsExcerpt: !jobs[i].hasExcerpt && !moreText[i] }))) : undefined
    return { ok: true, ...(stored ? { places: stored.places, first: stored.first } : { html }), moreText, images, rendered, unknown, dynamic }
  } catch (error) {
    return failure(error)
  }
}

/** What finishing bodies on this thread needs, sent once with the first batch: see `finishText`. */
export type FinishSetup = { links: LinkIndexData; mediaFrom?: string; mediaTo?: string; renderedFile: string; outFile: string }

/**
 * A rendered body to finish, with the export excerpt and `<!--more-->` text: where it lies in the importer's rendered
 * file, or (`worker`) its id among the bodies this worker kept.
 */
export type FinishJob = { offset: number; length: number; worker?: number; excerpt: string; moreText?: string }

/** A batch of bodies to finish after the export is read (the first one carries the setup). */
export type FinishRequest = { finish: FinishJob[]; setup?: FinishSetup }

/**
 * The answer to a batch: where each body's JSON text and then its excerpt's lie in the output file (offset and length,
 * two pairs per job), with the counts finishing adds to the report.
 */
export type FinishReply = { ok: true; places: Float64Array; linksRewritten: number; excerptsFromMore: number } | { ok: false; message: string }

/**
 * Finishes bodies on this thread: reads each from the importer's rendered file or from the bodies this worker kept,
 * finishes it exactly as the importer's main thread would, and appends its JSON text and its excerpt's to a file of
 * its own.
 */
export class BatchFinisher {
  readonly #env: FinishEnv
  readonly #source: TextSpool
  readonly #kept: KeptBodies | undefined
  readonly #out: TextSpool

  constructor(setup: FinishSetup, kept?: KeptBodies) {
    this.#env = { links: LinkIndex.fromData(setup.links), ...(setup.mediaFrom ? { mediaFrom: setup.mediaFrom, mediaTo: setup.mediaTo ?? '' } : {}) }
    this.#source = new TextSpool(setup.renderedFile, new Float64Array(0))
    this.#kept = kept
    this.#out = new TextSpool(setup.outFile)
  }

  /** Finishes a batch; the answer says where its texts lie. */
  finish(jobs: readonly FinishJob[]): FinishReply {
    try {
      const counts = { linksRewritten: 0, excerptsFromMore: 0 }
      // A batch that fails part-way leaves texts in the file that no answer points at.
      const first = this.#out.size
      for (const job of jobs) {
        const { html, facts } = this.#rendered(job)
        const done = finishText(html, job.excerpt, job.moreText, this.#env, facts)
        this.#out.put(jsonString(done.html, done.otherEscapes))
        this.#out.put(jsonString(done.excerpt))
        countFinished(counts, done)
      }
      return { ok: true, places: this.#out.places(first, this.#out.size), ...counts }
    } catch (error) {
      return failure(error)
    }
  }

  #rendered(job: FinishJob): { html: string; facts?: EarlyFacts } {
    if (job.worker === undefined) return { html: this.#source.text(this.#source.include(Float64Array.of(job.offset, job.length))) }
    if (this.#kept === undefined) throw new Error('this worker kept no rendered bodies')
    return this.#kept.take(job.worker)
  }
}

/** The answer to a batch that failed: the error's message, for the importer to finish the batch itself. */
function failure(error: unknown): { ok: false; message: string } {
  return { ok: false, message: error instanceof Error ? error.message : String(error) }
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[RENDER_WORKER_FLAG] === true) {
  const port = parentPort
  const data = workerData as RenderWorkerData
  let kept: KeptBodies | undefined
  try {
    if (data.spoolFile) kept = new KeptBodies(data.spoolFile, data.earlyFacts === true)
  } catch {
    // Without a file of its own, the worker sends rendered bodies back instead.
  }
  let finisher: BatchFinisher | undefined
  port?.on('message', (message: RenderJob[] | MeasureRequest | FinishRequest) => {
    if (Array.isArray(message)) {
      port.postMessage(renderBatch(message, kept))
      return
    }
    if ('measure' in message) {
      port.postMessage(measureBatch(message))
      return
    }
    try {
      if (message.setup) finisher = new BatchFinisher(message.setup, kept)
      if (!finisher) throw new Error('no finishing setup was sent')
      port.postMessage(finisher.finish(message.finish))
    } catch (error) {
      port.postMessage(failure(error))
    }
  })
}
