// Test-only: the render worker (from TypeScript, as render-worker-ts.mjs loads it), which dies after its fourth message.
import process from 'node:process'
import { parentPort } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import('../../../importers/wordpress/content/render-worker.ts')
// Listening only once the worker listens, so that no message reaches this listener alone.
let seen = 0
parentPort?.on('message', () => {
  if (++seen === 4) process.exit(1)
})
