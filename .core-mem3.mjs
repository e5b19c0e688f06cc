import { readFileSync, openSync, writeSync, closeSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { canonicalJsonChunks } from './dist/index.js'
const text = process.argv[3] === 'sync' ? readFileSync(process.argv[2], 'utf8') : await readFile(process.argv[2], 'utf8')
const value = JSON.parse(text)
const fd = openSync('/tmp/core-scratch/out3.json', 'w')
for (const piece of canonicalJsonChunks(value, 2)) writeSync(fd, piece)
closeSync(fd)
