// The harness's own test worker (harness.test.ts): does on purpose what the fuzz harness must catch — a hang, memory
// exhausted, a CLI run reported after writing files — without loading the SDK, so it starts at once.
import { writeFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'

parentPort.on('message', (job) => {
  if (job.target === 'warm') return parentPort.postMessage({ ok: true, outcome: 'warm' })
  if (job.kind === 'hang') for (;;);
  if (job.kind === 'memory') {
    const kept = []
    for (;;) kept.push(new Array(1 << 20).fill(kept.length))
  }
  for (const [path, text] of job.write ?? []) writeFileSync(path, text)
  parentPort.postMessage({ ok: true, outcome: 'fault', ...(job.run ? { run: job.run } : {}) })
})
