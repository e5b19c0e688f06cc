import fc from 'fast-check'

// Property tests run with a fixed seed so CI is repeatable; FC_SEED=<n> (or FC_SEED=random) explores other cases.
const seed = process.env.FC_SEED
fc.configureGlobal(seed === 'random' ? {} : { seed: seed === undefined ? 20261121 : Number(seed) })
