// Test-only: a body worker (BodyWork from TypeScript, as body-worker-ts.mjs loads it) that answers each finish request
// 20 ms late, as a busy worker would, so that the main thread takes its share of finishing.
import { setTimeout } from 'node:timers'
import { parentPort, workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
const { BodyWork } = await import('../../../importers/wordpress/bodies/work.ts')
const work = new BodyWork(workerData.files, workerData.render)
parentPort?.on('message', (request) => {
  const reply = work.handle(request)
  if ('finish' in request) setTimeout(() => parentPort?.postMessage(reply), 20)
  else parentPort?.postMessage(reply)
})
