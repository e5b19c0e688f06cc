// The core helpers the importer builds on, in one place so the importer's view of the core is easy to audit.
export { effectivePagePath, pageRoute, postRoute, slugFor, slugWithSuffix } from '../../src/index.js'
// Excerpts are the builder's: one definition of "the first paragraph as plain text" for every producer.
export { EXCERPT_MAX_LENGTH, markdownExcerpt, plainTextExcerpt } from '../../src/builder/excerpt.js'
