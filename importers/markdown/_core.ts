// The core helpers the importer builds on, in one place so the importer's view of the core is easy to audit.
export { effectivePagePath, pageRoute, postRoute, slugFor, slugWithSuffix } from '../../src/index.js'
