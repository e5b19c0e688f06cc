import { Worker } from 'node:worker_threads'
import { renderBody } from './content/render.js'
import type { RenderEnv } from './content/render.js'
import type { BodySpool } from './body-spool.js'
import type { MeasureReply, MeasureRequest, RenderJob, RenderReply, RenderWorkerData } from './content/render-worker.js'
import { detach } from './detach.js'
import { LIMITS } from './limits.js'
import { attachmentSizes, imageSources } from './media.js'
import type { AttachmentSizes, ImageUse } from './media.js'
import type { WxrItem } from './read-wxr.js'

/** Where the render worker comes from; tests pass a loader for TypeScript sources. */
export interface RenderWorkerSource {
  url: string | URL
  execArgv?: string[]
}

/** How the early renderer shares work; defaults come from `LIMITS`. */
export interface EarlyRendererOptions {
  /** The worker module; when absent, every body renders on the calling thread. */
  worker?: RenderWorkerSource
  /** Raw body bytes rendered on the calling thread before a worker is worth starting. */
  startAfterChars?: number
  /** Raw body characters sent to the worker and not yet answered; past this, the calling thread renders. */
  maxInFlightChars?: number
  /** Where rendered bodies wait until the payload is assembled; when absent, they stay in `item.content`. */
  spool?: BodySpool
  /**
   * With a spool: the worker keeps what it learns of each body it renders (`EarlyFacts`) until it finishes that body
   * (see `LateFinisher`). Only worth it, and only bounded in memory, when the worker will do the finishing.
   */
  earlyFacts?: boolean
}

type Batch = { items: WxrItem[]; chars: number }
// Attachments whose metadata the worker reads, and who gets each one's sizes.
type Measures = { items: WxrItem[]; done: Array<(sizes: AttachmentSizes) => void> }
// A message sent and not yet answered: bodies to render, or attachments to measure.
type Sent = { render: Batch; measure?: undefined } | { measure: Measures; render?: undefined }

/**
 * Renders post and page bodies while the export is read, on a second thread when the export is large. Rendering
 * (wpautop, embeds, shortcodes) costs as much CPU as reading the XML, so a worker renders while the main thread
 * reads; when the worker falls behind, the main thread renders the next bodies itself, which both balances the
 * two threads and bounds the raw text waiting in memory. Results, and the counts they add to the report, do not
 * depend on which thread rendered what.
 */
export class EarlyRenderer {
  readonly #env: RenderEnv
  readonly #options: Required<Omit<EarlyRendererOptions, 'worker' | 'spool'>> & { worker?: RenderWorkerSource }
  readonly #spool: BodySpool | undefined
  #worker: Worker | undefined
  #workerFailed = false
  #submitted = 0
  #batch: Batch = { items: [], chars: 0 }
  #measures: Measures = { items: [], done: [] }
  // Messages sent and not yet answered, oldest first: a worker answers its messages in order.
  readonly #inFlight: Sent[] = []
  #inFlightChars = 0
  #error: unknown
  #idle: (() => void) | undefined
  // Takes this renderer's listeners off the worker.
  #unlisten: (() => void) | undefined
  #byWorker = 0
  #measuredByWorker = 0

  /** `env` is the early render environment; its stats and dynamic-block counts receive the worker's counts too. */
  constructor(env: RenderEnv, options: EarlyRendererOptions = {}) {
    this.#env = env
    this.#spool = options.spool
    this.#options = {
      startAfterChars: options.startAfterChars ?? LIMITS.renderWorkerAfterChars,
      maxInFlightChars: options.maxInFlightChars ?? LIMITS.renderInFlightChars,
      earlyFacts: options.earlyFacts ?? false,
      ...(options.worker ? { worker: options.worker } : {}),
    }
  }

  /** How many bodies the worker rendered (the rest rendered on the calling thread). */
  get renderedByWorker(): number {
    return this.#byWorker
  }

  /** How many attachments the worker measured (the rest were measured on the calling thread). */
  get measuredByWorker(): number {
    return this.#measuredByWorker
  }

  /** Renders `item`'s body now or hands it to the worker; `finish()` guarantees it is done. */
  render(item: WxrItem): void {
    this.#rethrow()
    this.#submitted += item.content.length
    if (this.#worker === undefined && !this.#workerFailed && this.#options.worker && this.#submitted > this.#options.startAfterChars) this.#start(this.#options.worker)
    if (this.#worker === undefined || this.#inFlightChars + this.#batch.chars >= this.#options.maxInFlightChars) {
      this.#renderHere(item)
      return
    }
    this.#batch.items.push(item)
    this.#batch.chars += item.content.length
    if (this.#batch.items.length >= LIMITS.renderBatchItems || this.#batch.chars >= LIMITS.renderBatchChars) this.#send()
  }

  /**
   * Reads an attachment's width, height and size variants from its metadata (`attachmentSizes`), on the worker when
   * one runs. `done` receives them in the order attachments were handed over, by the end of `finish()` at the latest.
   */
  measure(item: WxrItem, done: (sizes: AttachmentSizes) => void): void {
    this.#rethrow()
    if (this.#worker === undefined) {
      // Attachments still waiting for a worker that is gone come first.
      this.#measureHere(this.#takeMeasures())
      done(attachmentSizes(item))
      return
    }
    this.#measures.items.push(item)
    this.#measures.done.push(done)
    if (this.#measures.items.length >= LIMITS.measureBatchItems) this.#sendMeasures()
  }

  /**
   * Waits until every body handed over is rendered, then stops the worker; or, with `keepWorker`, returns it idle
   * and without this renderer's listeners, for other work (see `LateFinisher`), when there is one.
   */
  async finish(options: { keepWorker?: boolean } = {}): Promise<Worker | undefined> {
    if (this.#worker !== undefined && this.#batch.items.length > 0) this.#send()
    for (const item of this.#batch.items) this.#renderHere(item)
    this.#batch = { items: [], chars: 0 }
    if (this.#worker !== undefined && this.#measures.items.length > 0) this.#sendMeasures()
    this.#measureHere(this.#takeMeasures())
    if (this.#inFlight.length > 0) await new Promise<void>((resolve) => (this.#idle = resolve))
    const worker = this.#worker
    if (!options.keepWorker || worker === undefined || this.#error !== undefined) {
      await this.close()
      this.#rethrow()
      return undefined
    }
    this.#worker = undefined
    this.#unlisten?.()
    return worker
  }

  /** Stops the worker without waiting for answers (after a failed read). */
  async close(): Promise<void> {
    const worker = this.#worker
    this.#worker = undefined
    if (worker) await worker.terminate()
  }

  #start(source: RenderWorkerSource): void {
    try {
      // With a spool, the worker writes what it renders to a file of its own: the bodies never cross to this thread.
      const data: RenderWorkerData = this.#spool ? { spoolFile: this.#spool.workerRenderedFile, earlyFacts: this.#options.earlyFacts } : {}
      const worker = new Worker(source.url, { workerData: { [FLAG]: true, ...data }, ...(source.execArgv ? { execArgv: source.execArgv } : {}) })
      // A worker that cannot start or dies leaves its batches to this thread; the import still completes.
      this.#unlisten = listenTo(worker, (reply: RenderReply | MeasureReply) => this.#answer(reply), () => this.#abandon())
      this.#worker = worker
    } catch {
      this.#workerFailed = true
    }
  }

  #send(): void {
    const batch = this.#batch
    this.#batch = { items: [], chars: 0 }
    const jobs: RenderJob[] = batch.items.map((item) => ({ postId: item.postId, content: item.content, hasExcerpt: item.excerpt.trim() !== '' }))
    this.#inFlight.push({ render: batch })
    this.#inFlightChars += batch.chars
    this.#worker!.postMessage(jobs)
  }

  #sendMeasures(): void {
    const measures = this.#takeMeasures()
    // Only what attachmentSizes reads, not every postmeta of the item.
    const request: MeasureRequest = {
      measure: measures.items.map((item) => ({ attachmentUrl: item.attachmentUrl, guid: item.guid, meta: { _wp_attachment_metadata: item.meta._wp_attachment_metadata ?? '' } })),
    }
    this.#inFlight.push({ measure: measures })
    this.#worker!.postMessage(request)
  }

  #takeMeasures(): Measures {
    const measures = this.#measures
    this.#measures = { items: [], done: [] }
    return measures
  }

  #measureHere(measures: Measures): void {
    measures.items.forEach((item, i) => this.#deliver(measures.done[i], attachmentSizes(item)))
  }

  // Called from worker events too, where a throw would be lost: kept and rethrown to the importer.
  #deliver(done: (sizes: AttachmentSizes) => void, sizes: AttachmentSizes): void {
    try {
      done(sizes)
    } catch (error) {
      this.#error ??= error
    }
  }

  #answer(reply: RenderReply | MeasureReply): void {
    const sent = this.#inFlight.shift()
    if (sent === undefined) return
    if (sent.measure) {
      if (reply.ok && 'sizes' in reply && reply.sizes.length === sent.measure.items.length) {
        sent.measure.done.forEach((done, i) => this.#deliver(done, reply.sizes[i]))
        this.#measuredByWorker += sent.measure.items.length
      } else this.#measureHere(sent.measure)
    } else this.#answerRender(sent.render, reply as RenderReply)
    if (this.#inFlight.length === 0) this.#wake()
  }

  #answerRender(batch: Batch, reply: RenderReply): void {
    this.#inFlightChars -= batch.chars
    if (reply.ok) {
      let kept: number[] | undefined
      if (reply.places && this.#spool) {
        try {
          kept = this.#spool.adoptRendered(reply.places, reply.first ?? 0)
        } catch (error) {
          // A body adopted twice is a bug, and fails the import; a file that cannot be read here (say, no file
          // descriptor is left) only means these bodies render here again.
          if (error instanceof RangeError) this.#error ??= error
          else for (const item of batch.items) this.#renderHere(item)
          return
        }
      }
      batch.items.forEach((item, i) => this.#settle(item, kept ? { spooled: kept[i] } : { html: (reply.html as string[])[i] }, reply.moreText[i], reply.images[i]))
      this.#byWorker += batch.items.length
      add(this.#env.stats.rendered, reply.rendered)
      add(this.#env.stats.unknown, reply.unknown)
      add(this.#env.dynamicBlocks, reply.dynamic)
    } else {
      for (const item of batch.items) this.#renderHere(item)
    }
  }

  #abandon(): void {
    const worker = this.#worker
    if (worker === undefined) return
    this.#worker = undefined
    this.#workerFailed = true
    // Stopped too, for a worker given up while still running (an answer it sent could not be read).
    this.#unlisten?.()
    void worker.terminate()
    for (const sent of this.#inFlight.splice(0)) {
      if (sent.measure) this.#measureHere(sent.measure)
      else for (const item of sent.render.items) this.#renderHere(item)
    }
    this.#measureHere(this.#takeMeasures())
    this.#inFlightChars = 0
    this.#wake()
  }

  #renderHere(item: WxrItem): void {
    try {
      const body = renderBody(item.content, item.postId, this.#env)
      // Kept after the body goes to the spool: each src is copied out of the HTML rather than a view of it.
      this.#settle(item, { html: body.html }, body.moreText, imageSources(body.html).map((img) => ({ ...img, src: detach(img.src) })))
    } catch (error) {
      // Called from worker events too, where a throw would be lost: kept and rethrown to the importer.
      this.#error ??= error
    }
  }

  #settle(item: WxrItem, body: { html: string } | { spooled: number }, moreText: string | undefined, images: ImageUse[]): void {
    item.images = images
    if ('spooled' in body) {
      item.spooled = body.spooled
      item.content = ''
    } else if (this.#spool) {
      item.spooled = this.#spool.keepRendered(body.html)
      item.content = ''
    } else item.content = body.html
    if (moreText !== undefined) item.moreText = moreText
    item.rendered = true
  }

  #wake(): void {
    const idle = this.#idle
    this.#idle = undefined
    idle?.()
  }

  #rethrow(): void {
    if (this.#error !== undefined) throw this.#error
  }
}

// Repeated here (not imported) so the main bundle does not pull the worker module in statically.
const FLAG = 'preview-data-sdk:wordpress-render-worker'

function ignore(): void {}

/**
 * Listens to a worker's answers, and to its end: `onGone` runs when it fails, exits, or sends an answer that cannot be
 * read (the next answers would be paired with the wrong requests). Returns what takes these listeners off again,
 * leaving one that ignores errors: Node's Worker keeps listeners of its own that deliver its messages, and an error
 * before the next owner listens must not be thrown as an uncaught one (that owner learns of it from 'exit').
 */
export function listenTo<Reply>(worker: Worker, onMessage: (reply: Reply) => void, onGone: () => void): () => void {
  worker.on('message', onMessage)
  for (const event of GONE) worker.on(event, onGone)
  return () => {
    worker.off('message', onMessage)
    for (const event of GONE) worker.off(event, onGone)
    worker.on('error', ignore)
  }
}

const GONE = ['messageerror', 'error', 'exit'] as const

function add(into: Record<string, number>, counts: Record<string, number>): void {
  for (const [key, n] of Object.entries(counts)) into[key] = (into[key] ?? 0) + n
}
