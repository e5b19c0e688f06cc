// What every built Markdown site shares: a seeded generator (the same site on every build), the corpus words
// (../_text.json, written for this corpus), real PNG files, and a writer that records every file it writes.
import { Buffer } from 'node:buffer'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The sentence banks and title parts per language (written for this corpus; shared with the WordPress builder). */
export const words = JSON.parse(await readFile(path.join(here, '..', '_text.json'), 'utf8'))

/** xorshift32, seeded: every build writes the same sites. */
export class Rng {
  constructor(seed) {
    this.s = Math.imul(seed, 2654435761) >>> 0 || 1
  }
  next() {
    let s = this.s
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    this.s = s >>> 0
    return this.s
  }
  float() {
    return this.next() / 4294967296
  }
  int(lo, hi) {
    return lo + Math.floor(this.float() * (hi - lo + 1))
  }
  chance(p) {
    return this.float() < p
  }
  pick(xs) {
    return xs[this.int(0, xs.length - 1)]
  }
}

const CJK = new Set(['ja', 'zh'])

export function sentence(rng, lang) {
  return rng.pick((words[lang] ?? words.en).sentences)
}

/** `n` paragraphs of two to four sentences, separated by blank lines. */
export function paragraphs(rng, lang, n) {
  const out = []
  for (let i = 0; i < n; i++) {
    const s = []
    for (let k = rng.int(2, 4); k > 0; k--) s.push(sentence(rng, lang))
    out.push(s.join(CJK.has(lang) ? '' : ' '))
  }
  return out.join('\n\n')
}

const usedTitles = new Map()

/**
 * A title in `lang`, different from every title drawn before in that language (a blog's titles rarely repeat, and
 * generators that derive slugs from titles would otherwise give two documents one URL): a repeat gets a number.
 */
export function title(rng, lang) {
  const w = words[lang] ?? words.en
  const base = `${rng.pick(w.title_a)}${CJK.has(lang) ? '' : ' '}${rng.pick(w.title_b)}`
  const used = usedTitles.get(lang) ?? new Map()
  usedTitles.set(lang, used)
  const n = (used.get(base) ?? 0) + 1
  used.set(base, n)
  return n === 1 ? base : `${base} ${n}`
}

/** Forgets the titles drawn so far: each site starts afresh, so its titles do not depend on the sites built before. */
export function resetTitles() {
  usedTitles.clear()
}

/** A URL slug as the sites' authors write file names: lowercase ASCII words joined by dashes. */
export function fileSlug(text, fallback) {
  const s = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
  return s || fallback
}

/** A date between two years, as YYYY-MM-DD, and the same instant as an ISO string at 09:30 UTC. */
export function day(rng, from, to) {
  const t = Date.UTC(from, 0, 1) + Math.floor(rng.float() * (Date.UTC(to, 11, 31) - Date.UTC(from, 0, 1)))
  const d = new Date(t)
  const ymd = d.toISOString().slice(0, 10)
  return { ymd, iso: `${ymd}T09:30:00Z`, year: d.getUTCFullYear() }
}

/** A real PNG (a sky-to-sea gradient), small enough to keep the corpus light. */
export function png(rng, width = 320, height = 200) {
  const sky = [rng.int(120, 220), rng.int(150, 230), rng.int(200, 255)]
  const sea = [rng.int(10, 60), rng.int(60, 120), rng.int(100, 170)]
  const horizon = Math.floor(height * (0.4 + 0.3 * rng.float()))
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const c = y < horizon ? sky : sea
    const k = y < horizon ? y / horizon : (y - horizon) / (height - horizon)
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = Math.floor(c[0] * (1 - 0.3 * k))
      raw[row + 2 + x * 3] = Math.floor(c[1] * (1 - 0.3 * k))
      raw[row + 3 + x * 3] = Math.floor(c[2] * (1 - 0.2 * k))
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

let crcTable
function crc32(buf) {
  crcTable ??= Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** Writes files under a site folder and remembers them (relative, with `/`), for fetch.json. */
export class SiteWriter {
  constructor(root) {
    this.root = root
    this.files = []
  }
  async write(rel, content) {
    const file = path.join(this.root, ...rel.split('/'))
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, content)
    this.files.push(rel)
  }
}

/** YAML front matter from an object (strings quoted with JSON, which YAML reads; nested objects one level deep). */
export function frontMatter(data) {
  const lines = ['---']
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined) continue
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      lines.push(`${k}:`)
      for (const [k2, v2] of Object.entries(v)) lines.push(`  ${k2}: ${JSON.stringify(v2)}`)
    } else lines.push(`${k}: ${JSON.stringify(v)}`)
  }
  lines.push('---', '')
  return lines.join('\n')
}
