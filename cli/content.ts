/**
 * What a command writes: text, bytes, or pieces of either, so a payload larger than one string (a spooled WordPress
 * import, a streamed canonicalization) is written as it is produced. `writeContent` batches the pieces into 1 MiB
 * writes to one sink, whatever the sink is (a temporary file, a FIFO, standard output).
 */

/** A whole output, or its pieces in order, synchronously or as they become available. */
export type OutputContent = string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>

/** Where bytes go; each call resolves once `bytes` may be reused. */
export type ByteSink = (bytes: Uint8Array) => Promise<void>

const BATCH = 1 << 20

/**
 * Writes `content` to `sink` in batches of up to 1 MiB (pieces larger than that are passed on whole) and returns the
 * number of bytes written. One thread-pool write per MiB, not one per piece: a payload has a piece per value. Two
 * batches take turns, so the next one is filled while the last is being written: a 1 GB payload's serialization
 * waited for the disk half its time when each write was awaited before the next batch began.
 */
export async function writeContent(content: OutputContent, sink: ByteSink): Promise<number> {
  if (typeof content === 'string') content = [content]
  else if (content instanceof Uint8Array) content = [content]
  let buffer = Buffer.allocUnsafe(BATCH)
  let spare = Buffer.allocUnsafe(BATCH)
  let used = 0
  let total = 0
  // The write in flight, if any; its failure is kept (not left unhandled) and thrown at the next wait.
  let writing: Promise<void> | undefined
  let failure: { error: unknown } | undefined
  const settle = async () => {
    if (writing) await writing
    writing = undefined
    if (failure) throw failure.error
  }
  const send = (bytes: Uint8Array) => {
    writing = sink(bytes).then(
      () => undefined,
      (error: unknown) => {
        failure = { error }
      },
    )
    total += bytes.length
  }
  const flush = async () => {
    await settle()
    if (used === 0) return
    send(buffer.subarray(0, used))
    ;[buffer, spare] = [spare, buffer]
    used = 0
  }
  // A piece that fits goes into the batch at once; only a full batch (or a piece larger than one) waits, and then
  // only for the write before it. Nearly every piece of a payload is a key or a value of a few bytes, so this is not
  // a promise per piece.
  const put = (piece: string | Uint8Array): Promise<void> | undefined => {
    if (typeof piece === 'string') {
      // UTF-8 takes at most 3 bytes per UTF-16 unit, so a piece within that bound is encoded in place.
      if (piece.length * 3 <= BATCH - used) {
        used += buffer.write(piece, used, 'utf8')
        return undefined
      }
      piece = Buffer.from(piece, 'utf8')
    }
    if (used + piece.length <= BATCH) {
      buffer.set(piece, used)
      used += piece.length
      return undefined
    }
    return putAfterFlush(piece)
  }
  const putAfterFlush = async (piece: Uint8Array) => {
    await flush()
    if (piece.length > BATCH) {
      // Written whole and waited for: the piece is the caller's, who may reuse it once this resolves.
      await settle()
      send(piece)
      await settle()
    } else {
      buffer.set(piece, used)
      used += piece.length
    }
  }
  try {
    if (Symbol.asyncIterator in content) for await (const piece of content) await put(piece)
    else {
      for (const piece of content) {
        const full = put(piece)
        if (full) await full
      }
    }
    await flush()
    await settle()
  } finally {
    // Whatever failed while a write was in flight, the sink is left idle: nothing writes after this returns.
    await writing
  }
  return total
}
