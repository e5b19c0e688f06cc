#!/usr/bin/env node
// Fetches the real-site corpus listed in sites.json into .corpus/ (ignored by git): for each site, `npm pack` of the
// pinned version, the tarball checked against the registry's integrity and the one pinned here, then only the listed
// content unpacked into .corpus/<id>/site/. Nothing from a package is executed: `npm pack` of a registry version runs
// no scripts (and --ignore-scripts says so), and the tarball is read by _tar.mjs, which follows no links.
//
//   npm run corpus:fetch                 every site
//   npm run corpus:fetch -- hugo-doks    only the named sites
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { buildSite } from './markdown/build.mjs'
import { readTarball } from './_tar.mjs'
import { corpusDir, loadSites, matchesAny, siteDir } from './_sites.mjs'

const run = promisify(execFile)

async function main(argv) {
  const sites = await loadSites(argv)
  const tarballs = path.join(corpusDir, '_tarballs')
  await mkdir(tarballs, { recursive: true })
  let failed = 0
  for (const site of sites) {
    if (site.build && site.convention === 'wordpress') {
      console.log(`${site.id}: built, not fetched: bash scripts/corpus/wordpress/build.sh ${site.build}`)
      continue
    }
    if (site.build) {
      try {
        const summary = await buildOnce(site)
        console.log(`${site.id}: built by scripts/corpus/markdown/build.mjs, ${summary.files} files (${summary.markdown} Markdown)${summary.hadOracle ? '; its oracle was removed with the old content: npm run corpus:oracle -- ' + site.id : ''}`)
      } catch (error) {
        failed++
        console.error(`${site.id}: ${error.message}`)
      }
      continue
    }
    try {
      const summary = await fetchSite(site, tarballs)
      console.log(`${site.id}: ${site.package}@${site.version} verified, ${summary.files} files unpacked (${summary.markdown} Markdown)${summary.hadOracle ? '; its oracle was removed with the old content: npm run corpus:oracle -- ' + site.id : ''}`)
    } catch (error) {
      failed++
      console.error(`${site.id}: ${error.message}`)
    }
  }
  if (failed > 0) {
    console.error(`${failed} of ${sites.length} site(s) failed; the others are in ${path.relative(process.cwd(), corpusDir)}/.`)
    process.exitCode = 1
  }
}

async function fetchSite(site, tarballs) {
  const spec = `${site.package}@${site.version}`
  // The registry must still serve the bytes pinned here: a re-published or tampered version is refused.
  const registry = JSON.parse((await npm(['view', spec, 'dist', '--json'])).stdout)
  if (registry.integrity !== site.integrity) {
    throw new Error(`the registry's integrity for ${spec} is ${registry.integrity}, sites.json pins ${site.integrity}: refusing it (update the pin only after checking why it changed)`)
  }
  const file = await packOnce(spec, tarballs, site.integrity)
  const bytes = await readFile(file)
  checkIntegrity(bytes, site.integrity, spec)
  if (registry.shasum && sha1(bytes) !== registry.shasum) throw new Error(`${path.basename(file)} does not match the registry's shasum ${registry.shasum}`)

  const { files, refused } = readTarball(bytes)
  const dir = siteDir(site.id)
  // The oracle goes with the content it was made from: fetching again (perhaps with other extract rules) drops it.
  const hadOracle = await readFile(path.join(dir, 'oracle.json')).then(() => true, () => false)
  await rm(dir, { recursive: true, force: true })
  const written = []
  for (const rule of site.extract) {
    const into = path.join(dir, rule.into ?? 'site')
    for (const entry of files) {
      if (!entry.path.startsWith(rule.from)) continue
      const rel = entry.path.slice(rule.from.length)
      if (!rel || !matchesAny(rel, rule.include) || matchesAny(rel, rule.exclude ?? [])) continue
      const target = path.join(into, rel)
      // _tar.mjs already refused paths with '..'; this keeps the promise even if a rule's `into` were odd.
      if (!target.startsWith(dir + path.sep)) throw new Error(`"${entry.path}" would be written outside ${dir}`)
      await mkdir(path.dirname(target), { recursive: true })
      await writeFile(target, entry.data)
      written.push(path.relative(dir, target).split(path.sep).join('/'))
    }
  }
  written.sort()
  const markdown = written.filter((f) => f.startsWith('site/') && /\.(md|mdx|markdown)$/i.test(f)).length
  await writeFile(path.join(dir, 'fetch.json'), JSON.stringify({
    id: site.id,
    package: site.package,
    version: site.version,
    integrity: site.integrity,
    shasum: registry.shasum,
    license: site.license,
    convention: site.convention,
    refused,
    files: written,
  }, null, 2) + '\n')
  return { files: written.length, markdown, hadOracle }
}

/** Writes a built Markdown site into .corpus/<id>/site/ with a fetch.json like a fetched one's. */
async function buildOnce(site) {
  const dir = siteDir(site.id)
  const hadOracle = await readFile(path.join(dir, 'oracle.json')).then(() => true, () => false)
  await rm(dir, { recursive: true, force: true })
  const files = (await buildSite(site.build, dir)).map((f) => `site/${f}`)
  await writeFile(path.join(dir, 'fetch.json'), JSON.stringify({ id: site.id, built: `scripts/corpus/markdown/build.mjs ${site.build}`, license: site.license, convention: site.convention, files }, null, 2) + '\n')
  return { files: files.length, markdown: files.filter((f) => /\.(md|mdx|markdown)$/i.test(f)).length, hadOracle }
}

/** Packs the version into the tarball folder unless a verified copy is already there. */
async function packOnce(spec, tarballs, integrity) {
  const expected = path.join(tarballs, tarballName(spec))
  try {
    checkIntegrity(await readFile(expected), integrity, spec)
    return expected
  } catch {
    // Missing or not the pinned bytes: pack it again.
  }
  const packed = JSON.parse((await npm(['pack', spec, '--pack-destination', tarballs, '--ignore-scripts', '--json'])).stdout)
  return path.join(tarballs, packed[0].filename)
}

/** `npm pack`'s own file name for a spec: `@scope/name@1.0.0` → `scope-name-1.0.0.tgz`. */
function tarballName(spec) {
  const at = spec.lastIndexOf('@')
  return `${spec.slice(0, at).replace(/^@/, '').replace('/', '-')}-${spec.slice(at + 1)}.tgz`
}

function checkIntegrity(bytes, integrity, spec) {
  const [algorithm, expected] = integrity.split(/-(.*)/s)
  const actual = createHash(algorithm).update(bytes).digest('base64')
  if (actual !== expected) throw new Error(`the tarball of ${spec} does not match ${integrity}`)
}

function sha1(bytes) {
  return createHash('sha1').update(bytes).digest('hex')
}

function npm(args) {
  return run('npm', args, { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_loglevel: 'error' } })
}

// A mistake in the command (an unknown site id) or an unreadable sites.json: said in one line, exit code 2.
await main(process.argv.slice(2)).catch((error) => {
  console.error(error.message)
  process.exitCode = 2
})
