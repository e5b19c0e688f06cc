import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { SchemaObject } from 'ajv/dist/2020.js'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import schema from '../../src/contract/preview-data.v0.7.schema.json' with { type: 'json' }
import {
  COLLECTION_ITEM_TYPES,
  COMMENTS_ORDERS,
  COMMENTS_PROVIDERS,
  DATA_KEY_PATTERN,
  DEFAULT_COMMENTS,
  DEFAULT_PERMALINKS,
  DEFAULT_POST_INDEX,
  DISCOVERABILITY_VALUES,
  DISPLAY_STYLES,
  DOCUMENT_TYPES,
  FRONT_PAGE_TYPES,
  LIMITS,
  MAP_ID_PATTERN,
  MEDIA_DELIVERY_MODES,
  MENU_TARGETS,
  OUTPUT_STYLES,
  PREVIEW_DATA_VERSION,
  STATUSES,
} from '../../src/contract/constants.js'
import { IANA_ZONES } from '../../src/contract/iana-zones.js'

type Json = Record<string, unknown>

const SCHEMA = schema as SchemaObject
const defs = SCHEMA.$defs as Record<string, Json>
const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`../fixtures/schema/${name}`, import.meta.url), 'utf8'))

// The options of src/validate/shape-schema.ts: strict, with allowUnionTypes (justified there).
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
const validate = ajv.compile(SCHEMA)
const validateDef = (def: string) => {
  const fn = ajv.getSchema(`${String(SCHEMA.$id)}#/$defs/${def}`)
  if (fn === undefined) throw new Error(`no $defs/${def}`)
  return fn
}

function props(def: Json): Record<string, Json> {
  return (def.properties ?? {}) as Record<string, Json>
}

describe('the schema document', () => {
  test('is a valid draft 2020-12 schema that ajv compiles in strict mode', () => {
    expect(SCHEMA.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(SCHEMA.$id).toMatch(/^https:\/\/.+\/preview-data\.v0\.7\.schema\.json$/)
    expect(ajv.validateSchema(SCHEMA)).toBe(true)
    expect(typeof validate).toBe('function')
  })

  test('ajv compiles it in strict mode, strictRequired included, with only allowUnionTypes, and logs nothing', () => {
    const logged: unknown[] = []
    const logger = { log: (...a: unknown[]) => logged.push(a), warn: (...a: unknown[]) => logged.push(a), error: (...a: unknown[]) => logged.push(a) }
    // allowUnionTypes is ajv's documented allowance for `type: [...]` in strict mode (scalar and data values).
    expect(() => new Ajv2020({ strict: true, allowUnionTypes: true, logger }).compile(SCHEMA)).not.toThrow()
    expect(logged).toEqual([])
    // Without it, the union types are the only thing strict mode refuses.
    expect(() => new Ajv2020({ strict: true, logger }).compile(SCHEMA)).toThrow(/allowUnionTypes/)
  })

  test('every property, at every level, has a description taken from the contract', () => {
    const undescribed: string[] = []
    let described = 0
    const walk = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return
      const n = node as Json
      // Members named in if/then/anyOf branches restate a property declared beside them; they are not new properties.
      const restates = /\/(?:if|then|else|anyOf\/\d+)$/.test(where)
      if (!restates) {
        for (const [name, member] of Object.entries(props(n))) {
          if (typeof member.description === 'string' && member.description.length > 10) described++
          else undescribed.push(`${where}/properties/${name}`)
        }
      }
      for (const [k, v] of Object.entries(n)) walk(v, `${where}/${k}`)
    }
    walk(SCHEMA, '#')
    expect(undescribed).toEqual([])
    expect(described).toBe(145)
  })

  test('has a stable https $id that names the contract version, which the README and the generated validators use', () => {
    expect(SCHEMA.$id).toBe('https://preview-data-sdk.dev/schema/preview-data.v0.7.schema.json')
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain(String(SCHEMA.$id))
  })

  test('every required member is declared by its object (what ajv strictRequired would check)', () => {
    const problems: string[] = []
    const walk = (node: unknown, declared: Set<string>, where: string): void => {
      if (typeof node !== 'object' || node === null) return
      const n = node as Json
      // Subschemas of if/then/anyOf/allOf apply to the same object, so its declared members stay in scope.
      const own = n.properties !== undefined && n.type === 'object' ? new Set(Object.keys(props(n))) : declared
      for (const r of (n.required ?? []) as string[]) if (!own.has(r)) problems.push(`${where}: ${r}`)
      for (const [k, v] of Object.entries(n)) {
        if (k === '$defs') continue
        const sameObject = ['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not'].includes(k) || /^\d+$/.test(k)
        walk(v, sameObject ? own : new Set(), `${where}/${k}`)
      }
    }
    walk(SCHEMA, new Set(), '#')
    for (const [name, def] of Object.entries(defs)) walk(def, new Set(), `#/$defs/${name}`)
    expect(problems).toEqual([])
  })

  test('every pattern carries a length bound, except the linear single-character nonblank search', () => {
    const unbounded: string[] = []
    const walk = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return
      const n = node as Json
      if (typeof n.pattern === 'string' && typeof n.maxLength !== 'number' && n.pattern !== '\\S') unbounded.push(where)
      for (const [k, v] of Object.entries(n)) walk(v, `${where}/${k}`)
    }
    walk(SCHEMA, '#')
    expect(unbounded).toEqual([])
  })

  test('closed objects say additionalProperties: false; only the contract\'s open areas take other members', () => {
    const open: string[] = []
    const walk = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return
      const n = node as Json
      if (n.type === 'object' && n.additionalProperties !== false) open.push(where)
      for (const [k, v] of Object.entries(n)) walk(v, `${where}/${k}`)
    }
    walk(SCHEMA, '#')
    expect(open.sort()).toEqual(
      [
        '#/$defs/dataObject',
        '#/$defs/scalarMap',
        '#/$defs/widgetItem/properties/settings',
        '#/properties/collections',
        '#/properties/menus',
        '#/properties/widgets',
      ].sort(),
    )
  })
})

describe('the schema agrees with src/contract', () => {
  const enumOf = (s: Json): unknown[] => (s.$ref !== undefined ? enumOf(defs[String(s.$ref).split('/').pop() as string]) : (s.enum as unknown[]))

  test.each([
    ['site.date_style', enumOf(props(defs.site).date_style), DISPLAY_STYLES],
    ['site.time_style', enumOf(props(defs.site).time_style), DISPLAY_STYLES],
    ['site.media_delivery_mode', enumOf(props(defs.site).media_delivery_mode), MEDIA_DELIVERY_MODES],
    ['comments.provider', enumOf(props(defs.siteComments).provider), COMMENTS_PROVIDERS],
    ['comments.order', enumOf(props(defs.siteComments).order), COMMENTS_ORDERS],
    ['permalinks.output_style', enumOf(props(defs.permalinks).output_style), OUTPUT_STYLES],
    ['post.document_type', enumOf(props(defs.post).document_type), DOCUMENT_TYPES],
    ['page.document_type', enumOf(props(defs.page).document_type), DOCUMENT_TYPES],
    ['post.status', enumOf(props(defs.post).status), STATUSES],
    ['page.status', enumOf(props(defs.page).status), STATUSES],
    ['post.discoverability', enumOf(props(defs.post).discoverability), DISCOVERABILITY_VALUES],
    ['page.discoverability', enumOf(props(defs.page).discoverability), DISCOVERABILITY_VALUES],
    ['menuItem.target', enumOf(props(defs.menuItem).target), MENU_TARGETS],
    ['front_page.type', enumOf(props(defs.frontPage).type), FRONT_PAGE_TYPES],
    ['collection item type', enumOf(props(defs.collectionItem).type), COLLECTION_ITEM_TYPES],
  ])('%s enum', (_name, actual, expected) => {
    expect(actual).toEqual([...expected])
  })

  test('version, patterns, limits and defaults', () => {
    const root = props(SCHEMA as Json)
    expect(root.version.const).toBe(PREVIEW_DATA_VERSION)
    expect(defs.mapId.pattern).toBe(MAP_ID_PATTERN.source)
    expect(defs.mapId.maxLength).toBe(LIMITS.mapIdLength)
    expect(defs.dataKey.pattern).toBe(DATA_KEY_PATTERN.source)
    expect(defs.requestToken.maxLength).toBe(LIMITS.requestTokenCodePoints)
    expect(defs.customHtmlSlot.maxLength).toBe(LIMITS.customHtmlCodePoints)
    // Four canonical decomposition code points at most per NFC code point.
    expect(defs.slug.maxLength).toBe(LIMITS.slugCodePoints * 4)
    for (const d of ['dataObject', 'dataLevel1', 'dataLevel2', 'dataLevel3', 'dataLevel4']) {
      expect(defs[d].maxProperties).toBe(LIMITS.dataKeysPerObject)
    }
    for (const d of ['dataLevel1', 'dataLevel2', 'dataLevel3', 'dataLevel4']) expect(defs[d].maxItems).toBe(LIMITS.dataItemsPerArray)
    expect(props(defs.siteComments).per_page).toMatchObject({ minimum: LIMITS.commentsPerPageMin, maximum: LIMITS.commentsPerPageMax })
    expect(props(defs.commentsThreading).max_depth).toMatchObject({
      minimum: LIMITS.threadingMaxDepthMin,
      maximum: LIMITS.threadingMaxDepthMax,
    })
    expect(props(defs.site).posts_per_page).toMatchObject({ type: 'integer', minimum: LIMITS.postsPerPageMin })
    expect(props(defs.mediaEntry).width).toMatchObject({ type: 'integer', minimum: LIMITS.mediaDimensionMin })
    expect(props(defs.mediaEntry).height).toMatchObject({ type: 'integer', minimum: LIMITS.mediaDimensionMin })

    const defaults = (def: Json) => Object.fromEntries(Object.entries(props(def)).map(([k, v]) => [k, v.default]))
    expect(defaults(defs.permalinks)).toEqual(DEFAULT_PERMALINKS)
    expect(defaults(defs.postIndex)).toEqual(DEFAULT_POST_INDEX)
    expect(props(defs.site).post_index.default).toEqual(DEFAULT_POST_INDEX)
    const { threading, ...comments } = DEFAULT_COMMENTS
    expect(defaults(defs.siteComments)).toMatchObject(comments)
    expect(defaults(defs.commentsThreading)).toEqual(threading)
  })

  test('fixed offsets: the schema accepts exactly the canonical offsets of constants.ts, without zero', () => {
    const tz = new RegExp(String(defs.timezone.pattern), 'u')
    for (let minutes = -15 * 60; minutes <= 15 * 60; minutes += 15) {
      const abs = Math.abs(minutes)
      const text = `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
      const canonical = minutes !== 0 && abs <= LIMITS.fixedOffsetMaxMinutes
      expect([text, tz.test(text)]).toEqual([text, canonical])
    }
    expect(tz.test('-00:00')).toBe(false)
  })

  test('every canonical IANA zone is IANA-shaped', () => {
    const tz = new RegExp(String(defs.timezone.pattern), 'u')
    expect(IANA_ZONES.filter((z) => !tz.test(z) || z.length > Number(defs.timezone.maxLength))).toEqual([])
  })

  test('property order is the field order of src/contract/types.ts, and required members are the non-optional ones', () => {
    const source = ts.createSourceFile('types.ts', readFileSync(new URL('../../src/contract/types.ts', import.meta.url), 'utf8'), ts.ScriptTarget.ES2022)
    const interfaces = new Map<string, { names: string[]; required: string[] }>()
    source.forEachChild((node) => {
      if (!ts.isInterfaceDeclaration(node)) return
      const members = node.members.filter(ts.isPropertySignature)
      const text = (m: ts.PropertySignature) => (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name) ? m.name.text : m.name.getText(source))
      interfaces.set(node.name.text, { names: members.map(text), required: members.filter((m) => m.questionToken === undefined).map(text) })
    })
    const defFor: Record<string, string | [string, string[]]> = {
      PreviewData: '',
      Site: 'site',
      EnabledFlag: 'enabledFlag',
      Robots: 'robots',
      Favicon: 'favicon',
      Logo: 'logo',
      Newsletter: 'newsletter',
      SiteComments: 'siteComments',
      CommentsThreading: 'commentsThreading',
      Permalinks: 'permalinks',
      PostIndex: 'postIndex',
      Footer: 'footer',
      Content: 'content',
      Author: 'author',
      ItemComments: 'itemComments',
      Post: 'post',
      Page: 'page',
      Category: 'category',
      Tag: 'tag',
      MediaEntry: 'mediaEntry',
      Menu: 'menu',
      MenuItem: 'menuItem',
      WidgetArea: 'widgetArea',
      WidgetItem: 'widgetItem',
      Collection: 'collection',
      CustomCss: 'customCss',
      CustomHtml: 'customHtml',
      // Discriminated unions: the schema object lists the branches' members in declaration order.
      FrontPageThemeIndex: ['frontPage', ['FrontPageThemeIndex', 'FrontPagePage', 'FrontPageStandaloneHtml']],
      FrontPagePage: ['frontPage', []],
      FrontPageStandaloneHtml: ['frontPage', []],
      CollectionPostItem: ['collectionItem', ['CollectionPostItem', 'CollectionPageItem']],
      CollectionPageItem: ['collectionItem', []],
    }
    expect([...interfaces.keys()].sort()).toEqual(Object.keys(defFor).sort())
    for (const [iface, target] of Object.entries(defFor)) {
      const def = typeof target === 'string' ? (target === '' ? (SCHEMA as Json) : defs[target]) : defs[target[0]]
      if (typeof target === 'string') {
        const { names, required } = interfaces.get(iface)!
        expect([iface, Object.keys(props(def))]).toEqual([iface, names])
        expect([iface, [...((def.required ?? []) as string[])].sort()]).toEqual([iface, [...required].sort()])
      } else if (target[1].length > 0) {
        const names = [...new Set(target[1].flatMap((i) => interfaces.get(i)!.names))]
        expect([iface, Object.keys(props(def))]).toEqual([iface, names])
      }
    }
  })
})

describe('full.json exercises the whole contract', () => {
  test('every member of every closed object appears somewhere in the fixture', () => {
    const seen = new Set<string>()
    const resolve = (s: Json): [string, Json] => {
      const name = String(s.$ref).split('/').pop() as string
      return [name, defs[name]]
    }
    const visit = (value: unknown, s: Json, def: string): void => {
      if (s.$ref !== undefined) {
        const [name, target] = resolve(s)
        visit(value, target, name)
        return
      }
      if (Array.isArray(value) && s.items !== undefined) for (const v of value) visit(v, s.items as Json, def)
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return
      const properties = props(s)
      for (const [k, v] of Object.entries(value)) {
        if (properties[k] !== undefined) {
          seen.add(`${def}.${k}`)
          visit(v, properties[k], def)
        } else if (typeof s.additionalProperties === 'object') {
          visit(v, s.additionalProperties as Json, def)
        }
      }
    }
    visit(fixture('full.json'), SCHEMA as Json, '')
    const all = [
      ...Object.keys(props(SCHEMA as Json)).map((k) => `.${k}`),
      ...Object.entries(defs).flatMap(([name, d]) => Object.keys(props(d)).map((k) => `${name}.${k}`)),
    ]
    // standalone_html is a different front_page branch than the one full.json uses; the valid table covers it.
    expect(all.filter((k) => !seen.has(k))).toEqual(['frontPage.html'])
  })
})

type Mutation = (p: any) => void // eslint-disable-line @typescript-eslint/no-explicit-any -- mutations reach into arbitrary payload members

function mutated(base: string, mutate: Mutation): Json {
  const p = fixture(base)
  mutate(p)
  return p
}

const astral = (n: number) => '\u{1F600}'.repeat(n)

describe('valid payloads', () => {
  const cases: [string, string, Mutation][] = [
    ['minimal', 'minimal.json', () => {}],
    ['full', 'full.json', () => {}],
    ['theme_index front page', 'full.json', (p) => (p.site.front_page = { type: 'theme_index' })],
    ['standalone_html front page', 'full.json', (p) => (p.site.front_page = { type: 'standalone_html', html: '<!doctype html><title>x</title>' })],
    ['+14:00 offset', 'minimal.json', (p) => (p.site.timezone = '+14:00')],
    ['-03:30 offset', 'minimal.json', (p) => (p.site.timezone = '-03:30')],
    ['three-part IANA zone', 'minimal.json', (p) => (p.site.timezone = 'America/Argentina/Buenos_Aires')],
    ['origin with root slash', 'minimal.json', (p) => ((p.site.url = 'https://notes.example/'), (p.site.media_origin = 'http://localhost:8080/'))],
    ['media_domain with an origin', 'minimal.json', (p) => ((p.site.media_delivery_mode = 'media_domain'), (p.site.media_origin = 'https://m.example'))],
    ['disabled newsletter without URLs', 'minimal.json', (p) => (p.site.newsletter = { enabled: false })],
    ['newsletter with embed_url only', 'minimal.json', (p) => (p.site.newsletter = { enabled: true, embed_url: '/newsletter' })],
    ['comments API at "/"', 'minimal.json', (p) => (p.site.comments = { enabled: false, api_base_url: '/' })],
    ['page with allow_comments false and no public_id', 'full.json', (p) => (p.content.pages[0].allow_comments = false)],
    ['empty maps', 'minimal.json', (p) => Object.assign(p, { menus: {}, widgets: {}, collections: {} })],
    ['widget title empty', 'full.json', (p) => (p.widgets.sidebar.items[0].title = '')],
    ['custom_html with only body_end', 'full.json', (p) => (p.custom_html = { body_end: '<script></script>' })],
    ['decomposed slug', 'full.json', (p) => (p.content.posts[1].slug = 'sa\u0303o-miguel')],
    ['slug of 200 NFD letters with 3 marks each (800 code points)', 'full.json', (p) => (p.content.posts[1].slug = 'a\u0301\u0302\u0303'.repeat(200))],
    ['request token of 512 astral code points', 'full.json', (p) => (p.content.posts[0].comments.request_token = astral(512))],
    ['custom_html slot of 65,536 astral code points', 'full.json', (p) => (p.custom_html.head_end = astral(65_536))],
    ['page path ending in index', 'full.json', (p) => (p.content.pages[2].path = 'guides/index')],
    ['permalink with public_id and day', 'full.json', (p) => (p.site.permalinks.posts = '/:year/:month/:day/:public_id')],
    ['data at exactly 4 container levels', 'full.json', (p) => (p.content.posts[0].data = { a: { b: [{ d: [1, 'x', null, true] }] } })],
    ['data with 64 keys and 256 items', 'full.json', (p) => (p.content.posts[0].data = { ...Object.fromEntries(Array.from({ length: 63 }, (_, i) => [`k${i}`, i])), list: Array(256).fill(0) })],
    ['lowercase t and z in a timestamp', 'minimal.json', (p) => (p.generated_at = '2026-05-01t09:00:00.5z')],
    ['leap second shape', 'minimal.json', (p) => (p.generated_at = '2016-12-31T23:59:60Z')],
    ['percent-encoded media path', 'full.json', (p) => (p.content.media[0].src = '/media/%E2%82%AC/caf%C3%A9.jpg?v=2#top')],
  ]
  test.each(cases)('%s', (_name, base, mutate) => {
    const p = mutated(base, mutate)
    expect(validate(p) ? [] : validate.errors).toEqual([])
  })
})

describe('invalid payloads', () => {
  const cases: [string, string, Mutation][] = [
    ['version 0.6', 'minimal.json', (p) => (p.version = '0.6')],
    ['version as a number', 'minimal.json', (p) => (p.version = 0.7)],
    ['missing generator', 'minimal.json', (p) => delete p.generator],
    ['blank generator', 'minimal.json', (p) => (p.generator = ' \t\u00a0')],
    ['timestamp with a space', 'minimal.json', (p) => (p.generated_at = '2026-05-01 09:00:00Z')],
    ['timestamp month 13', 'minimal.json', (p) => (p.generated_at = '2026-13-01T09:00:00Z')],
    ['timestamp without offset', 'minimal.json', (p) => (p.generated_at = '2026-05-01T09:00:00')],
    ['unknown top-level member', 'minimal.json', (p) => (p.extra = 1)],
    ['site missing title', 'minimal.json', (p) => delete p.site.title],
    ['site.indexing', 'minimal.json', (p) => (p.site.indexing = true)],
    ['site.media_base_url', 'minimal.json', (p) => (p.site.media_base_url = '')],
    ['posts_per_page 0', 'minimal.json', (p) => (p.site.posts_per_page = 0)],
    ['posts_per_page 1.5', 'minimal.json', (p) => (p.site.posts_per_page = 1.5)],
    ['posts_per_page as a string', 'minimal.json', (p) => (p.site.posts_per_page = '10')],
    ['date_style unknown', 'minimal.json', (p) => (p.site.date_style = 'medium ')],
    ['timezone +00:00', 'minimal.json', (p) => (p.site.timezone = '+00:00')],
    ['timezone +14:30', 'minimal.json', (p) => (p.site.timezone = '+14:30')],
    ['timezone UTC+1', 'minimal.json', (p) => (p.site.timezone = 'UTC+1:00')],
    ['locale with underscore', 'minimal.json', (p) => (p.site.locale = 'en_US')],
    ['url with credentials', 'minimal.json', (p) => (p.site.url = 'https://user:pw@notes.example')],
    ['url with a path', 'minimal.json', (p) => (p.site.url = 'https://notes.example/blog')],
    ['url without scheme', 'minimal.json', (p) => (p.site.url = 'notes.example')],
    ['ftp url', 'minimal.json', (p) => (p.site.url = 'ftp://notes.example')],
    ['media_origin with a query', 'minimal.json', (p) => (p.site.media_origin = 'https://m.example/?v=1')],
    ['media_domain with empty origin', 'minimal.json', (p) => (p.site.media_delivery_mode = 'media_domain')],
    ['search as a boolean', 'minimal.json', (p) => (p.site.search = true)],
    ['search as {}', 'minimal.json', (p) => (p.site.search = {})],
    ['search as null', 'minimal.json', (p) => (p.site.search = null)],
    ['feed with an unknown member', 'minimal.json', (p) => (p.site.feed = { enabled: true, x: 1 })],
    ['robots as {}', 'minimal.json', (p) => (p.site.robots = {})],
    ['favicon as {}', 'minimal.json', (p) => (p.site.favicon = {})],
    ['favicon "/" alone', 'minimal.json', (p) => (p.site.favicon = { icon: '/' })],
    ['favicon protocol-relative', 'minimal.json', (p) => (p.site.favicon = { icon: '//cdn.example/x.png' })],
    ['logo without src', 'minimal.json', (p) => (p.site.logo = { alt: 'x' })],
    ['enabled newsletter without URLs', 'minimal.json', (p) => (p.site.newsletter = { enabled: true })],
    ['newsletter javascript: URL', 'minimal.json', (p) => (p.site.newsletter = { enabled: true, signup_url: 'javascript:alert(1)' })],
    ['comments without api_base_url', 'minimal.json', (p) => (p.site.comments = { enabled: true })],
    ['comments API with a query', 'minimal.json', (p) => (p.site.comments = { enabled: true, api_base_url: '/api?x=1' })],
    ['comments per_page 101', 'full.json', (p) => (p.site.comments.per_page = 101)],
    ['threading depth 1', 'full.json', (p) => (p.site.comments.threading.max_depth = 1)],
    ['threading depth 11', 'full.json', (p) => (p.site.comments.threading.max_depth = 11)],
    ['comments provider unknown', 'full.json', (p) => (p.site.comments.provider = 'disqus')],
    ['site.disallow_comments', 'minimal.json', (p) => (p.site.disallow_comments = false)],
    ['relative permalink', 'full.json', (p) => (p.site.permalinks.posts = 'posts/:slug/')],
    ['permalink token with a suffix', 'full.json', (p) => (p.site.permalinks.posts = '/posts/:slug.html')],
    ['permalink literal .html', 'full.json', (p) => (p.site.permalinks.pages = '/pages.html/:slug')],
    ['permalink empty segment', 'full.json', (p) => (p.site.permalinks.tags = '/tags//:slug/')],
    ['permalink query', 'full.json', (p) => (p.site.permalinks.tags = '/tags/:slug/?x')],
    ['permalink percent encoding', 'full.json', (p) => (p.site.permalinks.tags = '/t%61gs/:slug/')],
    ['front_page page without page_path', 'full.json', (p) => (p.site.front_page = { type: 'page' })],
    ['front_page page with html', 'full.json', (p) => (p.site.front_page.html = '<html></html>')],
    ['front_page theme_index with page_path', 'full.json', (p) => (p.site.front_page = { type: 'theme_index', page_path: 'home' })],
    ['front_page standalone_html without html', 'full.json', (p) => (p.site.front_page = { type: 'standalone_html' })],
    ['front_page standalone_html with empty html (issue 15 item 16)', 'full.json', (p) => (p.site.front_page = { type: 'standalone_html', html: '' })],
    ['front_page standalone_html with whitespace-only html', 'full.json', (p) => (p.site.front_page = { type: 'standalone_html', html: ' \n\t\u3000' })],
    ['front_page page_path with a leading slash', 'full.json', (p) => (p.site.front_page.page_path = '/home')],
    ['front_page page_slug', 'full.json', (p) => (p.site.front_page = { type: 'page', page_slug: 'home' })],
    ['front_page without type', 'full.json', (p) => (p.site.front_page = { page_path: 'home' })],
    ['post_index relative path', 'full.json', (p) => (p.site.post_index.path = 'blog')],
    ['post_index enabled as a string', 'full.json', (p) => (p.site.post_index.enabled = 'yes')],
    ['blank copyright', 'full.json', (p) => (p.site.footer.copyright_text = '')],
    ['site.datetime_display', 'minimal.json', (p) => (p.site.datetime_display = 'medium')],
    ['meta object value', 'full.json', (p) => (p.site.meta.x = {})],
    ['meta array value', 'full.json', (p) => (p.content.posts[0].meta.x = [])],
    ['meta NaN value', 'full.json', (p) => (p.content.posts[0].meta.x = Number.NaN)],
    ['content without tags', 'minimal.json', (p) => delete p.content.tags],
    ['content with an unknown member', 'minimal.json', (p) => (p.content.drafts = [])],
    ['author without display_name', 'full.json', (p) => delete p.content.authors[0].display_name],
    ['post without public_id', 'full.json', (p) => delete p.content.posts[0].public_id],
    ['post public_id 0', 'full.json', (p) => (p.content.posts[0].public_id = 0)],
    ['post id', 'full.json', (p) => (p.content.posts[0].id = 1)],
    ['slug with a space', 'full.json', (p) => (p.content.posts[0].slug = 'hello world')],
    ['slug with two periods', 'full.json', (p) => (p.content.posts[0].slug = 'a..b')],
    ['slug with a leading period', 'full.json', (p) => (p.content.posts[0].slug = '.a')],
    ['slug of punctuation only', 'full.json', (p) => (p.content.posts[0].slug = '_-_')],
    ['slug with percent encoding', 'full.json', (p) => (p.content.posts[0].slug = 'caf%C3%A9')],
    ['slug over 800 code points', 'full.json', (p) => (p.content.posts[0].slug = 'a'.repeat(801))],
    ['document_type md', 'full.json', (p) => (p.content.posts[0].document_type = 'md')],
    ['status private', 'full.json', (p) => (p.content.posts[0].status = 'private')],
    ['category_slugs as a string', 'full.json', (p) => (p.content.posts[0].category_slugs = 'travel')],
    ['empty tag slug reference', 'full.json', (p) => (p.content.posts[0].tag_slugs = [''])],
    ['featured_image "/"', 'full.json', (p) => (p.content.posts[0].featured_image = '/')],
    ['featured_image with a dot segment', 'full.json', (p) => (p.content.posts[0].featured_image = '/media/../secret.jpg')],
    ['featured_image with a backslash', 'full.json', (p) => (p.content.posts[0].featured_image = '/media\\a.jpg')],
    ['featured_image with bad percent encoding', 'full.json', (p) => (p.content.posts[0].featured_image = '/media/100%.jpg')],
    ['discoverability hidden', 'full.json', (p) => (p.content.posts[0].discoverability = 'hidden')],
    ['allow_comments as a string', 'full.json', (p) => (p.content.posts[0].allow_comments = 'yes')],
    ['comments without request_token', 'full.json', (p) => (p.content.posts[0].comments = {})],
    ['blank request_token', 'full.json', (p) => (p.content.posts[0].comments.request_token = ' ')],
    ['request_token of 513 code points', 'full.json', (p) => (p.content.posts[0].comments.request_token = astral(513))],
    ['comments with an unknown member', 'full.json', (p) => (p.content.posts[0].comments.user = 'x')],
    ['data with 65 keys', 'full.json', (p) => (p.content.posts[0].data = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i])))],
    ['data array of 257 items', 'full.json', (p) => (p.content.posts[0].data = { list: Array(257).fill(0) })],
    ['data at 5 container levels', 'full.json', (p) => (p.content.posts[0].data = { a: { b: [{ d: [[1]] }] } })],
    ['data key starting with a digit', 'full.json', (p) => (p.content.posts[0].data = { '1a': 1 })],
    ['data key with a double hyphen', 'full.json', (p) => (p.content.posts[0].data = { 'a--b': 1 })],
    ['nested data key with a space', 'full.json', (p) => (p.content.posts[0].data = { a: { 'b c': 1 } })],
    ['data as an array', 'full.json', (p) => (p.content.posts[0].data = [])],
    ['page allow_comments without public_id', 'full.json', (p) => (p.content.pages[0].allow_comments = true)],
    ['page path with a leading slash', 'full.json', (p) => (p.content.pages[2].path = '/about/team')],
    ['page path with a trailing slash', 'full.json', (p) => (p.content.pages[2].path = 'about/team/')],
    ['page path with .html', 'full.json', (p) => (p.content.pages[2].path = 'about/team.html')],
    ['page public_id 0', 'full.json', (p) => (p.content.pages[1].public_id = 0)],
    ['category without slug', 'full.json', (p) => delete p.content.categories[0].slug],
    ['blank tag name', 'full.json', (p) => (p.content.tags[0].name = ' ')],
    ['media width 0', 'full.json', (p) => (p.content.media[0].width = 0)],
    ['media height 1.5', 'full.json', (p) => (p.content.media[0].height = 1.5)],
    ['menu item without children', 'full.json', (p) => delete p.menus.main.items[0].children],
    ['menu item target _top', 'full.json', (p) => (p.menus.main.items[0].target = '_top')],
    ['menu item relative url', 'full.json', (p) => (p.menus.main.items[0].url = 'about')],
    ['menu item type', 'full.json', (p) => (p.menus.main.items[1].children[0].type = 'page')],
    ['menu id with a capital', 'full.json', (p) => (p.menus.Main = p.menus.main)],
    ['menu id of 65 characters', 'full.json', (p) => (p.menus[`m${'x'.repeat(64)}`] = p.menus.main)],
    ['widget item without title', 'full.json', (p) => delete p.widgets.sidebar.items[0].title],
    ['widget settings as a string', 'full.json', (p) => (p.widgets.sidebar.items[1].settings = 'x')],
    ['blank widget type', 'full.json', (p) => (p.widgets.sidebar.items[0].type = '')],
    ['collection without items', 'full.json', (p) => delete p.collections.featured.items],
    ['post item with path', 'full.json', (p) => (p.collections.featured.items[0] = { type: 'post', path: 'x' })],
    ['page item with slug', 'full.json', (p) => (p.collections.featured.items[1] = { type: 'page', slug: 'team' })],
    ['item with slug and path', 'full.json', (p) => (p.collections.featured.items[0].path = 'about')],
    ['item of unknown type', 'full.json', (p) => (p.collections.featured.items[0].type = 'tag')],
    ['blank collection title', 'full.json', (p) => (p.collections.featured.title = '')],
    ['blank custom_css', 'full.json', (p) => (p.custom_css.content = '\n')],
    ['custom_css without content', 'full.json', (p) => (p.custom_css = {})],
    ['custom_html as {}', 'full.json', (p) => (p.custom_html = {})],
    ['blank custom_html slot', 'full.json', (p) => (p.custom_html.head_end = '  ')],
    ['custom_html {content} slot', 'full.json', (p) => (p.custom_html.head_end = { content: '<x>' })],
    ['custom_html slot of 65,537 code points', 'full.json', (p) => (p.custom_html.body_end = astral(65_537))],
  ]
  test.each(cases)('%s', (_name, base, mutate) => {
    expect(validate(mutated(base, mutate))).toBe(false)
  })
})

describe('string classes', () => {
  // [def, value, valid]: each row states one rule of the contract's format policies.
  const cases: [string, string, boolean][] = [
    ['slug', 'hello-world', true],
    ['slug', 'v2.1', true],
    ['slug', 'são-miguel', true],
    ['slug', '東京', true],
    ['slug', '2024', true],
    ['slug', 'a_b', true],
    ['slug', '\u0301a', true],
    ['slug', '..', false],
    ['slug', 'a.', false],
    ['slug', 'a/b', false],
    ['slug', 'a\\b', false],
    ['slug', 'a\u0000b', false],
    ['slug', 'a\u00a0b', false],
    ['slug', '', false],
    ['slug', '\u0301', false],
    ['navigationUrl', '/', true],
    ['navigationUrl', '/about?x=1#top', true],
    ['navigationUrl', 'https://example.com', true],
    ['navigationUrl', 'HTTPS://example.com/a', true],
    ['navigationUrl', 'https://例え.jp/パス', true],
    ['navigationUrl', '//example.com', false],
    ['navigationUrl', '/\\example.com', false],
    ['navigationUrl', './about', false],
    ['navigationUrl', '../about', false],
    ['navigationUrl', 'about', false],
    ['navigationUrl', 'mailto:a@b.c', false],
    ['navigationUrl', 'https://a@example.com', false],
    ['navigationUrl', 'https://', false],
    ['navigationUrl', '/a/./b', false],
    ['navigationUrl', '/a/%2E%2e/b', false],
    ['navigationUrl', '/a/..b', true],
    ['navigationUrl', '/a b', false],
    ['navigationUrl', '/a\tb', false],
    ['navigationUrl', '/%zz', false],
    ['mediaUrl', '/a.jpg', true],
    ['mediaUrl', 'https://cdn.example/a.jpg', true],
    ['mediaUrl', '/', false],
    ['mediaUrl', '/?v=1', false],
    ['mediaUrl', 'https://cdn.example', false],
    ['mediaUrl', 'https://cdn.example/', false],
    ['mediaUrl', 'data:image/png;base64,AAAA', false],
    ['commentsApiUrl', '/api/comments', true],
    ['commentsApiUrl', 'https://c.example/api/', true],
    ['commentsApiUrl', '/api#x', false],
    ['commentsApiUrl', 'https://u:p@c.example/api', false],
    ['siteUrl', '', true],
    ['siteUrl', 'https://example.com:8443', true],
    ['siteUrl', 'https://example.com/#x', false],
    ['mediaOrigin', 'https://m.example/', true],
    ['mediaOrigin', 'https://m.example/media', false],
    ['timestamp', '2024-02-29T23:59:59.999999+14:00', true],
    ['timestamp', '2024-02-29T24:00:00Z', false],
    ['timestamp', '2024-2-29T10:00:00Z', false],
    ['timestamp', '2024-02-29T10:00Z', false],
    ['locale', 'zh-Hant-TW', true],
    ['locale', 'de-DE-u-co-phonebk', true],
    ['locale', 'e', false],
    ['locale', 'en-', false],
    ['timezone', 'UTC', true],
    ['timezone', 'Etc/GMT+5', true],
    ['timezone', 'America/Port-au-Prince', true],
    ['timezone', '+9:00', false],
    ['timezone', 'Europe/', false],
    ['permalinkPattern', '/', true],
    ['permalinkPattern', '/blog/:year/:slug', true],
    ['permalinkPattern', '/p-:slug/', false],
    ['permalinkPattern', '/a\\b/:slug', false],
    ['postIndexPath', '/', true],
    ['postIndexPath', '/blog', true],
    ['postIndexPath', '/blog/', true],
    ['postIndexPath', '//', false],
    ['postIndexPath', '/index.html', false],
    ['pagePath', 'docs/v1.2/intro', true],
    ['pagePath', 'a/../b', false],
    ['pagePathRef', 'about/team', true],
    ['pagePathRef', 'about//team', false],
    ['mapId', 'main', true],
    ['mapId', 'footer-links_2', true],
    ['mapId', '-main', false],
    ['mapId', 'main nav', false],
  ]
  test.each(cases)('%s %j -> %s', (def, value, valid) => {
    expect(validateDef(def)(value)).toBe(valid)
  })

  // Patterns run on every string even when allErrors keeps going past a failed maxLength, so each must be linear.
  test('patterns stay linear on megabyte adversarial strings', () => {
    const hostile = [
      '_'.repeat(1 << 20) + ' ',
      'a.'.repeat(1 << 19) + '.',
      ('a'.repeat(40) + '/').repeat(1 << 14) + '/',
      'https://' + 'a/'.repeat(1 << 19) + ' ',
      '/' + '%2'.repeat(1 << 18),
      ':a/'.repeat(1 << 18) + ' ',
      '/' + 'a.html'.repeat(1 << 17) + '/ ',
      '1'.repeat(1 << 20),
      'a-'.repeat(1 << 19) + '-',
    ]
    const started = performance.now()
    for (const def of Object.values(defs)) {
      if (typeof def.pattern !== 'string') continue
      const re = new RegExp(def.pattern, 'u')
      for (const h of hostile) re.test(h)
    }
    // Linear patterns take well under a second here; a quadratic one would take hours.
    expect(performance.now() - started).toBeLessThan(10_000)
  })
})
