/**
 * The files of a folder served at the site root, as `checkSite` takes them: Node.js only.
 * `import { readMediaDir } from 'preview-data-sdk/media-dir'`.
 * @module preview-data-sdk/media-dir
 */
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Lists the files under a folder served at the site root, as `checkSite`'s `mediaFiles`: paths relative to the
 * folder, `/`-separated and NFC (`media/2024/a.png`), as a static host serves them. Symbolic links to files count;
 * linked folders are not entered (a link back up would never end). Node only: `preview-data-sdk/check` itself stays free of `fs`, for browsers.
 * @example
 * const report = checkSite(payload, { mediaFiles: await readMediaDir('public') })
 */
export async function readMediaDir(dir: string): Promise<Set<string>> {
  const files = new Set<string>()
  if (!(await stat(dir)).isDirectory()) throw Object.assign(new Error(`${dir} is not a folder`), { code: 'ENOTDIR' })
  const pending = ['']
  while (pending.length > 0) {
    const folder = pending.pop() as string
    const entries = await readdir(join(dir, folder), { withFileTypes: true })
    for (const entry of entries) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`
      if (entry.isDirectory()) pending.push(path)
      else if (entry.isFile()) files.add(path.normalize('NFC'))
      else if (entry.isSymbolicLink()) {
        const target = await stat(join(dir, path)).catch(() => null)
        if (target?.isFile()) files.add(path.normalize('NFC'))
      }
    }
  }
  return files
}
