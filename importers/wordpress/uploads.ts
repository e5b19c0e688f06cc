import { hostKey } from '../shared/download.js'

/** Where WordPress keeps uploads, and where the new site serves them: the same path, so old links keep working. */
export const UPLOADS_PATH = '/wp-content/uploads/'

/** A media file of the old site: its host and its path below the uploads folder. */
export interface UploadsFile {
  host: string
  /** The old URL of the uploads folder (`https://old.test/wp-content/uploads/`), to fetch a file of it from. */
  root: string
  /** Percent-decoded, `/`-separated, below `wp-content/uploads/` (`2020/01/a.jpg`). */
  rel: string
}

/**
 * The uploads file a URL names, when it is on one of the site's media hosts: the path below `/wp-content/uploads/`,
 * on WordPress.com's file hosts (`*.files.wordpress.com`) the whole path, and below a multisite site's `files/`
 * (`/files/2012/01/a.jpg`, `/blog/files/…`, `/wp-content/blogs.dir/3/files/…`: the site's own folder). Query (`?w=300`) and fragment are
 * dropped: they ask for a resized copy of the same file. Undefined for other URLs (other hosts, theme files).
 * @example
 * uploadsFile('https://old.test/wp-content/uploads/2020/01/a%20b.jpg?w=300', new Set(['old.test']))
 * // { host: 'old.test', root: 'https://old.test/wp-content/uploads/', rel: '2020/01/a b.jpg' }
 */
export function uploadsFile(url: string, hosts: ReadonlySet<string>): UploadsFile | undefined {
  const m = /^(https?:)?\/\/([^/?#]+)(\/[^?#]*)/i.exec(url.trim())
  if (!m) return undefined
  const host = hostKey(m[2])
  if (!hosts.has(host)) return undefined
  const origin = `${(m[1] ?? 'https:').toLowerCase()}//${m[2]}`
  const at = m[3].indexOf(UPLOADS_PATH)
  const root = at >= 0 ? origin + m[3].slice(0, at + UPLOADS_PATH.length) : host.endsWith('.files.wordpress.com') ? `${origin}/` : msFilesRoot(m[3], origin)
  if (root === undefined) return undefined
  let rel: string
  try {
    rel = decodeURIComponent(m[3].slice(root.length - origin.length))
  } catch {
    return undefined
  }
  if (!rel || rel.endsWith('/')) return undefined
  return { host, root, rel }
}

// A multisite site's own files before WordPress 3.5 (`ms_files_rewriting`): WordPress served
// `<site path>/files/<file>` (the rewrite rule `^([_0-9a-zA-Z-]+/)?files/(.+)`, here also under a network in a folder)
// from `wp-content/blogs.dir/<site id>/files/<file>`, and URLs of either kind name `<file>` in that folder.
const MS_FILES = /^(?:\/wp-content\/blogs\.dir\/\d+|(?:\/[_0-9a-zA-Z-]+){0,2})\/files\//

/** The old URL of a multisite site's files folder a URL path is in (`https://old.test/blog/files/`), if it is. */
function msFilesRoot(path: string, origin: string): string | undefined {
  const m = MS_FILES.exec(path)
  return m ? origin + m[0] : undefined
}

/**
 * The files that may stand for `rel` in an uploads folder, best first: itself, then the original of a WordPress size
 * variant (`a-300x200.jpg` → `a.jpg`), then the original of a scaled-down upload (`a-scaled.jpg` → `a.jpg`).
 * @example
 * fileCandidates('2020/01/a-scaled-300x200.jpg') // ['2020/01/a-scaled-300x200.jpg', '2020/01/a-scaled.jpg', '2020/01/a.jpg']
 */
export function fileCandidates(rel: string): string[] {
  const out = [rel]
  const unsized = rel.replace(/-\d{1,5}x\d{1,5}(\.[A-Za-z0-9]{2,5})$/, '$1')
  if (unsized !== rel) out.push(unsized)
  const unscaled = unsized.replace(/-scaled(\.[A-Za-z0-9]{2,5})$/, '$1')
  if (unscaled !== unsized) out.push(unscaled)
  return out
}

/**
 * The root-relative URL a delivered uploads file is served at: `/wp-content/uploads/<rel>`, each segment
 * percent-encoded as a browser would, so it passes the contract's media URL rules.
 * @example
 * uploadsUrl('2020/01/a b.jpg') // '/wp-content/uploads/2020/01/a%20b.jpg'
 */
export function uploadsUrl(rel: string): string {
  return UPLOADS_PATH + rel.split('/').map(encodeURIComponent).join('/')
}

/** The old URL of a file below an uploads folder, to fetch it from. */
export function uploadsSourceUrl(file: Pick<UploadsFile, 'root'>, rel: string): string {
  return file.root + rel.split('/').map(encodeURIComponent).join('/')
}
