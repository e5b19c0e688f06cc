import type * as Sdk from '../src/index.js'

// Benchmarks measure the built package, as users run it: `npm run bench` builds first, and tsx's transform of the
// sources would add a helper call to every closure. Types come from the sources, so type-checking needs no build.
const entry = new URL('../dist/index.js', import.meta.url).href

/** The built core entry, typed as the sources. */
export const sdk = (await import(entry)) as typeof Sdk
