import { LIMITS } from '../../contract/constants.js'
import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { checkUrl } from '../primitives/index.js'
import type { UrlClass } from '../primitives/index.js'
import { clip, entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

const ADVICE: Record<UrlClass, string> = {
  site_url: 'use an absolute http(s) origin such as https://example.com, or an empty string',
  media_origin: 'use an absolute http(s) origin such as https://media.example.com (no path, query or fragment), or an empty string',
  navigation: 'use an absolute http(s) URL or a root-relative path such as /about/',
  media: 'use an absolute http(s) URL or a root-relative path to the file such as /media/photo.jpg',
  comments_api: 'use an absolute http(s) URL or a root-relative path such as /api/comments, without query or fragment',
}

/** Every URL field passes its URL class and WHATWG parsing (runtime invariant 10). */
export const urls: Rule = {
  code: 'invalid_url',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    // Featured images are usually also media entries: the media entries are checked first, and a featured image
    // that one of them already passed is not parsed again. Featured images themselves are not remembered: most are
    // unique, and a set of a hundred thousand URLs costs more than it saves.
    const validMedia = new Set<string>()
    const test = (value: unknown, cls: UrlClass, path: string | (() => string), what: string | (() => string), remember = true) => {
      if (typeof value !== 'string' || (cls === 'media' && validMedia.has(value))) return
      const reason = checkUrl(value, cls)
      if (!reason) {
        if (cls === 'media' && remember) validMedia.add(value)
        return
      }
      if (typeof path === 'function') path = path()
      if (typeof what === 'function') what = what()
      // Some reasons already say what to use instead; the class advice would only repeat them.
      if (reason) issues.push({ code: 'invalid_url', path, message: `${what} ${JSON.stringify(clip(value))} is not allowed: ${reason}${reason.includes('; use ') ? '' : `; ${ADVICE[cls]}`}.` })
    }
    const site = ctx.site
    if (site) {
      test(site.url, 'site_url', '/site/url', 'site.url')
      test(site.media_origin, 'media_origin', '/site/media_origin', 'site.media_origin')
      const favicon = record(site.favicon)
      for (const key of ['icon', 'svg', 'png', 'apple_touch_icon', 'icon_dark']) {
        test(favicon?.[key], 'media', pointer('site', 'favicon', key), `site.favicon.${key}`)
      }
      test(record(site.logo)?.src, 'media', '/site/logo/src', 'site.logo.src')
      const newsletter = record(site.newsletter)
      test(newsletter?.signup_url, 'navigation', '/site/newsletter/signup_url', 'site.newsletter.signup_url')
      test(newsletter?.embed_url, 'navigation', '/site/newsletter/embed_url', 'site.newsletter.embed_url')
      test(record(site.comments)?.api_base_url, 'comments_api', '/site/comments/api_base_url', 'site.comments.api_base_url')
    }
    ctx.list('authors').forEach((item, i) => {
      const author = record(item)
      test(author?.avatar, 'media', pointer('content', 'authors', i, 'avatar'), `${entityName('author', str(author, 'id'), i)}: avatar`)
    })
    const media = ctx.list('media')
    for (let i = 0; i < media.length; i++) test(record(media[i])?.src, 'media', () => pointer('content', 'media', i, 'src'), () => `content.media[${i}].src`)
    for (const kind of ['posts', 'pages'] as const) {
      ctx.list(kind).forEach((item, i) => {
        const entity = record(item)
        // Most posts have no featured image: build nothing for them.
        if (entity?.featured_image === undefined) return
        test(entity.featured_image, 'media', () => pointer('content', kind, i, 'featured_image'), () => `${entityName(kind.slice(0, -1), str(entity, 'slug'), i)}: featured_image`, false)
      })
    }
    const menus = record(ctx.payload.menus)
    for (const id of menus ? Object.keys(menus) : []) {
      const walk = (items: unknown, path: string[], depth: number) => {
        if (!Array.isArray(items) || depth >= LIMITS.menuItemDepth) return
        items.forEach((raw, j) => {
          const item = record(raw)
          test(item?.url, 'navigation', pointer(...path, j, 'url'), `menu "${clip(id)}" item "${clip(str(item, 'title') ?? String(j), 40)}": url`)
          walk(item?.children, [...path, String(j), 'children'], depth + 1)
        })
      }
      walk(record(menus![id])?.items, ['menus', id, 'items'], 0)
    }
    return issues
  },
}
