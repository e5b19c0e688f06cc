import { closing, entries, stringArray, stringLiteral, stripComments } from './_jstext.js'
import type { PresetContext } from './types.js'
import { MARKDOWN_EXTENSIONS, splitPath } from './types.js'

/** Next.js's configuration files, in the order Next.js looks for them. */
export const NEXT_CONFIGS = ['next.config.js', 'next.config.mjs', 'next.config.ts', 'next.config.cjs']

/**
 * Nextra 1 and 2's i18n: Next.js's `i18n: { locales, defaultLocale }` (nextjs.org "Internationalized Routing":
 * sub-path routing, the default locale unprefixed, the others under `/<locale>`) with each page's locale written
 * before its extension (`index.en-US.mdx`, `about.zh-CN.md`; Nextra's "Next.js I18n": required for the default locale
 * too, a file without one counting as the default locale's), and `_meta.<locale>.json` (Nextra 1: `meta.<locale>.json`).
 * A page the default locale has and another locale lacks is served there too, in the default locale's text (Nextra's
 * loader falls back to it; a real build of such a site, next 12.3.4 with nextra 1.1.0, wrote `/de-DE/guide/only`
 * with the English page).
 */
export interface SuffixLocales {
  locales: string[]
  defaultLocale: string
  /** Each locale's pages, by path below their pages folder without extension or locale (`guide/start`). */
  pages: Map<string, Set<string>>
}

/** The locale a file name carries before its extension, if it is one of `locales`, and the name without it. */
export function splitLocale(base: string, locales: readonly string[]): { base: string; locale?: string } {
  const dot = base.lastIndexOf('.')
  const locale = dot > 0 ? base.slice(dot + 1) : ''
  return locales.includes(locale) ? { base: base.slice(0, dot), locale } : { base }
}

/**
 * Next.js's i18n options when the site's pages (below one of `dirs`) name their locale that way; undefined otherwise
 * (no `i18n` written as literals, or no file named with a locale: locale folders are another layout).
 */
export async function suffixLocales(ctx: PresetContext, dirs: readonly string[]): Promise<SuffixLocales | undefined> {
  const file = NEXT_CONFIGS.find((f) => ctx.discovery.paths.has(f))
  const text = file ? stripComments((await ctx.readText(file)) ?? '') : ''
  const at = /\bi18n\s*:\s*\{/.exec(text)
  const close = at ? closing(text, at.index + at[0].length - 1) : -1
  if (!at || close === -1) return undefined
  const options = entries(text.slice(at.index + at[0].length, close))
  const locales = stringArray(options.get('locales')) ?? []
  const defaultLocale = stringLiteral(options.get('defaultLocale'))
  if (defaultLocale === undefined || !locales.includes(defaultLocale)) return undefined
  const pages = new Map(locales.map((l): [string, Set<string>] => [l, new Set()]))
  let named = false
  for (const f of ctx.discovery.files) {
    const dir = dirs.find((d) => f.rel.startsWith(d + '/'))
    const { dirs: folders, base, ext } = splitPath(f.rel.slice((dir ?? '').length + 1))
    if (dir === undefined || !MARKDOWN_EXTENSIONS.has(ext)) continue
    const split = splitLocale(base, locales)
    if (split.locale !== undefined) named = true
    pages.get(split.locale ?? defaultLocale)?.add([...folders, split.base].join('/'))
  }
  return named ? { locales, defaultLocale, pages } : undefined
}

/** At most this many fallback URLs (a locale's URL for a page it lacks) are redirected, over the whole site. */
export const FALLBACK_LIMIT = 10_000

/**
 * The URLs of the other locales that serve a default-locale page in its text, for want of their own (`/de-DE/x`), as
 * many as `budget` has left: locales × pages could be millions. The first page that finds it spent warns, once.
 */
export function fallbackUrls(i18n: SuffixLocales, key: string, url: string, budget: FallbackBudget): string[] {
  const out: string[] = []
  for (const l of i18n.locales) {
    if (l === i18n.defaultLocale || i18n.pages.get(l)?.has(key)) continue
    if (budget.left === 0) {
      budget.spent()
      break
    }
    budget.left--
    out.push(`/${l}${url === '/' ? '' : url}`)
  }
  return out
}

/** What is left of FALLBACK_LIMIT, and the warning given the first time it runs out. */
export interface FallbackBudget {
  left: number
  spent: () => void
}
