import { trimTrailing } from '../../src/trim.js'

/** A published page as front-page detection sees it. */
export interface FrontPageCandidate {
  id: number
  /** The page's `<link>`: WordPress gives the page it serves at the root the blog's own URL. */
  link: string
  slug: string
  title: string
  /** Whether its body is empty: WordPress shows the posts list on the posts page and ignores its content. */
  emptyBody: boolean
  /** Whether it is WooCommerce's shop page (the export has products): empty too, it listed products, not posts. */
  shopPage?: boolean
}

/** The page WordPress served at the root, the page it listed posts on, and how they were recognised. */
export interface FrontPagePlan {
  front?: number
  postsPage?: number
  reason: string
}

// Names WordPress users give the page that lists posts, in the languages of the sites we have seen.
const POSTS_PAGE_NAMES = /^(?:blog|news|posts|articles|journal|stories|updates|notes|writing|actualites|noticias|nachrichten|博客|文章|新闻|وبلاگ|اخبار|блог|новости)$/iu

/**
 * Finds the static front page and the posts page. WXR does not record WordPress's `show_on_front` settings, but it
 * shows their effect: the page shown at the root has the blog's URL as its `<link>`. The posts page keeps its own
 * link, and WordPress ignores its content, so it is the page with an empty body (one whose name says "blog" or
 * "news" when several are empty). Without a front page, posts are listed at the root and there is no posts page.
 * @example
 * findFrontPage([{ id: 2, link: 'https://old.test/', slug: 'home', title: 'Home', emptyBody: false }], 'https://old.test').front // 2
 */
export function findFrontPage(pages: readonly FrontPageCandidate[], blogUrl: string): FrontPagePlan {
  const root = rootPath(blogUrl)
  const sorted = [...pages].sort((a, b) => a.id - b.id)
  const front = sorted.find((p) => linkPath(p.link) === root)
  if (!front) return { reason: 'no page has the blog\'s URL as its link, so posts were listed at the root' }
  const empty = sorted.filter((p) => p.id !== front.id && p.emptyBody && !p.shopPage)
  const named = empty.filter((p) => POSTS_PAGE_NAMES.test(p.slug) || POSTS_PAGE_NAMES.test(p.title.trim()))
  const posts = named.length > 0 ? named[0] : empty.length === 1 ? empty[0] : undefined
  const frontWhy = `page ${front.id} ("${front.title}") has the blog's URL as its link`
  if (!posts) return { front: front.id, reason: `${frontWhy}; no empty page was found to list posts on, so the post index is turned off as on WordPress` }
  return { front: front.id, postsPage: posts.id, reason: `${frontWhy}; page ${posts.id} ("${posts.title}") is empty${named.length > 0 ? ' and named like a posts page' : ''}, so the post index takes its URL` }
}

// The slug WooCommerce gives the shop page it creates (its `Page slug` string, `shop`, in the translations it ships
// for the languages of the sites we have seen): products are listed there, and its body is empty.
const SHOP_PAGE_SLUGS = /^(?:shop|store|boutique|tienda|negozio|loja|winkel|sklep|butik|obchod|kauppa|magazin|магазин|商店|ショップ)$/iu

/**
 * Whether a page of an export that has WooCommerce products is its shop page, by the slug WooCommerce gave it.
 * @example
 * isShopPage('boutique') // true
 */
export function isShopPage(slug: string): boolean {
  return SHOP_PAGE_SLUGS.test(slug)
}

/** The path of a URL without its trailing slashes (`''` for the root), or undefined when it has a query. */
function linkPath(url: string): string | undefined {
  const m = /^(?:https?:\/\/[^/?#]+)?(\/[^?#]*)?(\?[^#]*)?/i.exec(url.trim())
  if (!m || !url.trim() || (m[2] !== undefined && m[2] !== '?')) return undefined
  return trimTrailing(m[1] ?? '', '/').toLowerCase()
}

function rootPath(blogUrl: string): string {
  return linkPath(blogUrl) ?? ''
}
