import { collections } from './collections.js'
import { customHtml } from './custom-html.js'
import { data } from './data.js'
import { frontPage } from './front-page.js'
import { locale } from './locale.js'
import { mediaDomain } from './media-domain.js'
import { meta } from './meta.js'
import { newsletter } from './newsletter.js'
import { outputPaths } from './output-paths.js'
import { pagePublicId } from './page-public-id.js'
import { permalinks } from './permalinks.js'
import { requestToken } from './request-token.js'
import { routePaths } from './route-paths.js'
import { slugs } from './slugs.js'
import { timestamps } from './timestamps.js'
import { timezone } from './timezone.js'
import { uniqueAuthors } from './unique-authors.js'
import { uniqueMedia } from './unique-media.js'
import { uniquePagePaths } from './unique-page-paths.js'
import { uniquePublicIds } from './unique-public-ids.js'
import { uniqueSlugs } from './unique-slugs.js'
import { uniqueTagRefs } from './unique-tag-refs.js'
import { unresolvedAuthors } from './unresolved-authors.js'
import { urls } from './urls.js'
import type { Rule } from './_context.js'

export { RuleContext } from './_context.js'
export type { Rule } from './_context.js'

/** The runtime-only semantic rules, run after the schema check, in this order. */
export const RULES: readonly Rule[] = [
  timestamps,
  slugs,
  urls,
  locale,
  timezone,
  permalinks,
  routePaths,
  uniqueAuthors,
  uniquePublicIds,
  uniqueSlugs,
  uniquePagePaths,
  uniqueMedia,
  uniqueTagRefs,
  unresolvedAuthors,
  collections,
  frontPage,
  mediaDomain,
  newsletter,
  pagePublicId,
  requestToken,
  customHtml,
  data,
  meta,
  outputPaths,
]
