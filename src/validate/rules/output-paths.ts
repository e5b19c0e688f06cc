import { categoryRoute, isSafeOutputPath, pageRoute, postRoute, tagRoute } from '../../routes/index.js'
import { pointer } from '../issue.js'
import { checkPagePath, checkSlugSegment } from '../primitives/index.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** Every computed output path stays inside the output root after token substitution and output-style conversion. */
export const outputPaths: Rule = {
  code: 'unsafe_output_path',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const site = ctx.routeSite()
    const test = (path: string, at: string, what: string) => {
      // JSON quoting keeps a control character in the slug from reaching the message raw.
      if (!isSafeOutputPath(path)) issues.push({ code: 'unsafe_output_path', path: at, message: `${what} would be written to ${JSON.stringify(clip(path))}, which is not a safe path inside the output root: fix its slug or path.` })
    }
    // A route built from valid slug segments, a valid pattern (routeSite keeps only those) and numeric tokens can
    // have no empty, dot or separator component, so only documents whose slug or path breaks the policy need their
    // route computed and checked; that keeps this rule off the per-post hot path.
    const postSlugs = ctx.slugFacts('posts')
    ctx.list('posts').forEach((item, i) => {
      const slug = postSlugs.slugs[i]
      if (slug === undefined || postSlugs.reasons[i] === null) return
      const post = record(item)
      const id = typeof post?.public_id === 'number' ? post.public_id : 0
      const published = str(post, 'published_at_iso') ?? ''
      test(postRoute({ slug, public_id: id, published_at_iso: published }, site).output_path, pointer('content', 'posts', i, 'slug'), `post ${JSON.stringify(clip(slug))}`)
    })
    ctx.list('pages').forEach((item, i) => {
      const page = record(item)
      const slug = str(page, 'slug')
      if (slug === undefined) return
      const path = str(page, 'path')
      if (path === undefined ? checkSlugSegment(slug) === null : checkPagePath(path) === null) return
      test(pageRoute({ slug, path }, site).output_path, pointer('content', 'pages', i, path === undefined ? 'slug' : 'path'), `page ${JSON.stringify(clip(path ?? slug))}`)
    })
    for (const kind of ['categories', 'tags'] as const) {
      const facts = ctx.slugFacts(kind)
      facts.slugs.forEach((slug, i) => {
        if (slug === undefined || facts.reasons[i] === null) return
        const route = kind === 'categories' ? categoryRoute(slug, site) : tagRoute(slug, site)
        test(route.output_path, pointer('content', kind, i, 'slug'), `${kind === 'categories' ? 'category' : 'tag'} ${JSON.stringify(clip(slug))}`)
      })
    }
    return issues
  },
}
