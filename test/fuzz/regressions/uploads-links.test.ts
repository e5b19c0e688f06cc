import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { bringMediaHome } from '../../../importers/wordpress/media-home.js'

// An uploads folder (--uploads) may come from elsewhere, as an archive that keeps symbolic links. A link in it to a
// file outside it (a private key) was copied into the media folder, to be published with the site (found by s7-hunt);
// the Markdown importer already follows no link out of its folder. A link within the folder is still followed.

const dir = mkdtempSync(join(tmpdir(), 'uploads-links-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('a link out of the uploads folder is not copied, and the failure says why', async () => {
  const uploads = join(dir, 'uploads')
  mkdirSync(join(uploads, '2020/01'), { recursive: true })
  mkdirSync(join(dir, 'private'))
  writeFileSync(join(dir, 'private/id_rsa'), 'PRIVATE KEY')
  writeFileSync(join(uploads, '2020/01/real.png'), 'a picture')
  symlinkSync(join(dir, 'private/id_rsa'), join(uploads, '2020/01/key.png'))
  symlinkSync('real.png', join(uploads, '2020/01/same.png'))
  symlinkSync(join(dir, 'private'), join(uploads, '2021'))
  const mediaOut = join(dir, 'media')
  const url = (rel: string) => `https://old.test/wp-content/uploads/${rel}`
  const home = await bringMediaHome([url('2020/01/real.png'), url('2020/01/key.png'), url('2020/01/same.png'), url('2021/id_rsa')], { mediaOut, uploads, hosts: new Set(['old.test']) })
  const out = (rel: string) => join(mediaOut, 'wp-content/uploads', rel)
  expect(readFileSync(out('2020/01/real.png'), 'utf8')).toBe('a picture')
  expect(readFileSync(out('2020/01/same.png'), 'utf8')).toBe('a picture')
  expect(existsSync(out('2020/01/key.png'))).toBe(false)
  expect(existsSync(out('2021/id_rsa'))).toBe(false)
  expect(home.failed.map((f) => [f.url, f.reason])).toEqual([
    [url('2020/01/key.png'), expect.stringMatching(/2020\/01\/key\.png: in .* it is a link to a file outside that folder, which is not copied/)],
    [url('2021/id_rsa'), expect.stringMatching(/2021\/id_rsa: in .* it is a link to a file outside that folder/)],
  ])
})
