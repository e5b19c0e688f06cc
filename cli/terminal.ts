import type { CliIo } from './io.js'

/**
 * Whether text on standard error gets ANSI colours. As Node's own `getColorDepth`: `FORCE_COLOR` decides when set
 * (`0` or `false` is off, anything else on), then `NO_COLOR` (any non-empty value is off, https://no-color.org),
 * then `TERM=dumb` is off; otherwise colour only on a terminal.
 */
export function colorEnabled(io: CliIo): boolean {
  const env = io.env ?? {}
  const force = env.FORCE_COLOR
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false'
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.TERM === 'dumb') return false
  return io.isTTY
}

/** Wraps text in one ANSI style, or leaves it plain. */
export type Paint = (text: string) => string

/** The few styles the CLI uses, as no-ops when colour is off. */
export interface Palette {
  error: Paint
  warning: Paint
  info: Paint
  good: Paint
  dim: Paint
}

/** The palette for `io`: colours on a terminal (see {@link colorEnabled}), plain text elsewhere. */
export function palette(color: boolean): Palette {
  const sgr = (open: number, close: number): Paint => (color ? (text) => `\x1b[${open}m${text}\x1b[${close}m` : (text) => text)
  return { error: sgr(31, 39), warning: sgr(33, 39), info: sgr(36, 39), good: sgr(32, 39), dim: sgr(2, 22) }
}

// C0 and C1 controls (ESC starts terminal sequences) and the bidirectional overrides and isolates that reorder how a
// line reads: input-derived text (file names, titles, URLs) must print as what it is.
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/**
 * Text from the input made safe to print on a terminal: control characters and bidi overrides become `\u001b`-style
 * escapes; tabs and line feeds are kept.
 * @example
 * printable('a\x1b[2Jb') // 'a\\u001b[2Jb'
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** How long work runs before a progress bar appears, and how often it is redrawn. */
const SHOW_AFTER_MS = 1000
const REDRAW_MS = 100
const BAR_WIDTH = 24

/**
 * A one-line progress bar on standard error for work that runs over a second, on a terminal only (logs and pipes
 * get the summary alone). `update` is cheap to call often; `end` clears the line it drew.
 */
export class Progress {
  private readonly started: number
  private lastDrawn = -Infinity
  private drawn = false

  constructor(
    private readonly io: CliIo,
    private readonly label: string,
    private readonly enabled: boolean,
  ) {
    this.started = this.now()
  }

  /** Reports `done` of `total` (when known) `unit`s; bytes are shown in MB. */
  update(done: number, total?: number, unit = ''): void {
    if (!this.enabled) return
    const now = this.now()
    if (now - this.started < SHOW_AFTER_MS || now - this.lastDrawn < REDRAW_MS) return
    this.lastDrawn = now
    this.drawn = true
    const amount = (n: number) => (unit === 'bytes' ? `${(n / 1048576).toFixed(1)} MB` : `${n}${unit ? ` ${unit}` : ''}`)
    let line = `${this.label} `
    if (total !== undefined && total > 0) {
      const share = Math.min(1, done / total)
      const filled = Math.round(share * BAR_WIDTH)
      line += `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}% ${amount(done)} of ${amount(total)}`
    } else line += amount(done)
    this.io.stderr(`\r${line}\x1b[K`)
  }

  /** Clears the bar, if one was drawn, so the next line starts clean. */
  end(): void {
    if (this.drawn) this.io.stderr('\r\x1b[K')
    this.drawn = false
  }

  private now(): number {
    return this.io.now ? this.io.now() : performance.now()
  }
}
