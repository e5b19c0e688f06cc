/**
 * Every size limit of the WordPress importer in one place. Each entry says where its number comes from, so a
 * limit is changed deliberately and in one spot.
 */
export const LIMITS = {
  /**
   * Bytes read from a file (or decompressed) at a time (256 KiB): 460 thread-pool round trips for the realistic
   * 10,000-post export instead of 1,800 at 64 KiB, which took reading and byte checking from 228 to 175 ms of the main
   * thread's CPU (medians of 7, alternating). 1 MiB reads saved about 0.09 s but peaked 10-20 MB higher; either way
   * the tokenizer is given 64 KiB pieces (`xmlChunkBytes`).
   */
  readChunkBytes: 256 * 1024,
  /**
   * Bytes the XML tokenizer reads at a time (64 KiB), each piece also a string; larger reads (a stream's chunks)
   * are cut to it. Below V8's large-object size (128 KiB) such strings die young, in the cheap scavenges, where
   * 1 MiB ones waited for a full collection and held about 20 MB more at the peak of a 10,000-post import.
   */
  xmlChunkBytes: 64 * 1024,
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
  /**
   * Bytes that may come before the root element. WordPress writes an XML declaration and a comment of about 1 KiB;
   * 64 KiB leaves room for any exporter, and refuses a file of text or comments at once instead of holding it.
   */
  maxBytesBeforeRoot: 64 * 1024,
  /**
   * Distinct `<category domain nicename>` references whose objects items share. Real sites have at most a few
   * thousand terms; past this (a hostile export) each reference is an object of its own, so memory stays flat.
   */
  maxSharedTerms: 100_000,
  /**
   * Distinct names of attachment sizes (`thumbnail`, `medium`…) held once each. WordPress registers a handful and
   * themes and plugins a few more; past this (a hostile export) each name is kept as its attachment has it.
   */
  maxSharedSizeNames: 10_000,
  /**
   * Distinct uploads folders of attachments (`wp-content/uploads/`, a multisite site's `uploads/sites/3/`) where a
   * multisite `/files/` URL's file is looked for. A site has one or two; a split export of a network a few.
   */
  maxUploadFolders: 16,
  /**
   * Bytes a compressed export (`.gz`, or the `.xml` entries of a `.zip`) may expand to. The largest exports seen are
   * a few GB; 16 GiB stops a zip bomb long before memory or time run out.
   */
  maxUncompressedBytes: 16 * 1024 ** 3,
  /**
   * How many times its compressed size an export may expand to, once past `minBytesForRatio`. XML exports compress
   * 5 to 15 times (the six fixture exports: 5.2 to 15.4 with gzip -9); a zip bomb, a thousand times or more.
   */
  maxCompressionRatio: 100,
  minBytesForRatio: 64 * 1024 * 1024,
  /** Entries of a zip archive looked at: WordPress.com puts one `.xml` file per part of an export in it. */
  maxArchiveEntries: 10_000,
  /** Malformed-byte and illegal-character positions listed one by one in the report; the rest are counted. */
  maxReportedByteIssues: 50,
  /** Posts and pages listed one by one in the report for the plugin shortcodes they lost; the rest are counted. */
  maxReportedDroppedShortcodeItems: 100,
  /** Longest `_wp_attachment_metadata` value parsed (WordPress writes a few KiB; 1 MiB bounds a hostile value). */
  maxSerializedBytes: 1024 * 1024,
  /** Deepest PHP-serialized nesting parsed (WordPress metadata nests 3 levels: sizes/<name>/<field>). */
  maxSerializedDepth: 16,
  /** Slug length in code points after NFC: the contract's slug segment limit. */
  slugCodePoints: 200,
  /** Deepest page hierarchy followed; WordPress has no limit, but a deeper chain in an export is a cycle or junk. */
  maxPageDepth: 100,
  /**
   * Deepest menu nesting kept (a classic menu's parent chain, block navigation's submenus): WordPress has no limit, but
   * menus deeper than this are junk or hostile, and each level is a level of recursion for whoever reads the payload.
   */
  maxMenuDepth: 100,
  /** Page list blocks expanded in one navigation: each is the whole page tree, so repeats multiply the output. */
  maxPageListsPerNavigation: 4,
  /**
   * What page lists, navigations and post lists may add to one body, in UTF-16 units: each repeats the site's pages or
   * posts (a sitemap of 10,000 pages is about 1,500,000); past it the others are left out and counted.
   */
  maxSiteBlockChars: 4_000_000,
  /**
   * What page lists, navigations and post lists may add to all bodies together, in UTF-16 units, beside four times the
   * export's size: shared evenly by the bodies that may hold them (a list of the site's 2,000 pages in each of 2,000
   * posts wrote a 490 MB payload from a 2 MB export, growing with the square of the export).
   */
  maxSiteBlockCharsPerSite: 64_000_000,
  /** Deepest reusable-block (`wp:block`) inlining; WordPress itself refuses recursion, this bounds chains. */
  maxReusableBlockDepth: 10,
  /**
   * Pages of one body split by `<!--nextpage-->` whose old URLs (`/post/2/`) are redirected: more than any real post
   * has, and a bound on the redirects a hostile body can make.
   */
  maxBodyPages: 100,
  /**
   * Shortcodes no renderer knows are removed name by name, a pass over the body each. Real bodies hold a few dozen
   * names (a Divi or WPBakery page, 10 to 40); a hostile one, thousands, which took time growing with the square of
   * its size. Passes × body length (UTF-16 units) stays under this budget, and at least `minShortcodePasses` are made;
   * names past it are left as written and reported as kept.
   */
  shortcodePassUnits: 64 * 1024 * 1024,
  minShortcodePasses: 64,
  /** Excerpt length in words when one is derived: WordPress's own `excerpt_length` default (55). */
  excerptWords: 55,
  /** Excerpt length in characters for text without spaces (CJK): WordPress doubles the word count for those locales. */
  excerptChars: 110,
  /**
   * Export bytes from which the body worker starts (a stream always gets one). Starting a worker costs about 40 ms,
   * and a smaller export is read and rendered in less than that on one thread.
   */
  workerMinBytes: 4 * 1024 * 1024,
  /** Young generation of the body worker, in MB (V8's default is 48): see `BodyPool`. */
  workerYoungGenerationMb: 16,
  /** Jobs per message to the body worker, and body bytes per message: enough to make messaging cheap. */
  bodyBatchItems: 64,
  bodyBatchBytes: 512 * 1024,
  /** Batches of bodies to finish that wait for the body worker at a time: enough to keep it busy. */
  finishBatchesInFlight: 4,
  /**
   * Body bytes handed to the body worker and not yet rendered; past this, reading waits for it. Bounds how far reading
   * runs ahead when the worker is slower (a loaded machine), at no cost when it is not.
   */
  bodiesInFlightBytes: 8 * 1024 * 1024,
  /** Menu id length: the contract's map id limit (`^[a-z][a-z0-9_-]{0,63}$`). */
  mapIdLength: 64,
} as const
