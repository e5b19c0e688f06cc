import { Worker } from 'node:worker_threads'
import { LIMITS } from '../limits.js'
import { BodyWork } from './work.js'
import type { BodyReply, BodyRequest, Finished, FinishJob, FinishSetup, KeptText, Prepared, PreparedBody, PrepareJob, RenderCounts, RenderOptions } from './work.js'
import { TextFile } from './store.js'
import { LinkIndex } from '../links.js'
import type { LinkIndexData } from '../links.js'

/** Where the body worker's module is; tests pass a loader for the TypeScript sources. */
export type WorkerSource = { url: string | URL; execArgv?: string[] }

/** How a pool is set up: whether finished bodies stay in a file (the CLI) and which worker, if any, does the work. */
export type BodyPoolOptions = { keepFinished: boolean; worker?: WorkerSource; render?: RenderOptions }

// Repeated here (not imported) so that the main bundle does not pull the worker module in statically.
const BODY_WORKER_FLAG = 'preview-data-sdk:wordpress-body-worker'

/**
 * Post and page bodies, rendered on a second thread while the main thread reads the export, and finished by both
 * threads once it is read: the one place the importer works in parallel. Requests go to `BodyWork` in batches, on a
 * worker thread or (without one) on this thread, and come back in order; callers see the same results either way.
 *
 * Why a worker, measured on a generated 10,000-post export of mixed scripts (113 MB, 2 cores): reading the XML takes
 * the main thread about 2 to 2.4 s, and rendering the bodies (wpautop, embeds, shortcodes) about 1.8 s, which the
 * worker does meanwhile (and while the main thread plans the site once the export is read); finishing (links, media URLs, excerpts, JSON) takes about 1.1 s more
 * on one thread, which both threads share, the main thread between assembling the items whose bodies are back (when
 * the worker alone finished, the main thread was busy a third of that time).
 */
export class BodyPool {
  // Raw bodies (written here), rendered bodies (written by the work) and finished ones (kept for the CLI, a file for
  // each thread that finishes).
  readonly #raw = TextFile.create()
  readonly #rendered = TextFile.create()
  readonly #finishedHere: TextFile | undefined
  readonly #finishedByWorker: TextFile | undefined
  // The work on this thread: all of it without a worker, else its share of finishing.
  // (Let go once every body is finished, with the link index and gallery attachments finishing needed.)
  #here: BodyWork | undefined
  readonly #onWorker: boolean
  #worker: Worker | undefined
  // Every body handed over, by id, as preparing left it.
  readonly #bodies: PreparedBody[] = []
  // Requests sent and not yet answered, oldest first: answers come in order.
  readonly #waiting: Array<{ resolve: (reply: BodyReply) => void; reject: (error: Error) => void }> = []
  #batch: Batch = newBatch()
  #inFlightBytes = 0
  #wake: (() => void) | undefined
  #error: Error | undefined
  #handedOver = 0
  // The handling of the last batch of bodies sent to be prepared.
  #lastBatch: Promise<void> = Promise.resolve()
  /** What rendering added to the report so far. */
  readonly counts: RenderCounts = { rendered: {}, removed: {}, dropped: {}, droppedIn: {}, kept: {}, dynamic: {} }

  constructor(options: BodyPoolOptions) {
    const files = (finished: TextFile | undefined) => ({ raw: this.#raw.fd, rendered: this.#rendered.fd, ...(finished ? { finished: finished.fd } : {}) })
    this.#finishedHere = options.keepFinished ? TextFile.create() : undefined
    this.#here = new BodyWork(files(this.#finishedHere), options.render)
    this.#onWorker = options.worker !== undefined
    if (options.worker === undefined) return
    this.#finishedByWorker = options.keepFinished ? TextFile.create() : undefined
    // A young generation of 16 MB instead of V8's 48: the worker's objects are small and short-lived, and on a
    // 10,000-post import this took 10 to 20 MB off the peak memory at no measurable cost in time.
    const resourceLimits = { maxYoungGenerationSizeMb: LIMITS.workerYoungGenerationMb }
    const worker = new Worker(options.worker.url, { workerData: { [BODY_WORKER_FLAG]: true, files: files(this.#finishedByWorker), render: options.render ?? {} }, resourceLimits, execArgv: options.worker.execArgv ?? workerExecArgv(process.execArgv) })
    worker.on('message', (reply: BodyReply) => this.#waiting.shift()?.resolve(reply))
    const gone = (why: string) => this.#fail(new Error(`the body worker stopped (${why}); the import cannot finish. Please report this.`))
    worker.on('error', (error) => gone(error.message))
    worker.on('messageerror', (error) => gone(error.message))
    worker.on('exit', (code) => gone(`exit code ${code}`))
    this.#worker = worker
  }

  /**
   * Hands over a post or page body to render (as text, or as UTF-8 bytes); `done` gets what rendering found, in the
   * order jobs were handed over. Returns the body's id, which `finish` asks for. The body goes to a file at once: only
   * its place crosses to the worker.
   */
  prepareBody(postId: number, raw: string | Buffer, done: (result: Prepared) => void): number {
    this.#rethrow()
    const batch = this.#batch
    batch.raw.push(raw)
    batch.postIds.push(postId)
    batch.done.push(done)
    batch.bytes += raw.length
    this.#sendIfFull()
    return this.#handedOver++
  }

  /** Resolves once few enough raw bodies wait for the worker, so that reading never runs far ahead of it. */
  async ready(): Promise<void> {
    while (this.#inFlightBytes > LIMITS.bodiesInFlightBytes && this.#error === undefined) await new Promise<void>((resolve) => (this.#wake = resolve))
    this.#rethrow()
  }

  /** Sends the bodies handed over and not sent yet, so that rendering goes on while this thread does other work. */
  flush(): void {
    this.#sendBatch()
  }

  /** Resolves once every job handed over has its result. */
  async prepared(): Promise<void> {
    this.#sendBatch()
    // Answers come in order: once the last batch's is handled, every one is.
    await this.#lastBatch
    this.#rethrow()
  }

  /**
   * Finishes bodies (`setup` says what the export holds), in the order of `jobs` (each a body's id, as `prepareBody`
   * returned it), as results come in. In batches: the worker finishes them from the first on, a few sent ahead (the
   * first at once), and whenever the next one is not back yet this thread finishes the last batch nobody has taken;
   * the two meet in between, and each batch is finished once. Neither thread holds every request or answer at once.
   */
  finish(setup: FinishSetup, jobs: ReadonlyArray<{ body: number; excerpt: string }>): AsyncIterable<Finished> {
    const batches: Array<FinishJob[] | undefined> = []
    for (let at = 0; at < jobs.length; at += LIMITS.bodyBatchItems) batches.push(jobs.slice(at, at + LIMITS.bodyBatchItems).map(({ body, excerpt }) => ({ body: this.#prepared(body), excerpt })))
    // Each body is finished once, so what preparing left of it goes with its batch, once that is taken.
    this.#bodies.length = 0
    const take = (at: number): FinishJob[] => {
      const batch = batches[at] as FinishJob[]
      batches[at] = undefined
      return batch
    }
    // The setup goes with the first batch each thread finishes, and is not kept here; the worker gets the link index
    // as data, this thread uses the one it is given.
    let setupHere: FinishSetup | undefined = setup
    let setupThere: FinishSetup | undefined = setup
    const finishHere = (batch: FinishJob[]): Finished[] => {
      const answer = this.#answer(this.#work().handle({ finish: batch, ...(setupHere ? { setup: setupHere } : {}) }))
      setupHere = undefined
      return 'finished' in answer ? answer.finished : []
    }
    // Batches [0, sent) went to the worker, [taken, end) are finished here.
    let sent = 0
    let taken = this.#onWorker ? batches.length : 0
    const fromWorker: Array<{ reply: Promise<BodyReply>; back: boolean }> = []
    const sendAhead = () => {
      while (fromWorker.length < LIMITS.finishBatchesInFlight && sent < taken) {
        const request = { reply: this.#send({ finish: take(sent++), ...(setupThere ? { setup: { ...setupThere, links: linkData(setupThere.links) } } : {}) }), back: false }
        setupThere = undefined
        // Awaited in turn below; a failure is rethrown there, not reported as unhandled meanwhile.
        request.reply.then(() => (request.back = true), () => (request.back = true))
        fromWorker.push(request)
      }
    }
    sendAhead()
    // Whoever reads the results stops at the last one: what is let go at the end is let go before it is handed over.
    const results = async function* (pool: BodyPool): AsyncGenerator<Finished> {
      const here: Array<Finished[] | undefined> = []
      let at = 0
      for (; at < taken; at++) {
        sendAhead()
        const next = fromWorker.shift() as (typeof fromWorker)[number]
        while (!next.back && sent < taken) {
          taken--
          here[taken] = finishHere(take(taken))
          // Lets the worker's answers in.
          await new Promise((resolve) => setImmediate(resolve))
        }
        const answer = pool.#answer(await next.reply)
        // Nothing is left for the worker to do: its memory goes back before the payload is built and written.
        if (at === taken - 1) await pool.#stopWorker()
        if ('finished' in answer) yield* answer.finished
      }
      // The batches finished here, in order; without a worker, all of them, finished as they are asked for.
      for (; at < batches.length; at++) {
        const done = here[at] ?? finishHere(take(at))
        here[at] = undefined
        if (at === batches.length - 1) pool.#here = undefined
        yield* done
      }
    }
    return results(this)
  }

  #work(): BodyWork {
    if (this.#here === undefined) throw new Error('every body is finished already')
    return this.#here
  }

  /**
   * Where a prepared body's rendering lies and what it found for its excerpt, for post lists; undefined for a body
   * that waits raw (not rendered yet). Asked before `finish`, which lets prepared bodies go.
   */
  renderedBody(body: number): { place: [offset: number, length: number]; moreText?: string; blockExcerpt?: string } | undefined {
    const prepared = this.#bodies[body]
    if (prepared === undefined || prepared.late === 'raw') return undefined
    return { place: prepared.place, ...(prepared.moreText !== undefined ? { moreText: prepared.moreText } : {}), ...(prepared.blockExcerpt !== undefined ? { blockExcerpt: prepared.blockExcerpt } : {}) }
  }

  #prepared(body: number): PreparedBody {
    const prepared = this.#bodies[body]
    if (prepared === undefined) throw new Error(`no prepared body ${body}`)
    return prepared
  }

  /** The JSON bytes of a finished text kept in a file (`keepFinished`). */
  finishedJson(kept: KeptText): Buffer {
    const file = [this.#finishedHere, this.#finishedByWorker].find((f) => f !== undefined && f.fd === kept.file)
    if (file === undefined) throw new Error('finished bodies were not kept in a file')
    return file.bytes(kept.place)
  }

  /** Stops the worker and removes the files. */
  async close(): Promise<void> {
    this.#error ??= new Error('the body pool is closed')
    await this.#stopWorker()
    this.#raw.close()
    this.#rendered.close()
    this.#finishedHere?.close()
    this.#finishedByWorker?.close()
  }

  async #stopWorker(): Promise<void> {
    const worker = this.#worker
    this.#worker = undefined
    if (worker === undefined) return
    worker.removeAllListeners()
    await worker.terminate()
  }

  #sendIfFull(): void {
    if (this.#batch.postIds.length >= LIMITS.bodyBatchItems || this.#batch.bytes >= LIMITS.bodyBatchBytes) this.#sendBatch()
  }

  #sendBatch(): void {
    const { raw, postIds, done, bytes } = this.#batch
    if (postIds.length === 0) return
    this.#batch = newBatch()
    // The batch's bodies in one write; each job gets its body's place in the file.
    const places = this.#raw.append(raw)
    const request = postIds.map((postId, i): PrepareJob => ({ body: { postId, raw: places[i] } }))
    this.#inFlightBytes += bytes
    // A failed batch fails the pool (the next call or wait rethrows it), and is handled here, never left unhandled.
    this.#lastBatch = this.#send({ prepare: request })
      .then((reply) => {
        this.#inFlightBytes -= bytes
        const answer = this.#answer(reply)
        if ('prepared' in answer) {
          for (const body of answer.bodies) this.#bodies.push(body)
          answer.prepared.forEach((result, i) => done[i](result))
        }
      })
      .catch((error: unknown) => void this.#fail(error instanceof Error ? error : new Error(String(error))))
      .finally(() => this.#wakeUp())
  }

  #send(request: BodyRequest): Promise<BodyReply> {
    if (this.#error !== undefined) return Promise.reject(this.#error)
    if (!this.#onWorker) return Promise.resolve(this.#work().handle(request))
    const worker = this.#worker
    if (worker === undefined) return Promise.reject(new Error('the body worker has stopped'))
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject })
      worker.postMessage(request)
    })
  }

  #answer(reply: BodyReply): Exclude<BodyReply, { error: string }> {
    if ('error' in reply) throw this.#fail(new Error(reply.error))
    for (const key of ['rendered', 'removed', 'dropped', 'droppedIn', 'kept', 'dynamic'] as const) {
      const into = this.counts[key]
      for (const [name, n] of Object.entries(reply.counts[key])) into[name] = (into[name] ?? 0) + n
    }
    return reply
  }

  #fail(error: Error): Error {
    this.#error ??= error
    for (const waiting of this.#waiting.splice(0)) waiting.reject(this.#error)
    this.#wakeUp()
    return this.#error
  }

  #wakeUp(): void {
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }

  #rethrow(): void {
    if (this.#error !== undefined) throw this.#error
  }
}

/** A link index as the worker is sent it. */
function linkData(links: LinkIndex | LinkIndexData): LinkIndexData {
  return links instanceof LinkIndex ? links.toData() : links
}

// Bodies waiting to be sent, as they will be once written to the file.
type Batch = { raw: Array<string | Buffer>; postIds: number[]; done: Array<(result: Prepared) => void>; bytes: number }

function newBatch(): Batch {
  return { raw: [], postIds: [], done: [], bytes: 0 }
}

/**
 * The body worker's module, when this code runs as built JavaScript with the worker in a chunk of its own (tsup's
 * code splitting names it body-worker-<hash>.js); from TypeScript sources (tests, tsx) there is none.
 */
export async function bodyWorker(): Promise<WorkerSource | undefined> {
  if (!/\.m?js$/.test(new URL(import.meta.url).pathname)) return undefined
  const { bodyWorkerUrl } = await import('./body-worker.js')
  if (!/\/body-worker[^/]*\.m?js$/.test(new URL(bodyWorkerUrl).pathname)) return undefined
  return { url: new URL(bodyWorkerUrl) }
}

/**
 * The worker's Node options: left to Node (undefined), which gives the worker the parent's options a worker may take,
 * except when the parent has `--input-type`. That option applies only to code given as a string, and a worker started
 * from a file refuses to start with it (`node --input-type=module -e "…importWordPress(…)"` failed with "the body
 * worker stopped"). Given explicitly, options a worker may not take (memory sizes, `--expose-gc`, `--title`…) make it
 * refuse to start too (`node --max-old-space-size=4096 …` failed with "invalid execArgv flags"), so the list given
 * then keeps only what loads and runs its file as the parent would: loaders, conditions, source maps and warnings.
 * @example
 * workerExecArgv(['--max-old-space-size=4096']) // undefined
 * workerExecArgv(['--input-type=module', '--import', 'tsx', '-e', 'x']) // ['--import', 'tsx']
 */
export function workerExecArgv(argv: readonly string[]): string[] | undefined {
  if (!argv.some((a) => a === '--input-type' || a.startsWith('--input-type='))) return undefined
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const [name] = argv[i].split('=', 1)
    if (!WORKER_OPTIONS.has(name)) continue
    out.push(argv[i])
    // An option with its value in the next argument.
    if (!argv[i].includes('=') && WORKER_OPTIONS.get(name) && i + 1 < argv.length) out.push(argv[++i])
  }
  return out
}

// The options a worker takes from the parent when they must be listed: each with whether it takes a value.
const WORKER_OPTIONS = new Map<string, boolean>([
  ['--import', true],
  ['--require', true],
  ['-r', true],
  ['--loader', true],
  ['--experimental-loader', true],
  ['--conditions', true],
  ['-C', true],
  ['--enable-source-maps', false],
  ['--no-warnings', false],
  ['--disable-warning', true],
])
