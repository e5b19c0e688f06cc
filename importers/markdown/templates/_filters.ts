import { compareCodeUnits } from '../../../src/compare.js'
import { BLANK, UNKNOWN } from './_expr.js'
import type { Syntax, Value , EMPTY} from './_expr.js'
import { toText } from './_values.js'
import { trimTrailing } from '../../../src/trim.js'

/** What a filter may know besides its input and arguments. */
export interface FilterEnv {
  syntax: Syntax
  /** The site's base path ('' or '/docs'): Jekyll's `baseurl`, Eleventy's `pathPrefix`. */
  baseurl: string
  /** The site's origin for `absolute_url`, or '' when unknown. */
  siteUrl: string
  named: Record<string, Value>
}

export type FilterFn = (input: Value, args: Value[], env: FilterEnv) => Value

const str = (v: Value): string => (v === UNKNOWN ? '' : toText(v, 'liquid'))
const num = (v: Value): number => {
  const n = typeof v === 'number' ? v : Number(str(v))
  return Number.isFinite(n) ? n : 0
}
const list = (v: Value): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined ? [] : typeof v === 'object' ? Object.entries(v as object) : [v])
const get = (item: unknown, key: string): unknown =>
  item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>)[key] : undefined
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const isAbsolute = (url: string) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)

/** Jekyll's `relative_url`: the base path before a site-relative URL; absolute URLs are left alone. */
export function relativeUrl(input: string, baseurl: string): string {
  if (isAbsolute(input)) return input
  const base = trimTrailing(baseurl, '/')
  const path = input.startsWith('/') ? input : `/${input}`
  return base === '' ? path : `${base.startsWith('/') ? '' : '/'}${base}${path}`
}

/** ASCII-folded, lowercase, dash-separated: Jekyll's default `slugify` and Eleventy's `slugify`. */
export function slugify(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+/, '')
    .replace(/-+$/, '')
}

/** The parts of a date written as text (ISO 8601, `YYYY-MM-DD HH:MM:SS +0530`) or a Date; null when unreadable. */
export interface DateParts {
  y: number
  mo: number
  d: number
  h: number
  mi: number
  s: number
  /** Minutes east of UTC, or null for a time without zone. */
  offset: number | null
}

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/

export function parseDate(v: Value): DateParts | null {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null
    return { y: v.getUTCFullYear(), mo: v.getUTCMonth() + 1, d: v.getUTCDate(), h: v.getUTCHours(), mi: v.getUTCMinutes(), s: v.getUTCSeconds(), offset: 0 }
  }
  if (typeof v !== 'string' || v.length > 64) return null
  const m = DATE.exec(v.trim())
  if (!m) return null
  let offset: number | null = null
  if (m[7] === 'Z') offset = 0
  else if (m[7]) {
    const digits = m[7].replace(':', '')
    offset = (digits[0] === '-' ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)))
  }
  return { y: +m[1], mo: +m[2], d: +m[3], h: +(m[4] ?? 0), mi: +(m[5] ?? 0), s: +(m[6] ?? 0), offset }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const pad = (n: number, w = 2, c = '0') => String(n).padStart(w, c)

/** Ruby's strftime for the directives dates in content use; an unknown directive prints as written. */
export function strftime(format: string, p: DateParts): string {
  const weekday = new Date(Date.UTC(p.y, p.mo - 1, p.d)).getUTCDay()
  const yday = Math.round((Date.UTC(p.y, p.mo - 1, p.d) - Date.UTC(p.y, 0, 1)) / 86_400_000) + 1
  const off = p.offset ?? 0
  const zone = `${off < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(off) / 60))}${pad(Math.abs(off) % 60)}`
  const h12 = p.h % 12 === 0 ? 12 : p.h % 12
  return format.replace(/%([-_0^]?)([a-zA-Z%])/g, (all, flag: string, d: string) => {
    const n = (v: number, w = 2) => (flag === '-' ? String(v) : flag === '_' ? pad(v, w, ' ') : pad(v, w))
    switch (d) {
      case 'Y': return String(p.y)
      case 'y': return n(p.y % 100)
      case 'C': return n(Math.floor(p.y / 100))
      case 'm': return n(p.mo)
      case 'd': return n(p.d)
      case 'e': return flag === '-' ? String(p.d) : pad(p.d, 2, ' ')
      case 'j': return n(yday, 3)
      case 'H': return n(p.h)
      case 'k': return pad(p.h, 2, ' ')
      case 'I': return n(h12)
      case 'l': return flag === '-' ? String(h12) : pad(h12, 2, ' ')
      case 'M': return n(p.mi)
      case 'S': return n(p.s)
      case 'L': return '000'
      case 'p': return p.h < 12 ? 'AM' : 'PM'
      case 'P': return p.h < 12 ? 'am' : 'pm'
      case 'B': return flag === '^' ? MONTHS[p.mo - 1].toUpperCase() : MONTHS[p.mo - 1]
      case 'b': case 'h': return MONTHS[p.mo - 1].slice(0, 3)
      case 'A': return DAYS[weekday]
      case 'a': return DAYS[weekday].slice(0, 3)
      case 'u': return String(weekday === 0 ? 7 : weekday)
      case 'w': return String(weekday)
      case 'z': return zone
      case 'Z': return p.offset === 0 ? 'UTC' : zone
      case 'F': return `${p.y}-${pad(p.mo)}-${pad(p.d)}`
      case 'D': case 'x': return `${pad(p.mo)}/${pad(p.d)}/${pad(p.y % 100)}`
      case 'T': case 'X': return `${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`
      case 'R': return `${pad(p.h)}:${pad(p.mi)}`
      case 's': return String(Math.floor((Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - off * 60_000) / 1000))
      case '%': return '%'
      default: return all
    }
  })
}

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'
  return `${n}${s}`
}

/** Jekyll's `date_to_string` / `date_to_long_string`, with the "ordinal" and "US" styles. */
function dateString(v: Value, month: 'short' | 'long', args: Value[]): Value {
  const p = parseDate(v)
  if (!p) return v === 'now' || v === 'today' ? UNKNOWN : v
  const name = month === 'short' ? MONTHS[p.mo - 1].slice(0, 3) : MONTHS[p.mo - 1]
  const day = args[0] === 'ordinal' ? ordinal(p.d) : String(p.d).padStart(2, '0')
  return args[1] === 'US' ? `${name} ${args[0] === 'ordinal' ? ordinal(p.d) : p.d}, ${p.y}` : `${day} ${name} ${p.y}`
}

/** Text without HTML tags, comments, scripts and styles; one pass (a regular expression would backtrack on `<<<…`). */
function stripTags(s: string): string {
  let out = ''
  let pos = 0
  const findCi = (needle: string, from: number) => {
    for (let i = s.indexOf('<', from); i !== -1; i = s.indexOf('<', i + 1)) if (s.slice(i, i + needle.length).toLowerCase() === needle) return i
    return -1
  }
  for (;;) {
    const lt = s.indexOf('<', pos)
    if (lt === -1) return out + s.slice(pos)
    out += s.slice(pos, lt)
    const head = s.slice(lt, lt + 7).toLowerCase()
    let end: number
    if (head.startsWith('<!--')) end = s.indexOf('-->', lt) === -1 ? -1 : s.indexOf('-->', lt) + 3
    else if (head === '<script' || head.startsWith('<style')) {
      const closer = head === '<script' ? '</script' : '</style'
      const at = findCi(closer, lt + 1)
      end = at === -1 ? -1 : s.indexOf('>', at) + 1
    } else end = s.indexOf('>', lt) + 1
    if (end <= 0) return out + s.slice(lt)
    pos = end
  }
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : 1
  if (b === undefined || b === null) return -1
  const x = str(a)
  const y = str(b)
  return compareCodeUnits(x, y)
}

function truncate(input: string, length: number, ending: string): string {
  const chars = Array.from(input)
  if (chars.length <= length) return input
  const keep = Math.max(0, length - Array.from(ending).length)
  return chars.slice(0, keep).join('') + ending
}

/**
 * The filters of Liquid (Shopify's standard set and Jekyll's additions), Eleventy (`url`, `slugify`) and Nunjucks'
 * built-ins, as pure functions. A filter that needs the clock or randomness (`sample`, `date: "now"`) is UNKNOWN.
 */
export const FILTERS: Record<string, FilterFn> = {
  // Strings
  append: (v, [a]) => str(v) + str(a),
  prepend: (v, [a]) => str(a) + str(v),
  capitalize: (v, _a, env) => {
    const s = str(v)
    return s.charAt(0).toUpperCase() + (env.syntax === 'nunjucks' ? s.slice(1).toLowerCase() : s.slice(1))
  },
  downcase: (v) => str(v).toLowerCase(),
  upcase: (v) => str(v).toUpperCase(),
  lower: (v) => str(v).toLowerCase(),
  upper: (v) => str(v).toUpperCase(),
  title: (v) => str(v).replace(/\b\w/g, (c) => c.toUpperCase()),
  strip: (v) => str(v).trim(),
  trim: (v) => str(v).trim(),
  lstrip: (v) => str(v).trimStart(),
  rstrip: (v) => str(v).trimEnd(),
  strip_newlines: (v) => str(v).replace(/\r?\n/g, ''),
  newline_to_br: (v) => str(v).replace(/\r?\n/g, '<br />\n'),
  nl2br: (v) => str(v).replace(/\r?\n/g, '<br />\n'),
  strip_html: (v) => stripTags(str(v)),
  striptags: (v) => stripTags(str(v)).replace(/\s+/g, ' ').trim(),
  replace: (v, [a, b]) => str(v).split(str(a)).join(str(b)),
  replace_first: (v, [a, b]) => str(v).replace(str(a), () => str(b)),
  replace_last: (v, [a, b]) => {
    const s = str(v)
    const i = s.lastIndexOf(str(a))
    return i === -1 ? s : s.slice(0, i) + str(b) + s.slice(i + str(a).length)
  },
  remove: (v, [a]) => str(v).split(str(a)).join(''),
  remove_first: (v, [a]) => str(v).replace(str(a), ''),
  remove_last: (v, [a]) => {
    const s = str(v)
    const i = s.lastIndexOf(str(a))
    return i === -1 ? s : s.slice(0, i) + s.slice(i + str(a).length)
  },
  split: (v, [a]) => (str(a) === ' ' ? str(v).trim().split(/\s+/) : str(v).split(str(a))),
  truncate: (v, [n, end], env) => truncate(str(v), n === undefined ? (env.syntax === 'nunjucks' ? 255 : 50) : num(n), env.syntax === 'nunjucks' ? '...' : end === undefined ? '...' : str(end)),
  truncatewords: (v, [n, end]) => {
    const words = str(v).split(/\s+/).filter((w) => w !== '')
    const count = Math.max(1, n === undefined ? 15 : num(n))
    return words.length <= count ? words.join(' ') : words.slice(0, count).join(' ') + (end === undefined ? '...' : str(end))
  },
  escape: (v) => escape(str(v)),
  e: (v) => escape(str(v)),
  escape_once: (v) => escape(str(v).replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)),
  xml_escape: (v) => escape(str(v)),
  cgi_escape: (v) => encodeURIComponent(str(v)).replace(/%20/g, '+'),
  uri_escape: (v) => encodeURI(str(v)),
  url_encode: (v) => encodeURIComponent(str(v)).replace(/%20/g, '+'),
  urlencode: (v) => encodeURIComponent(str(v)),
  url_decode: (v) => {
    try {
      return decodeURIComponent(str(v).replace(/\+/g, ' '))
    } catch {
      return str(v)
    }
  },
  url_escape: (v) => encodeURI(str(v)),
  slugify: (v) => slugify(str(v)),
  slug: (v) => slugify(str(v)),
  number_of_words: (v) => str(v).split(/\s+/).filter((w) => w !== '').length,
  wordcount: (v) => str(v).split(/\s+/).filter((w) => w !== '').length,
  normalize_whitespace: (v) => str(v).replace(/\s+/g, ' '),
  markdownify: (v) => str(v),
  smartify: (v) => str(v),
  safe: (v) => v,
  string: (v) => str(v),
  log: (v) => v,
  jsonify: (v) => JSON.stringify(v ?? null),
  dump: (v) => JSON.stringify(v ?? null),
  inspect: (v) => JSON.stringify(v ?? null),
  indent: (v, [n]) => str(v).replace(/\n/g, `\n${' '.repeat(n === undefined ? 4 : num(n))}`),
  center: (v) => str(v),
  array_to_sentence_string: (v, [conn]) => {
    const items = list(v).map(str)
    const and = conn === undefined ? 'and' : str(conn)
    return items.length <= 1 ? items.join('') : items.length === 2 ? `${items[0]} ${and} ${items[1]}` : `${items.slice(0, -1).join(', ')}, ${and} ${items[items.length - 1]}`
  },
  // URLs
  relative_url: (v, _a, env) => relativeUrl(str(v), env.baseurl),
  absolute_url: (v, _a, env) => {
    const s = str(v)
    if (isAbsolute(s)) return s
    return env.siteUrl === '' ? UNKNOWN : trimTrailing(env.siteUrl, '/') + relativeUrl(s, env.baseurl)
  },
  url: (v, _a, env) => (isAbsolute(str(v)) || !str(v).startsWith('/') ? str(v) : relativeUrl(str(v), env.baseurl)),
  // Values
  default: (v, [d], env) => {
    const allowFalse = env.named.allow_false === true
    const empty = v === null || v === undefined || v === '' || (v === false && !allowFalse) || (Array.isArray(v) && v.length === 0)
    return env.syntax === 'nunjucks' ? (v === undefined ? d : v) : empty ? d : v
  },
  d: (v, [d]) => (v === undefined ? d : v),
  size: (v) => (typeof v === 'string' ? Array.from(v).length : Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0),
  length: (v) => (typeof v === 'string' ? Array.from(v).length : Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0),
  first: (v) => (typeof v === 'string' ? Array.from(v)[0] ?? '' : list(v)[0]),
  last: (v) => (typeof v === 'string' ? Array.from(v).slice(-1)[0] ?? '' : list(v).slice(-1)[0]),
  join: (v, [sep], env) => list(v).map(str).join(sep === undefined ? (env.syntax === 'nunjucks' ? '' : ' ') : str(sep)),
  reverse: (v) => (typeof v === 'string' ? Array.from(v).reverse().join('') : [...list(v)].reverse()),
  sort: (v, [key]) => [...list(v)].sort((a, b) => (key === undefined ? compare(a, b) : compare(get(a, str(key)), get(b, str(key))))),
  sort_natural: (v, [key]) => [...list(v)].sort((a, b) => (key === undefined ? compare(str(a).toLowerCase(), str(b).toLowerCase()) : compare(str(get(a, str(key))).toLowerCase(), str(get(b, str(key))).toLowerCase()))),
  uniq: (v) => [...new Set(list(v))],
  compact: (v) => list(v).filter((x) => x !== null && x !== undefined),
  concat: (v, [a]) => [...list(v), ...list(a)],
  push: (v, [a]) => [...list(v), a],
  pop: (v) => list(v).slice(0, -1),
  shift: (v) => list(v).slice(1),
  unshift: (v, [a]) => [a, ...list(v)],
  list: (v) => (typeof v === 'string' ? Array.from(v) : list(v)),
  map: (v, [key]) => list(v).map((x) => get(x, str(key))),
  where: (v, [key, value]) => list(v).filter((x) => (value === undefined ? Boolean(get(x, str(key))) : str(get(x, str(key))) === str(value) || (Array.isArray(get(x, str(key))) && (get(x, str(key)) as unknown[]).map(str).includes(str(value))))),
  selectattr: (v, [key]) => list(v).filter((x) => Boolean(get(x, str(key)))),
  rejectattr: (v, [key]) => list(v).filter((x) => !get(x, str(key))),
  group_by: (v, [key]) => {
    const groups = new Map<string, unknown[]>()
    for (const x of list(v)) {
      const k = str(get(x, str(key)))
      groups.set(k, [...(groups.get(k) ?? []), x])
    }
    return [...groups].map(([name, items]) => ({ name, items, size: items.length }))
  },
  slice: (v, [start, len]) => {
    const items = typeof v === 'string' ? Array.from(v) : list(v)
    const s = num(start) < 0 ? items.length + num(start) : num(start)
    const out = items.slice(s, s + (len === undefined ? 1 : num(len)))
    return typeof v === 'string' ? out.join('') : out
  },
  sum: (v) => list(v).reduce<number>((a, b) => a + num(b), 0),
  // Numbers
  plus: (v, [a]) => num(v) + num(a),
  minus: (v, [a]) => num(v) - num(a),
  times: (v, [a]) => num(v) * num(a),
  divided_by: (v, [a]) => (num(a) === 0 ? UNKNOWN : Number.isInteger(num(v)) && Number.isInteger(num(a)) && typeof a !== 'string' ? Math.floor(num(v) / num(a)) : num(v) / num(a)),
  modulo: (v, [a]) => (num(a) === 0 ? UNKNOWN : num(v) % num(a)),
  abs: (v) => Math.abs(num(v)),
  ceil: (v) => Math.ceil(num(v)),
  floor: (v) => Math.floor(num(v)),
  round: (v, [n]) => {
    const f = 10 ** (n === undefined ? 0 : num(n))
    return Math.round(num(v) * f) / f
  },
  int: (v) => Math.trunc(num(v)),
  float: (v) => num(v),
  at_least: (v, [a]) => Math.max(num(v), num(a)),
  at_most: (v, [a]) => Math.min(num(v), num(a)),
  // Dates
  date: (v, [format]) => {
    const p = parseDate(v)
    if (!p) return v === 'now' || v === 'today' ? UNKNOWN : v
    return format === undefined || str(format) === '' ? v : strftime(str(format), p)
  },
  date_to_xmlschema: (v) => {
    const p = parseDate(v)
    return p ? strftime('%Y-%m-%dT%H:%M:%S', p) + (p.offset === null ? '' : strftime('%z', p).replace(/(\d{2})(\d{2})$/, '$1:$2')) : UNKNOWN
  },
  date_to_rfc822: (v) => {
    const p = parseDate(v)
    return p ? strftime('%a, %d %b %Y %H:%M:%S %z', p) : UNKNOWN
  },
  date_to_string: (v, args) => dateString(v, 'short', args),
  date_to_long_string: (v, args) => dateString(v, 'long', args),
  // Randomness and the clock change from one run to the next: never printed.
  sample: () => UNKNOWN,
  random: () => UNKNOWN,
}

/** Whether a value equals Liquid's `empty` / `blank` literals. */
export function isEmptyLike(v: Value, which: typeof EMPTY | typeof BLANK): boolean {
  if (which === BLANK && (v === null || v === undefined || v === false || (typeof v === 'string' && v.trim() === ''))) return true
  if (v === '' || (Array.isArray(v) && v.length === 0)) return true
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && Object.keys(v).length === 0
}
