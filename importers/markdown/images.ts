import { trimBoth } from '../../src/trim.js'

/** File extensions treated as images when a reference points at a file. */
export const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.bmp', '.ico', '.tif', '.tiff'])

/** Whether a reference is a local path (not a URL with a scheme, protocol-relative, data URI or fragment). */
export function isLocalRef(ref: string): boolean {
  return ref !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(ref) && !ref.startsWith('//') && !ref.startsWith('#')
}

/** Splits `a/b.md?x#y` into the path and the `?…#…` suffix. */
export function splitSuffix(ref: string): { path: string; suffix: string } {
  const i = ref.search(/[?#]/)
  return i === -1 ? { path: ref, suffix: '' } : { path: ref.slice(0, i), suffix: ref.slice(i) }
}

/** Decodes percent escapes in a path, leaving it unchanged when they are malformed. */
export function decodePath(p: string): string {
  try {
    return decodeURI(p)
  } catch {
    return p
  }
}

/** The media URL of a file under `mediaPath`, each segment percent-encoded so the URL passes the contract's media rules. */
export function mediaUrl(mediaPath: string, rel: string): string {
  const base = '/' + trimBoth(mediaPath, '/')
  return `${base === '/' ? '' : base}/${rel.split('/').map(encodeURIComponent).join('/')}`
}
