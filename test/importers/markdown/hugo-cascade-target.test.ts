import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { cascadePaths } from '../../../importers/markdown/presets/hugo.js'
import { tempSites } from './_tmpsite.js'

// Which pages a `cascade` entry with `_target.path` reaches. Hugo 0.111.3 (checked here with `hugo` on this site,
// a cascaded `draft: true`) matches the file's path below content/ (`/blog/p1.md`); Hugo 0.123 on the page's path
// (`/blog/p1`). The page's folder alone, which was matched before, reached neither a page directly in /blog/ with
// `/blog/**` nor any page with a glob naming its file.
const site = tempSites('hugo-cascade-target-')
const hugo = (glob: string) => ({
  'hugo.toml': 'baseURL = "https://s.example/"\ntitle = "S"\n',
  'content/blog/_index.md': `---\ntitle: Blog\ncascade:\n  - _target:\n      path: ${JSON.stringify(glob)}\n    draft: true\n---\n`,
  'content/blog/p1.md': '---\ntitle: P1\n---\nbody\n',
  'content/blog/sub/p2.md': '---\ntitle: P2\n---\nbody\n',
  'content/about.md': '---\ntitle: About\n---\nbody\n',
})

describe('a cascade _target.path reaches the pages Hugo gives it', () => {
  test.each([
    // glob, the titles left published (drafts are left out; the section is a list, not a page of the payload)
    ['/blog/**', ['About']],
    ['/blog/p1.md', ['About', 'P2']],
    ['/blog/p1', ['About', 'P2']],
    ['/blog/*/p2.md', ['About', 'P1']],
    ['/about', ['About', 'P1', 'P2']],
    ['/news/**', ['About', 'P1', 'P2']],
  ])('%j', async (glob, published) => {
    const root = await site(glob.replace(/\W/g, '_'), hugo(glob))
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const titles = [...(result.payload?.content.posts ?? []), ...(result.payload?.content.pages ?? [])].map((p) => p.title)
    expect(titles.sort()).toEqual(published)
  })

  test.each([
    ['blog/p1.md', ['blog'], 'p1', ['/blog/p1.md', '/blog/p1']],
    ['blog/_index.md', ['blog'], undefined, ['/blog/_index.md', '/blog']],
    ['blog/b/index.md', ['blog', 'b'], undefined, ['/blog/b/index.md', '/blog/b']],
    ['p.fr.md', [], 'p', ['/p.fr.md', '/p']],
  ])('cascadePaths(%j)', (rel, dirs, leaf, expected) => {
    expect(cascadePaths(rel, dirs, leaf)).toEqual(expected)
  })
})
