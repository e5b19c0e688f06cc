// Test-only: the body worker (from TypeScript, as body-worker-ts.mjs loads it), which dies on its Nth message
// (PREVIEW_DATA_TEST_DIE_AT in the environment it was started with; 2 by default).
import process from 'node:process'
import { parentPort } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import('../../../importers/wordpress/bodies/body-worker.ts')
// Listening only once the worker listens, so that no message reaches this listener alone.
const dieAt = Number(process.env.PREVIEW_DATA_TEST_DIE_AT ?? 2)
let seen = 0
parentPort?.on('message', () => {
  if (++seen === dieAt) process.exit(1)
})
