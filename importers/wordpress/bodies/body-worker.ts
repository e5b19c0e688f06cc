import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { BodyWork } from './work.js'
import type { BodyFiles, BodyRequest, RenderOptions } from './work.js'

/** The `workerData` marker that makes this module serve `BodyWork` requests when it is loaded as a worker. */
export const BODY_WORKER_FLAG = 'preview-data-sdk:wordpress-body-worker'

/**
 * The URL of this module, for `new Worker(...)`. The pool loads it with a dynamic `import()`, so the bundler gives it
 * (and the renderer it uses) a chunk of its own: a worker loads only that, not the builder and its validator.
 */
export const bodyWorkerUrl: string = import.meta.url

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[BODY_WORKER_FLAG] === true) {
  const data = workerData as { files: BodyFiles; render?: RenderOptions }
  const work = new BodyWork(data.files, data.render)
  parentPort?.on('message', (request: BodyRequest) => parentPort?.postMessage(work.handle(request)))
}
