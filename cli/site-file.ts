/**
 * `--site <file>`: base site settings (URL, locale, time zone, permalinks, comments…) as JSON or YAML, checked
 * against the contract before an import starts, so a mistake in them costs nothing.
 */
import { readFile, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { createPreviewData } from '../src/builder/index.js'
import type { SiteInput } from '../src/builder/index.js'
import type { Site } from '../src/contract/types.js'
import { PreviewDataError } from '../src/validate/issue.js'
import type { Diagnostic } from './result.js'
import { CliIoError, parseJsonText, readUnsized, systemMessage } from './io.js'
import type { CliIo } from './io.js'

// Keys that would reach an object's prototype if merged into one: refused, never merged.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Reads a site file: a JSON file (`.json`) or YAML, holding a site object or a payload whose `site` is used. Returns
 * the settings, or the diagnostics that say what is wrong with them (exit 1). Throws `CliIoError` when it cannot be
 * read (exit 2).
 * @example
 * await readSiteFile('site.yml', io) // { title: 'Field Notes', timezone: 'Europe/Lisbon' }
 */
export async function readSiteFile(file: string, io: CliIo): Promise<Partial<Site> | Diagnostic[]> {
  let text: string
  try {
    const path = resolve(io.cwd, file)
    text = (await stat(path)).isFile() ? await readFile(path, 'utf8') : await readUnsized(`the site file ${file}`, path)
  } catch (error) {
    if (error instanceof CliIoError) throw error
    throw new CliIoError(`cannot read the site file ${file}: ${systemMessage(error)}`)
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  const fail = (message: string, extra: Partial<Diagnostic> = {}): Diagnostic[] => [{ severity: 'error', code: 'invalid_site_file', message, file, ...extra }]

  let value: unknown
  if (/\.json$/i.test(file)) {
    const parsed = parseJsonText(text)
    if (!parsed.ok) return fail(`not valid JSON: ${parsed.message}. Fix the syntax there.`, { line: parsed.line, column: parsed.column })
    value = parsed.value
  } else {
    // Loaded only for a YAML site file: an import without one does not load the YAML parser.
    // parseYaml finds duplicate keys in linear time; the library's own check compared each key with every one before.
    const [{ LineCounter }, { parseYaml }] = await Promise.all([import('yaml'), import('../importers/markdown/yaml.js')])
    const lineCounter = new LineCounter()
    const doc = parseYaml(text, lineCounter)
    if (doc.errors.length > 0) {
      const e = doc.errors[0]
      const at = lineCounter.linePos(e.pos[0])
      return fail(`not valid YAML: ${e.message.split('\n')[0]}. Fix the syntax there.`, { line: at.line, column: at.col })
    }
    value = doc.toJS()
  }
  const forbidden = findForbiddenKey(value, '')
  if (forbidden) {
    return fail(forbidden.key.startsWith('more than') ? `the settings have ${forbidden.key}; site settings are a few levels deep.` : `the key "${forbidden.key}" is not a site setting and is refused (it could reach an object's prototype).`, { path: forbidden.path })
  }
  // A payload-shaped file (one a previous import wrote) gives its `site`.
  const site = isObject(value) && 'version' in value && isObject(value.site) ? value.site : value
  if (!isObject(site)) return fail('must hold a map of site settings (title, url, timezone, …), or a payload whose "site" is used.')
  try {
    // The builder's own check of site settings: the contract's rules, with pointers.
    createPreviewData({ generator: 'preview-data', generated_at: '2000-01-01T00:00:00Z' }).site(site as SiteInput)
  } catch (error) {
    if (!(error instanceof PreviewDataError)) throw error
    const issues = error.errors.length > 0 ? error.errors : [{ code: error.code, path: error.path, message: error.message }]
    return issues.map((i) => ({ severity: 'error' as const, code: i.code, message: i.message, file, path: `/site${i.path}` }))
  }
  return site as Partial<Site>
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

// Site settings nest a few levels (comments.threading, front_page); far deeper is a mistake, not settings.
const MAX_DEPTH = 32

function findForbiddenKey(value: unknown, path: string, depth = 0): { key: string; path: string } | null {
  if (depth > MAX_DEPTH) return { key: `more than ${MAX_DEPTH} levels of nesting`, path }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenKey(value[i], `${path}/${i}`, depth + 1)
      if (found) return found
    }
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      const here = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`
      if (FORBIDDEN_KEYS.has(key)) return { key, path: here }
      const found = findForbiddenKey(value[key], here, depth + 1)
      if (found) return found
    }
  }
  return null
}
