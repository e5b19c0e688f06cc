import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { jsonString, TextSpool } from '../body-spool.js'
import { countFinished, finishText } from '../finish.js'
import type { FinishEnv } from '../finish.js'
import { LinkIndex } from '../links.js'
import { imageSources } from '../media.js'
import type { ImageUse } from '../media.js'
import type { LinkIndexData } from '../links.js'
import { earlyRenderEnv, renderBody } from './render.js'

/** One body to render early: its raw text and the WordPress id of its item. */
export type RenderJob = { postId: number; content: string }

/** The answer to a batch of jobs, in job order, with the counts rendering added to the report. */
export type RenderReply =
  | { ok: true; html: string[]; moreText: Array<string | undefined>; images: ImageUse[][]; rendered: Record<string, number>; unknown: Record<string, number>; dynamic: Record<string, number> }
  | { ok: false; message: string }

/** The `workerData` marker that makes this module serve render jobs when it is loaded as a worker. */
export const RENDER_WORKER_FLAG = 'preview-data-sdk:wordpress-render-worker'

/**
 * The URL of this module, for `new Worker(...)`. The importer loads this module with a dynamic `import()` so the
 * bundler gives it (and the renderer it uses) a chunk of its own: a worker then loads only the renderer, not the
 * builder and its validator.
 */
export const renderWorkerUrl: string = import.meta.url

/**
 * Renders a batch of bodies with the early environment, exactly as the importer's main thread would.
 * @example
 * renderBatch([{ postId: 1, content: 'Hello' }]) // { ok: true, html: ['<p>Hello</p>\n'], … }
 */
export function renderBatch(jobs: readonly RenderJob[]): RenderReply {
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
    return { ok: true, html, moreText, images, rendered, unknown, dynamic }
  } catch (error) {
    return failure(error)
  }
}

/** What finishing bodies on this thread needs, sent once with the first batch: see `finishText`. */
export type FinishSetup = { links: LinkIndexData; mediaFrom?: string; mediaTo?: string; renderedFile: string; outFile: string }

/** A rendered body to finish: where it lies in the rendered file, and the export excerpt and `<!--more-->` text. */
export type FinishJob = { offset: number; length: number; excerpt: string; moreText?: string }

/** A batch of bodies to finish after the export is read (the first one carries the setup). */
export type FinishRequest = { finish: FinishJob[]; setup?: FinishSetup }

/**
 * The answer to a batch: where each body's JSON text and then its excerpt's lie in the output file (offset and length,
 * two pairs per job), with the counts finishing adds to the report.
 */
export type FinishReply = { ok: true; places: Float64Array; linksRewritten: number; excerptsFromMore: number } | { ok: false; message: string }

/**
 * Finishes bodies on this thread: reads each from the rendered file, finishes it exactly as the importer's main
 * thread would, and appends its JSON text and its excerpt's to a file of its own.
 */
export class BatchFinisher {
  readonly #env: FinishEnv
  readonly #source: TextSpool
  readonly #out: TextSpool

  constructor(setup: FinishSetup) {
    this.#env = { links: LinkIndex.fromData(setup.links), ...(setup.mediaFrom ? { mediaFrom: setup.mediaFrom, mediaTo: setup.mediaTo ?? '' } : {}) }
    this.#source = new TextSpool(setup.renderedFile, new Float64Array(0))
    this.#out = new TextSpool(setup.outFile)
  }

  /** Finishes a batch; the answer says where its texts lie. */
  finish(jobs: readonly FinishJob[]): FinishReply {
    try {
      const from = this.#source.include(Float64Array.from(jobs.flatMap((job) => [job.offset, job.length])))
      const counts = { linksRewritten: 0, excerptsFromMore: 0 }
      // A batch that fails part-way leaves texts in the file that no answer points at.
      const first = this.#out.size
      jobs.forEach((job, k) => {
        const done = finishText(this.#source.text(from + k), job.excerpt, job.moreText, this.#env)
        this.#out.put(jsonString(done.html))
        this.#out.put(jsonString(done.excerpt))
        countFinished(counts, done)
      })
      return { ok: true, places: this.#out.places(first, this.#out.size), ...counts }
    } catch (error) {
      return failure(error)
    }
  }
}

/** The answer to a batch that failed: the error's message, for the importer to finish the batch itself. */
function failure(error: unknown): { ok: false; message: string } {
  return { ok: false, message: error instanceof Error ? error.message : String(error) }
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[RENDER_WORKER_FLAG] === true) {
  const port = parentPort
  let finisher: BatchFinisher | undefined
  port?.on('message', (message: RenderJob[] | FinishRequest) => {
    if (Array.isArray(message)) {
      port.postMessage(renderBatch(message))
      return
    }
    try {
      if (message.setup) finisher = new BatchFinisher(message.setup)
      if (!finisher) throw new Error('no finishing setup was sent')
      port.postMessage(finisher.finish(message.finish))
    } catch (error) {
      port.postMessage(failure(error))
    }
  })
}
