import { generatePayload } from './generate-payload.js'
import { validatePreviewData } from '../src/index.js'
const p = JSON.parse(JSON.stringify(generatePayload(100000)))
for (let k = 0; k < 6; k++) validatePreviewData(p)
