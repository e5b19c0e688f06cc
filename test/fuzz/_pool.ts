import { Worker } from 'node:worker_threads'
import type { Job, Verdict } from './_protocol.js'

const START_MS = 180_000

/**
 * One worker thread that runs the cases of a suite one at a time. The suite's thread keeps the clock: a case past its
 * time is run once more on a fresh thread (the machine is shared, a slow moment is not a hang), then counts as a
 * hang; a thread that dies (out of memory, an uncaught exception) is a failure of the case it was running.
 */
export class FuzzWorker {
  readonly #heapMb: number
  #worker: Worker | undefined
  #late: string[] = []
  #output = ''

  readonly #url: URL
  readonly #env: Record<string, string>

  /**
   * @param heapMb the heap a case may use before it counts as exhausting memory
   * @param url the worker's script (the harness's own test gives a light one that only makes faults)
   * @param env variables set for the worker's life (TMPDIR)
   */
  constructor(heapMb = 2048, url = new URL('./_worker.mjs', import.meta.url), env: Record<string, string> = {}) {
    this.#heapMb = heapMb
    this.#url = url
    this.#env = env
  }

  /** Runs a job within `budgetMs`; the verdict, or the problem (hang, crash) that ended it. */
  async run(job: Job, budgetMs: number): Promise<Verdict & { ms: number }> {
    for (let attempt = 1; ; attempt++) {
      // Starting a thread (loading the SDK under tsx) is not the case's time.
      if (!this.#worker) await this.#start()
      const started = performance.now()
      const verdict = await this.#send(job, budgetMs)
      const ms = performance.now() - started
      if (verdict !== 'timeout') {
        const late = this.#late.splice(0)
        if (late.length > 0) return { ok: false, problem: `the thread failed after the call returned: ${late.join('; ')}`, ms }
        return { ...verdict, ms }
      }
      await this.#stop()
      if (attempt === 2) return { ok: false, problem: `a hang: over ${Math.round(budgetMs)} ms, twice (the time allowed for its size)`, ms }
    }
  }

  async close(): Promise<void> {
    await this.#stop()
  }

  async #start(): Promise<Worker> {
    const worker = new Worker(this.#url, { resourceLimits: { maxOldGenerationSizeMb: this.#heapMb }, stdout: true, stderr: true, env: { ...process.env, ...this.#env } })
    // What the code under test prints is not the test's output; the last of it is kept for a crash's message.
    const keep = (chunk: Buffer) => { if (process.env.FUZZ_VERBOSE === '3') process.stderr.write(chunk); this.#output = (this.#output + chunk.toString()).slice(-2000) }
    worker.stdout.on('data', keep)
    worker.stderr.on('data', keep)
    // An error between cases (a rejection nobody handled) belongs to the case that was running.
    worker.on('error', (error) => this.#late.push(`${error.name}: ${error.message}`))
    this.#worker = worker
    const warm = await this.#send({ target: 'warm' }, START_MS)
    if (warm === 'timeout' || !warm.ok) throw new WorkerStartError(`the fuzz worker did not start: ${warm === 'timeout' ? 'timeout' : warm.problem}\n${this.#output}`)
    return worker
  }

  async #stop(): Promise<void> {
    const worker = this.#worker
    this.#worker = undefined
    if (worker) await worker.terminate()
  }

  async #send(job: Job, budgetMs: number): Promise<Verdict | 'timeout'> {
    // The warm-up job is sent by #start, once the thread exists.
    const w = this.#worker ?? (await this.#start())
    return new Promise<Verdict | 'timeout'>((resolve) => {
      const done = (v: Verdict | 'timeout') => {
        clearTimeout(timer)
        w.off('message', onMessage)
        w.off('error', onError)
        w.off('exit', onExit)
        resolve(v)
      }
      const onMessage = (v: Verdict) => done(v)
      const onError = (error: Error) => {
        this.#late.splice(0)
        this.#worker = undefined
        done({ ok: false, problem: `the thread died: ${error.name}: ${error.message} ${(error as { code?: string }).code ?? ''}\n${this.#output.slice(-500)}` })
      }
      const onExit = (code: number) => {
        this.#worker = undefined
        done({ ok: false, problem: `the thread exited (${code}) during the case\n${this.#output.slice(-500)}` })
      }
      const timer = setTimeout(() => done('timeout'), budgetMs)
      w.on('message', onMessage)
      w.on('error', onError)
      w.on('exit', onExit)
      w.postMessage(job)
    })
  }
}

/** The worker could not start: the harness, not a case, failed. */
export class WorkerStartError extends Error {}
