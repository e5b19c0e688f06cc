// Builds the Markdown sites the corpus needs but no npm package ships (scripts/corpus/README.md lists what was
// searched): each one a site in one generator's conventions, written from the corpus words by a seeded generator, so
// every build gives the same files. fetch.mjs calls buildSite() for sites.json entries with `"build"`; the oracle
// then comes from the real generator, as for the fetched sites.
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { resetTitles, Rng, SiteWriter } from './_common.mjs'
import { docusaurusI18n } from './docusaurus.mjs'
import { eleventyBlog } from './eleventy.mjs'
import { hugoContentDirs, hugoFilenames } from './hugo.mjs'
import { jekyllConventions } from './jekyll.mjs'
import { starlightI18n } from './starlight.mjs'

const BUILDERS = {
  'hugo-filenames': [hugoFilenames, 101],
  'hugo-contentdirs': [hugoContentDirs, 102],
  'jekyll-conventions': [jekyllConventions, 103],
  'docusaurus-i18n': [docusaurusI18n, 104],
  'starlight-i18n': [starlightI18n, 105],
  'eleventy-blog': [eleventyBlog, 106],
}

/** Writes the site named `name` into `<dir>/site/` (emptied first); returns the files written, relative, sorted. */
export async function buildSite(name, dir) {
  const builder = BUILDERS[name]
  if (!builder) throw new Error(`no Markdown site builder is called "${name}" (scripts/corpus/markdown/build.mjs has ${Object.keys(BUILDERS).join(', ')})`)
  const root = path.join(dir, 'site')
  await rm(root, { recursive: true, force: true })
  const writer = new SiteWriter(root)
  resetTitles()
  await builder[0](writer, new Rng(builder[1]))
  return writer.files.sort()
}
