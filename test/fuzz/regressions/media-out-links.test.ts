import { lstat, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deliverMedia, importMarkdown } from '../../../importers/markdown/index.js'

// The Markdown importer copied media into an existing --media-out with copyFile straight onto the target: a file
// there that was a link to a file elsewhere was written through (the file it named was replaced by the image), and a
// folder there that was a link carried the images elsewhere. WordPress media went through deliverFile, which
// replaces a link by renaming a temporary file over it and refuses a folder that leads outside; now both do.

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000100802000000', 'hex')

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pd-media-links-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function site(): Promise<{ root: string; out: string }> {
  const at = await mkdtemp(path.join(dir, 'case-'))
  const root = path.join(at, 'site')
  await mkdir(path.join(root, 'posts'), { recursive: true })
  await writeFile(path.join(root, 'posts', 'a.md'), '---\ntitle: A\ndate: 2020-01-01\nauthor: a\n---\n![x](pic.png)\n')
  await writeFile(path.join(root, 'posts', 'pic.png'), PNG)
  return { root, out: path.join(at, 'out') }
}

describe('Markdown media delivered into a folder that already holds links', () => {
  test('a link where an image goes is replaced by the image; the file it named is left as it was', async () => {
    const { root, out } = await site()
    const victim = path.join(out, '..', 'victim.txt')
    await writeFile(victim, 'VICTIM')
    await mkdir(path.join(out, 'media', 'posts'), { recursive: true })
    await symlink(victim, path.join(out, 'media', 'posts', 'pic.png'))
    const result = await importMarkdown(root)
    const written = await deliverMedia(root, result.assets, out)
    expect(written).toEqual([path.join(out, 'media', 'posts', 'pic.png')])
    expect(await readFile(victim, 'utf8')).toBe('VICTIM')
    expect((await lstat(written[0])).isSymbolicLink()).toBe(false)
    expect(await readFile(written[0])).toEqual(PNG)
  })

  test('a folder that is a link to a folder elsewhere is refused; nothing is written there', async () => {
    const { root, out } = await site()
    const elsewhere = path.join(out, '..', 'elsewhere')
    await mkdir(elsewhere)
    await mkdir(out)
    await symlink(elsewhere, path.join(out, 'media'))
    const result = await importMarkdown(root)
    expect(await deliverMedia(root, result.assets, out)).toEqual([])
    expect(await readlink(path.join(out, 'media'))).toBe(elsewhere)
    await expect(lstat(path.join(elsewhere, 'posts'))).rejects.toThrow()
  })

  test('into a fresh folder, the image is written where its URL says', async () => {
    const { root, out } = await site()
    const result = await importMarkdown(root, { mediaOut: out })
    expect(result.payload?.content.posts[0].content).toContain('/media/posts/pic.png')
    expect(await readFile(path.join(out, 'media', 'posts', 'pic.png'))).toEqual(PNG)
  })
})
