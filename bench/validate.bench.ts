// Issue 2 target: validatePreviewData at most 0.35 × JSON.parse of the same text, at 10,000 and 100,000 posts,
// with linear growth. One process, a warm-up, then the median of 5 runs of each (at 376 MB, garbage-collection
// timing moves a single run of either by a third).
import { sdk } from './sdk.js'
import { generatePayload } from './generate-payload.js'
import { median, report } from './measure.js'

const results: Record<string, number> = {}
for (const posts of [10_000, 100_000]) {
  const text = JSON.stringify(generatePayload(posts))
  const parsed = JSON.parse(text)
  if (!sdk.validatePreviewData(parsed).ok) throw new Error('generated payload is invalid')
  // Warm up until the JIT has compiled the hot paths of both, as a long-running producer or build would have.
  for (let i = 0; i < 4; i++) {
    JSON.parse(text)
    sdk.validatePreviewData(parsed)
  }
  const parse = median(5, () => JSON.parse(text))
  const validate = median(5, () => sdk.validatePreviewData(parsed))
  results[posts] = validate
  report(`validate ${posts.toLocaleString('en-US')} posts (${(text.length / 1e6).toFixed(0)} MB)`, {
    'JSON.parse ms': parse.toFixed(0),
    'validate ms': validate.toFixed(0),
    'validate / parse': (validate / parse).toFixed(3),
    target: '<= 0.35',
  })
}
report('validate growth 10k -> 100k', { 'time ratio': (results[100_000] / results[10_000]).toFixed(1), linear: '~10' })
