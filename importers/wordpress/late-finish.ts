import type { Worker } from 'node:worker_threads'
import type { BodySpool } from './body-spool.js'
import type { FinishJob, FinishReply, FinishRequest } from './content/render-worker.js'
import { countFinished, finishText } from './finish.js'
import type { FinishCounts, FinishEnv } from './finish.js'
import { listenTo } from './early-render.js'
import { LIMITS } from './limits.js'

type Batch = { lates: number[]; rendered: number[]; jobs: FinishJob[]; bytes: number }

/**
 * Finishes rendered bodies on the render worker, which is idle once the export is read, while this thread goes on
 * assembling the payload (builder calls, media, menus, the build and its validation). Each body gets placeholders
 * at once (`BodySpool.reserve`); the worker reads it from the spool's rendered file, or from its own when it rendered
 * the body, and writes the finished JSON texts to a file of its own, which `done` hands to the spool. `finishText`
 * is the same function on both threads, and batches the worker does not answer (it failed or died) are finished
 * here, so the payload's bytes never depend on which thread finished what.
 */
export class LateFinisher {
  readonly #spool: BodySpool
  readonly #env: FinishEnv
  readonly #outFile: string
  #worker: Worker | undefined
  #setupSent = false
  #batch: Batch = newBatch()
  // Batches sent and not yet answered, oldest first: the worker answers in order.
  readonly #inFlight: Batch[] = []
  // Batches the worker did not finish; done() finishes them here (never an event handler: a throw there is lost).
  readonly #left: Batch[] = []
  readonly #adopted: { lates: number[]; places: Float64Array[] } = { lates: [], places: [] }
  readonly #counts: FinishCounts = { linksRewritten: 0, excerptsFromMore: 0 }
  #byWorker = 0
  #idle: (() => void) | undefined
  readonly #unlisten: () => void

  /** Takes over `worker` (the render worker, with no work left), which `done` terminates. */
  constructor(worker: Worker, spool: BodySpool, env: FinishEnv) {
    this.#spool = spool
    this.#env = env
    this.#outFile = spool.path('finished-by-worker')
    this.#worker = worker
    this.#unlisten = listenTo(worker, (reply: FinishReply) => this.#answer(reply), () => this.#abandon())
    // The setup goes at once, with no bodies: the worker rebuilds the link index while the first batch fills.
    this.#send()
  }

  /**
   * Queues the body kept in the spool as rendered text `rendered`, with its export excerpt and `<!--more-->` text;
   * returns the placeholders the payload carries for its HTML and excerpt.
   */
  add(rendered: number, excerpt: string, moreText: string | undefined): { html: string; excerpt: string } {
    const reserved = this.#spool.reserve()
    const place = this.#spool.renderedPlace(rendered)
    const batch = this.#batch
    batch.lates.push(reserved.late)
    batch.rendered.push(rendered)
    batch.jobs.push({ ...place, excerpt, ...(moreText !== undefined ? { moreText } : {}) })
    batch.bytes += place.length
    if (batch.jobs.length >= LIMITS.renderBatchItems || batch.bytes >= LIMITS.renderBatchChars) this.#send()
    return { html: reserved.html, excerpt: reserved.excerpt }
  }

  /** How many bodies the worker finished (the rest were finished on this thread). */
  get finishedByWorker(): number {
    return this.#byWorker
  }

  /** Waits for every queued body to be finished (here, for any the worker left), stops the worker, and gives the counts. */
  async done(): Promise<FinishCounts> {
    if (this.#batch.jobs.length > 0) this.#send()
    if (this.#inFlight.length > 0) await new Promise<void>((resolve) => (this.#idle = resolve))
    await this.close()
    for (const batch of this.#left.splice(0)) this.#finishHere(batch)
    if (this.#adopted.lates.length > 0) this.#spool.adopt(this.#outFile, this.#adopted.lates, concat(this.#adopted.places))
    return this.#counts
  }

  /** Stops the worker without waiting (after a failed import). */
  async close(): Promise<void> {
    const worker = this.#worker
    this.#worker = undefined
    if (worker) {
      this.#unlisten()
      await worker.terminate()
    }
  }

  #send(): void {
    const batch = this.#batch
    this.#batch = newBatch()
    if (this.#worker === undefined) {
      this.#left.push(batch)
      return
    }
    const request: FinishRequest = { finish: batch.jobs }
    if (!this.#setupSent) {
      request.setup = { links: this.#env.links.toData(), ...(this.#env.mediaFrom ? { mediaFrom: this.#env.mediaFrom, mediaTo: this.#env.mediaTo ?? '' } : {}), renderedFile: this.#spool.renderedFile, outFile: this.#outFile }
      this.#setupSent = true
    }
    this.#inFlight.push(batch)
    this.#worker.postMessage(request)
  }

  #answer(reply: FinishReply): void {
    const batch = this.#inFlight.shift()
    if (batch === undefined) return
    if (reply.ok) {
      this.#adopted.lates.push(...batch.lates)
      this.#byWorker += batch.lates.length
      this.#adopted.places.push(reply.places)
      this.#counts.linksRewritten += reply.linksRewritten
      this.#counts.excerptsFromMore += reply.excerptsFromMore
    } else this.#left.push(batch)
    if (this.#inFlight.length === 0) this.#wake()
  }

  /** A worker that fails to start or dies leaves its batches to this thread; the import still completes. */
  #abandon(): void {
    const worker = this.#worker
    if (worker === undefined) return
    this.#worker = undefined
    // Stopped too, for a worker given up while still running (an answer it sent could not be read).
    this.#unlisten()
    void worker.terminate()
    this.#left.push(...this.#inFlight.splice(0))
    this.#wake()
  }

  #finishHere(batch: Batch): void {
    batch.jobs.forEach((job, k) => {
      const done = finishText(this.#spool.rendered(batch.rendered[k]), job.excerpt, job.moreText, this.#env)
      this.#spool.settle(batch.lates[k], done.html, done.excerpt, done.otherEscapes)
      countFinished(this.#counts, done)
    })
  }

  #wake(): void {
    const idle = this.#idle
    this.#idle = undefined
    idle?.()
  }
}

function newBatch(): Batch {
  return { lates: [], rendered: [], jobs: [], bytes: 0 }
}

function concat(parts: Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
