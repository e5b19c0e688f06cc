import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { earlyRenderEnv, renderBody } from './render.js'

/** One body to render early: its raw text and the WordPress id of its item. */
export type RenderJob = { postId: number; content: string }

/** The answer to a batch of jobs, in job order, with the counts rendering added to the report. */
export type RenderReply =
  | { ok: true; html: string[]; moreText: Array<string | undefined>; rendered: Record<string, number>; unknown: Record<string, number>; dynamic: Record<string, number> }
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
    for (const job of jobs) {
      const body = renderBody(job.content, job.postId, env)
      html.push(body.html)
      moreText.push(body.moreText)
    }
    return { ok: true, html, moreText, rendered, unknown, dynamic }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[RENDER_WORKER_FLAG] === true) {
  const port = parentPort
  port?.on('message', (jobs: RenderJob[]) => port.postMessage(renderBatch(jobs)))
}
