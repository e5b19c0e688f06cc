import type { DiscoveredFile } from '../discover.js'
import { closing, entries, objectLiteral, readJsConfig, stringLiteral } from './_jstext.js'
import { canonicalLocale, firstString } from './_config.js'
import type { Convention, Placement, PresetContext, SourceFile, Unpublished } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { trimBoth, trimTrailing } from '../../../src/trim.js'

/** Docusaurus 1's configuration file: its presence (without a `docusaurus.config.*`) says the site is a version 1 site. */
export const V1_CONFIG = 'website/siteConfig.js'

/** Where a version 1 document sits: the folder it belongs to, its version and language, its path in that folder. */
interface V1Located {
  kind: 'doc' | 'post'
  /** The docs version (`''` for the current docs, else the name in versions.json); '' for posts. */
  version: string
  /** The language tag of `translated_docs/<lang>/`, '' for the source docs. */
  lang: string
  /** Path below the folder (`customisations/introduction.md`). */
  rel: string
}

/**
 * Docusaurus 1 (documented rules, v1.docusaurus.io "Site Configuration", "Navigation and Sidebars", "Versioning",
 * "Translations & Localization", "Adding a Blog"), `website/siteConfig.js` read as text, never run. Docs are the
 * Markdown files of `customDocsPath` (default `docs`, beside `website/`), each at
 * `<docsUrl>/<lang>/<version>/<id>.html`: the id is the folders below the docs root and the front-matter `id` or the
 * file name; `docsUrl` defaults to `docs` ('' puts the docs at the root); the language segment is there only when
 * translations are on (`website/languages.js`), `en` for the source docs (which the build also writes without it) and
 * `<lang>` for `website/translated_docs/<lang>/`; once `website/versions.json` lists versions the current docs are under `next/`,
 * the latest version (listed first) at the docs root and the others under `<version>/`, from
 * `website/versioned_docs/version-<v>/` (ids `version-<v>-<id>`; a version without its own copy of a doc serves the
 * copy of the newest older version that has one). Blog posts `website/blog/YYYY-MM-DD-name.md` are at
 * `blog/YYYY/MM/DD/name.html`. `cleanUrl: true` answers every page without `.html` too. Pages are React
 * (`website/pages/`): none is a document. `baseUrl` is the site's path.
 */
export async function configureV1(ctx: PresetContext): Promise<Convention> {
  const config = emptyConfig()
  const { text } = await readJsConfig(ctx, [V1_CONFIG], config)
  const top = siteConfigEntries(text)
  const str = (key: string) => stringLiteral(top.get(key))
  const title = str('title')
  const tagline = str('tagline')
  const url = str('url')
  config.site = {
    ...(title ? { title } : {}),
    ...(tagline !== undefined ? { description: tagline } : {}),
    ...(url && /^https?:\/\//.test(url) ? { url: trimTrailing(url, '/') } : {}),
  }
  config.basePath = trimTrailing(str('baseUrl') ?? '/', '/').replace(/^(?=[^/])/, '/')
  config.excerptMarkers = ['<!--truncate-->', '<!-- truncate -->']
  config.staticDirs = ['website/static']
  config.permalinks = { output_style: 'html-extension' }
  const docsDir = trimTrailing((str('customDocsPath') ?? 'docs').replace(/^\.?\/+/, ''), '/')
  const docsUrl = trimBoth(str('docsUrl') ?? 'docs', '/')
  const clean = top.get('cleanUrl')?.trim() === 'true'
  const langs = await readLanguages(ctx, config.configFiles)
  const versions = await readList(ctx, 'website/versions.json', config.configFiles)
  if (ctx.discovery.paths.has('website/sidebars.json')) config.configFiles.add('website/sidebars.json')
  const present = versionedIds(ctx.discovery.files, versions)
  if (langs.length > 0) config.site.locale = canonicalLocale(langs[0]) ?? 'en'
  const locate = (rel: string) => locateV1(rel, docsDir, versions, langs)
  // The blog's list is at blog/ (blog/index.html) once there are posts.
  if (ctx.discovery.files.some((f) => locate(f.rel)?.kind === 'post')) config.postIndexPath = '/blog/'
  const docUrl = (lang: string, version: string, id: string, withLang = langs.length > 0) => {
    const versionSeg = versions.length === 0 ? '' : version === '' ? 'next' : version === versions[0] ? '' : version
    const path = [docsUrl, withLang ? lang || 'en' : '', versionSeg, id].filter((s) => s !== '').join('/')
    return `/${path}${clean ? '' : '.html'}`
  }
  // With `cleanUrl` the old site answered at `x.html` too; a new site at the root cannot answer under the old base path.
  const cleanAlias = (url: string) => (clean && config.basePath !== '' ? `${url}.html` : undefined)
  return {
    config,
    templates: ['docusaurus1'],
    isDocument: (file: DiscoveredFile) => locate(file.rel) !== null,
    place(source: SourceFile): Placement | Unpublished {
      const at = locate(source.file.rel) as V1Located
      const { dirs, base } = splitPath(at.rel)
      const fm = source.fm.data
      if (at.kind === 'post') {
        const m = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/.exec(base)
        if (!m) return { skip: 'not-a-post', detail: 'Docusaurus 1 publishes blog files named YYYY-MM-DD-name.md only' }
        const url = `/blog/${m[1]}/${m[2]}/${m[3]}/${m[4]}${clean ? '' : '.html'}`
        // The blog is not translated: its posts are in the site's first language.
        return { kind: 'post', name: m[4], nameDate: `${m[1]}-${m[2]}-${m[3]}`, url, ...(langs.length > 1 ? { language: 'en' } : {}), ...(cleanAlias(url) ? { aliases: [cleanAlias(url) as string] } : {}) }
      }
      const own = firstString(fm.original_id, stripVersion(firstString(fm.id), at.version)) ?? base
      const id = [...dirs, own].join('/')
      const url = docUrl(at.lang, at.version, id)
      // Newer versions without their own copy of this doc serve this one; so does every language without a translation.
      const aliases = olderCopyServes(at, versions, present).map((v) => docUrl(at.lang, v, id))
      const translation = (l: string) => `website/translated_docs/${l}/${at.version === '' ? '' : `version-${at.version}/`}${at.rel}`
      if (at.lang === '') for (const l of langs.slice(1)) if (!ctx.discovery.paths.has(translation(l))) aliases.push(docUrl(l, at.version, id))
      // With translations on, the build writes the source docs without the language segment too (docs/x.html beside docs/en/x.html).
      if (at.lang === '' && langs.length > 0) aliases.push(docUrl('', at.version, id, false))
      const html = cleanAlias(url)
      if (html) aliases.push(html)
      const language = langs.length > 1 ? { language: canonicalLocale(at.lang || 'en') ?? at.lang } : {}
      return { kind: 'page', name: own, url, ...language, ...(aliases.length > 0 ? { aliases } : {}) }
    },
    assetUrl(rel) {
      return rel.startsWith('website/static/') ? rel.slice('website/static'.length) : undefined
    },
  }
}

/** The entries of `const siteConfig = { … }` (or `module.exports = { … }`). */
function siteConfigEntries(text: string): Map<string, string> {
  const m = /(?:const\s+siteConfig\s*=|module\.exports\s*=)\s*\{/.exec(text)
  if (!m) return new Map()
  const open = m.index + m[0].length - 1
  const close = closing(text, open)
  return entries(objectLiteral(text.slice(open, (close === -1 ? text.length - 1 : close) + 1)) ?? '')
}

/** The enabled languages of `website/languages.js` (translations on), English first; none when the file is absent. */
async function readLanguages(ctx: PresetContext, configFiles: Set<string>): Promise<string[]> {
  const file = 'website/languages.js'
  if (!ctx.discovery.paths.has(file)) return []
  configFiles.add(file)
  const text = (await ctx.readText(file)) ?? ''
  const tags = new Set<string>(['en'])
  for (const m of text.matchAll(/\{[^{}]*\benabled\s*:\s*true\b[^{}]*\}/g)) {
    const tag = stringLiteral(entries(objectLiteral(m[0]) ?? '').get('tag'))
    if (tag && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(tag)) tags.add(tag)
  }
  return [...tags]
}

async function readList(ctx: PresetContext, file: string, configFiles: Set<string>): Promise<string[]> {
  if (!ctx.discovery.paths.has(file)) return []
  configFiles.add(file)
  const data = await ctx.readData(file)
  return Array.isArray(data) ? data.filter((v): v is string => typeof v === 'string' && v !== '' && !v.includes('/')) : []
}

function locateV1(rel: string, docsDir: string, versions: string[], langs: string[]): V1Located | null {
  if (!MARKDOWN_EXTENSIONS.has(splitPath(rel).ext)) return null
  if (rel.startsWith(`${docsDir}/`)) return { kind: 'doc', version: '', lang: '', rel: rel.slice(docsDir.length + 1) }
  if (rel.startsWith('website/blog/')) return { kind: 'post', version: '', lang: '', rel: rel.slice('website/blog/'.length) }
  const v = /^website\/versioned_docs\/version-([^/]+)\/(.+)$/.exec(rel)
  if (v && versions.includes(v[1])) return { kind: 'doc', version: v[1], lang: '', rel: v[2] }
  const t = /^website\/translated_docs\/([^/]+)\/(?:version-([^/]+)\/)?(.+)$/.exec(rel)
  if (t && langs.includes(t[1]) && t[1] !== 'en' && (t[2] === undefined || versions.includes(t[2]))) return { kind: 'doc', version: t[2] ?? '', lang: t[1], rel: t[3] }
  return null
}

/** A versioned doc's front-matter id without its `version-<v>-` prefix. */
function stripVersion(id: string | undefined, version: string): string | undefined {
  return id !== undefined && version !== '' && id.startsWith(`version-${version}-`) ? id.slice(`version-${version}-`.length) : id
}

/** The ids each version has its own copy of (by path below its folder, which is how the copies are written). */
function versionedIds(files: DiscoveredFile[], versions: string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>(versions.map((v) => [v, new Set()]))
  for (const f of files) {
    const m = /^website\/versioned_docs\/version-([^/]+)\/(.+)\.[^./]+$/.exec(f.rel)
    if (m) out.get(m[1])?.add(m[2])
  }
  return out
}

/** The newer versions that serve this versioned doc because none of them, down to its own, has a copy of its own. */
function olderCopyServes(at: V1Located, versions: string[], present: Map<string, Set<string>>): string[] {
  const own = versions.indexOf(at.version)
  if (at.kind !== 'doc' || own <= 0) return []
  const stem = at.rel.replace(/\.[^./]+$/, '')
  const out: string[] = []
  for (let i = own - 1; i >= 0 && !present.get(versions[i])?.has(stem); i--) out.push(versions[i])
  return out
}
