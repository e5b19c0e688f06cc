/**
 * Every size limit of the WordPress importer in one place. Each entry says where its number comes from, so a
 * limit is changed deliberately and in one spot.
 */
export const LIMITS = {
  /** Bytes read per chunk: large enough that per-chunk costs vanish, small enough to keep memory flat (1 MiB). */
  readChunkBytes: 1 << 20,
  /**
   * Deepest XML element nesting accepted. WXR nests at most 5 levels (rss/channel/item/wp:postmeta/wp:meta_key);
   * 64 leaves room for odd exporters while stopping pathological nesting early.
   */
  maxXmlDepth: 64,
  /**
   * Longest text of one XML element, in UTF-16 units. WordPress stores post bodies in LONGTEXT (4 GiB), but V8 caps
   * strings at about 2^29 units; 64 Mi units (128 MiB) is far above any real post and far below that cap.
   */
  maxElementTextUnits: 64 * 1024 * 1024,
  /** Malformed-byte and illegal-character positions listed one by one in the report; the rest are counted. */
  maxReportedByteIssues: 50,
  /** Longest `_wp_attachment_metadata` value parsed (WordPress writes a few KiB; 1 MiB bounds a hostile value). */
  maxSerializedBytes: 1024 * 1024,
  /** Deepest PHP-serialized nesting parsed (WordPress metadata nests 3 levels: sizes/<name>/<field>). */
  maxSerializedDepth: 16,
  /** Slug length in code points after NFC: the contract's slug segment limit. */
  slugCodePoints: 200,
  /** Deepest page hierarchy followed; WordPress has no limit, but a deeper chain in an export is a cycle or junk. */
  maxPageDepth: 100,
  /** Deepest reusable-block (`wp:block`) inlining; WordPress itself refuses recursion, this bounds chains. */
  maxReusableBlockDepth: 10,
  /** Excerpt length in words when one is derived: WordPress's own `excerpt_length` default (55). */
  excerptWords: 55,
  /** Excerpt length in characters for text without spaces (CJK): WordPress doubles the word count for those locales. */
  excerptChars: 110,
  /**
   * Raw body characters rendered on the main thread before a render worker starts: starting one costs about 40 ms,
   * which pays off only past a few MB of bodies (measured on the generated benchmark exports).
   */
  renderWorkerAfterChars: 4 * 1024 * 1024,
  /** Export size past which the render worker starts at once: such an export always renders far more than the above. */
  renderWorkerEagerBytes: 16 * 1024 * 1024,
  /**
   * Raw body characters handed to the render worker and not yet answered. Past this the main thread renders too;
   * 2 Mi keeps both threads busy on the benchmark exports, bounds the raw text held for the worker, and leaves
   * little backlog for the main thread to wait on when reading ends (8 Mi cost about 0.1 s there on 10,000 posts).
   */
  renderInFlightChars: 2 * 1024 * 1024,
  /** Bodies per message to the render worker, and characters per message: enough to make messaging overhead vanish. */
  renderBatchItems: 64,
  renderBatchChars: 512 * 1024,
  /** Attachments per message whose metadata the render worker reads: a few hundred bytes each. */
  measureBatchItems: 256,
  /**
   * Export bytes up to which the render worker, once reading ends, finishes bodies (links, media URLs, excerpts,
   * JSON) while the main thread assembles the payload: 0.1–0.2 s saved on 10,000 posts. It needs its own copy of the
   * link index, and the main thread then collects its garbage later; on the 1 GB, 100,000-post benchmark export that
   * raised the peak memory by up to 140 MB, to 970 MB. Past this size memory is the scarcer resource, so one thread
   * finishes; the payload's bytes are the same either way.
   */
  finishWorkerMaxBytes: 512 * 1024 * 1024,
  /** Menu id length: the contract's map id limit (`^[a-z][a-z0-9_-]{0,63}$`). */
  mapIdLength: 64,
} as const
