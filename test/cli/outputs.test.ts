// Issue 15 items 2, 3 and 5: outputs are checked against every input (after symbolic and hard links) and against each
// other before anything is read; they are written as a set, and a failure says which were written; FIFOs, devices
// and /dev/stdout are written into as streams, never replaced by a regular file.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, cpSync, createReadStream, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { text } from 'node:stream/consumers'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { validPayload } from '../helpers/payload.js'
import { planOutputs } from '../../cli/outputs.js'
import { cli, repo, tempDir, wxrFixtures } from './_helpers.js'

/**
 * A device node of its own in `dir` (`null` is 1,3; `full`, which refuses every byte with ENOSPC, is 1,7), so that a
 * regression that replaces devices replaces this copy, never the machine's /dev/null or /dev/full. Where device nodes
 * cannot be made (not root, or a nodev mount), the cases that need one are skipped, saying so.
 */
function deviceNode(dir: string, name: 'null' | 'full'): string {
  const path = join(dir, name)
  execFileSync('mknod', ['-m', '666', path, 'c', '1', name === 'null' ? '3' : '7'], { stdio: 'ignore' })
  return path
}
const canMakeDevices = (() => {
  try {
    writeFileSync(deviceNode(tempDir('pd-dev-'), 'null'), 'probe')
    return true
  } catch {
    console.warn('outputs.test.ts: device nodes cannot be made here (needs root and a mount without nodev); the device cases are skipped')
    return false
  }
})()

/** Every file below `dir` with its bytes, to show that nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const parent = (entry as unknown as { parentPath?: string; path: string }).parentPath ?? (entry as unknown as { path: string }).path
    if (entry.isFile()) out[join(parent, entry.name).slice(dir.length)] = readFileSync(join(parent, entry.name), 'latin1')
  }
  return out
}

/** A copy of the example Markdown site with a file that does not parse (so reading it would show), and a site file. */
function markdownCase() {
  const dir = tempDir('pd-out-md-')
  cpSync(join(repo, 'examples/site'), join(dir, 'site'), { recursive: true })
  writeFileSync(join(dir, 'site/posts/broken.md'), '---\ntitle: [unclosed\n---\nBody\n')
  writeFileSync(join(dir, 'base.yml'), 'title: Base\n')
  writeFileSync(join(dir, 'config.yml'), 'title: Config\n')
  linkSync(join(dir, 'site/authors.yml'), join(dir, 'hard-authors.yml'))
  symlinkSync(join(dir, 'site/site.yml'), join(dir, 'link-site.yml'))
  symlinkSync(join(dir, 'site'), join(dir, 'site-link'))
  return dir
}

function wordpressCase() {
  const dir = tempDir('pd-out-wp-')
  // A truncated export: reading it would report the truncation.
  cpSync(join(wxrFixtures, 'truncated.xml'), join(dir, 'export.xml'))
  writeFileSync(join(dir, 'site.json'), '{"title":"Base"}')
  linkSync(join(dir, 'export.xml'), join(dir, 'hard-export.xml'))
  symlinkSync(join(dir, 'site.json'), join(dir, 'link-site.json'))
  return dir
}

describe('outputs over inputs: refused with exit 2 before anything is read', () => {
  test.each([
    ['-o over a file in the source folder', ['site', '-o', 'site/authors.yml']],
    ['--report over a file in a subfolder', ['site', '-o', 'p.json', '--report', 'site/posts/broken.md']],
    ['--redirects over the site.yml', ['site', '-o', 'p.json', '--redirects', 'site/site.yml']],
    ['-o over the source folder itself', ['site', '-o', 'site']],
    ['-o through a symbolic link to a folder file', ['site', '-o', 'link-site.yml']],
    ['-o through a hard link to a folder file', ['site', '-o', 'hard-authors.yml']],
    ['-o into the folder through a linked folder', ['site-link', '-o', 'site/site.yml']],
    ['-o over the --config file', ['site', '-o', 'config.yml', '--config', 'config.yml']],
    ['--report over the --site file', ['site', '-o', 'p.json', '--report', 'base.yml', '--site', 'base.yml']],
  ])('import markdown: %s', async (_name, args) => {
    const dir = markdownCase()
    const before = snapshot(dir)
    const run = await cli(['import', 'markdown', ...args], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/refusing to write the (payload|report|redirects) to .*: it is (a file in |a hard link to a file in |)the (source folder|config file|site file)|is a folder: name a file/)
    // Nothing was read: the broken file would have been reported.
    expect(run.stderr).not.toContain('front_matter')
    expect(snapshot(dir)).toEqual(before)
  })

  test.each([
    ['-o over the export', ['export.xml', '-o', 'export.xml']],
    ['--report over the export through a hard link', ['export.xml', '-o', 'p.json', '--report', 'hard-export.xml']],
    ['--redirects over the site file through a symbolic link', ['export.xml', '-o', 'p.json', '--site', 'site.json', '--redirects', 'link-site.json']],
    ['-o over the second part of a split export', ['export.xml', 'hard-export.xml', '-o', './hard-export.xml']],
  ])('import wordpress: %s', async (_name, args) => {
    const dir = wordpressCase()
    const before = snapshot(dir)
    const run = await cli(['import', 'wordpress', ...args], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/refusing to write the (payload|report|redirects) to .*: it is the (export|site file)/)
    expect(run.stderr).not.toContain('truncated')
    expect(snapshot(dir)).toEqual(before)
  })

  test('canonicalize: -o through a hard link to the payload', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    linkSync(join(dir, 'p.json'), join(dir, 'other-name.json'))
    const run = await cli(['canonicalize', 'p.json', '-o', 'other-name.json'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('refusing to write the payload to other-name.json: it is the input payload (p.json)')
  })

  test('a new file inside the source folder is allowed (nothing is overwritten), and listed as written', async () => {
    const dir = markdownCase()
    writeFileSync(join(dir, 'site/posts/broken.md'), '---\ntitle: Fixed\ndate: 2024-01-01\n---\nBody\n')
    const run = await cli(['import', 'markdown', 'site', '-o', 'site/payload.json'], dir)
    expect(run.code).toBe(0)
    expect(existsSync(join(dir, 'site/payload.json'))).toBe(true)
  })
})

describe('outputs as a set', () => {
  test.each([
    ['the same name', ['-o', 'a.json', '--report', 'a.json'], /the payload and the report are both a\.json/],
    ['two spellings of one file', ['-o', 'out/a.json', '--redirects', './out/../out/a.json'], /the payload and the redirects are both/],
    ['a symbolic link to another output', ['-o', 'a.json', '--report', 'link-to-a.json'], /the payload and the report are both link-to-a\.json/],
    ['standard output twice', ['-o', '-', '--report', '/dev/stdout'], /the payload and the report both go to standard output/],
    ['standard output and --format json', ['-o', '-', '--format', 'json'], /--format json prints its result on standard output/],
    ['a folder that does not exist', ['-o', 'no/such/dir/a.json'], /cannot write|does not exist|no such file/],
  ])('two outputs on one path are refused up front: %s', async (_name, args, message) => {
    const dir = tempDir()
    mkdirSync(join(dir, 'out'))
    symlinkSync(join(dir, 'a.json'), join(dir, 'link-to-a.json'))
    cpSync(join(repo, 'examples/wordpress-export.xml'), join(dir, 'e.xml'))
    const run = await cli(['import', 'wordpress', 'e.xml', ...args], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
    expect(readdirSync(dir).sort()).toEqual(['e.xml', 'link-to-a.json', 'out'])
  })

  test.skipIf(!canMakeDevices)('when one output fails, none is replaced and the command says which were not written', async () => {
    const dir = tempDir()
    cpSync(join(repo, 'examples/wordpress-export.xml'), join(dir, 'e.xml'))
    writeFileSync(join(dir, 'payload.json'), 'the previous payload')
    writeFileSync(join(dir, '_redirects'), 'the previous redirects')
    // A "full" device takes no bytes (ENOSPC): the report fails after the payload and redirects are ready.
    deviceNode(dir, 'full')
    const run = await cli(['import', 'wordpress', 'e.xml', '-o', 'payload.json', '--redirects', '_redirects', '--report', 'full'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('preview-data import wordpress: cannot write full: no space left on the device\npreview-data import wordpress: nothing written (payload.json, full, _redirects left as they were)\n')
    expect(readFileSync(join(dir, 'payload.json'), 'utf8')).toBe('the previous payload')
    expect(readFileSync(join(dir, '_redirects'), 'utf8')).toBe('the previous redirects')
    expect(readdirSync(dir).sort()).toEqual(['_redirects', 'e.xml', 'full', 'payload.json'])
    expect(lstatSync(join(dir, 'full')).isCharacterDevice()).toBe(true)
  })

  test.skipIf(!canMakeDevices)('one output that fails: "left as it was"', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    deviceNode(dir, 'full')
    const run = await cli(['canonicalize', 'p.json', '-o', 'full'], dir)
    expect(run.code).toBe(2)
    // Named like every other failure, so that a script's log says which command failed.
    expect(run.stderr).toBe('preview-data canonicalize: cannot write full: no space left on the device\npreview-data canonicalize: nothing written (full left as it was)\n')
  })

  test.skipIf(!canMakeDevices)('the JSON summary lists every output and whether it was written', async () => {
    const dir = tempDir()
    cpSync(join(repo, 'examples/wordpress-export.xml'), join(dir, 'e.xml'))
    deviceNode(dir, 'full')
    const run = await cli(['import', 'wordpress', 'e.xml', '-o', 'payload.json', '--report', 'full', '--format', 'json'], dir)
    expect(JSON.parse(run.stdout).summary.outputs).toEqual([
      { name: 'payload', path: 'payload.json', written: false },
      { name: 'report', path: 'full', written: false },
    ])
  })
})

describe('special files are written into, never replaced', () => {
  test('a FIFO gets the payload as a stream and stays a FIFO', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    execFileSync('mkfifo', [join(dir, 'pipe')])
    const received = text(createReadStream(join(dir, 'pipe')))
    const run = await cli(['canonicalize', 'p.json', '-o', 'pipe'], dir)
    expect(run.code).toBe(0)
    expect(JSON.parse(await received)).toEqual(validPayload())
    expect(lstatSync(join(dir, 'pipe')).isFIFO()).toBe(true)
    expect(run.stderr).toMatch(/^wrote pipe \(\d+\.\d kB\)\n$/)
  })

  test.skipIf(!canMakeDevices)('a device stays a device', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    deviceNode(dir, 'null')
    const run = await cli(['canonicalize', 'p.json', '-o', 'null'], dir)
    expect(run.code).toBe(0)
    expect(lstatSync(join(dir, 'null')).isCharacterDevice()).toBe(true)
    expect(readdirSync(dir).sort()).toEqual(['null', 'p.json'])
  })

  test.each(['-', '/dev/stdout', '/dev/fd/1'])('%s is the command’s own standard output', async (target) => {
    const dir = tempDir()
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    // Planned first, so that a regression fails here and never writes to the machine's /dev.
    const plan = await planOutputs([{ label: 'payload', path: target }], [], { stdout: () => {}, stderr: () => {}, isTTY: false, cwd: dir })
    expect(plan[0].target).toEqual({ kind: 'stdout' })
    const run = await cli(['canonicalize', 'p.json', '-o', target], dir)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual(validPayload())
  })

  test('an existing output keeps its mode; a symbolic link output replaces the file it points to', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    mkdirSync(join(dir, 'real'))
    writeFileSync(join(dir, 'real/out.json'), 'old', { mode: 0o640 })
    symlinkSync(join(dir, 'real/out.json'), join(dir, 'out-link.json'))
    expect((await cli(['canonicalize', 'p.json', '-o', 'out-link.json'], dir)).code).toBe(0)
    expect(lstatSync(join(dir, 'out-link.json')).isSymbolicLink()).toBe(true)
    expect(JSON.parse(readFileSync(join(dir, 'real/out.json'), 'utf8'))).toEqual(validPayload())
    expect(statSync(join(dir, 'real/out.json')).mode & 0o777).toBe(0o640)
  })
})

// A new user's first import often names an output in a folder not made yet, or one they cannot write: that is said
// before the import runs (a WordPress import can take minutes), with the folder and what to do, and nothing is read.
describe("an output's folder is checked before anything is read", () => {
  test.each([
    ['a folder that does not exist', ['-o', 'no/such/dir/a.json'], /cannot write the payload to no\/such\/dir\/a\.json: the folder \S+\/no\/such\/dir does not exist; create it first/],
    ['a report in a folder that does not exist', ['-o', 'a.json', '--report', 'gone/r.json'], /cannot write the report to gone\/r\.json: the folder \S+\/gone does not exist/],
    ['a file where the folder should be', ['-o', 'e.xml/a.json'], /cannot write the payload to e\.xml\/a\.json: \S+\/e\.xml is not a folder/],
  ])('%s', async (_name, args, message) => {
    const dir = tempDir()
    cpSync(join(repo, 'examples/wordpress-export.xml'), join(dir, 'e.xml'))
    const run = await cli(['import', 'wordpress', 'e.xml', ...args], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
    // Refused up front: the import's summary ("took 0.1 s") never printed.
    expect(run.stderr).not.toMatch(/took|Imported/)
    expect(readdirSync(dir)).toEqual(['e.xml'])
  })

  test('a media folder under a file', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'notes.txt'), 'a file')
    const run = await cli(['import', 'markdown', join(repo, 'examples/site'), '-o', 'a.json', '--media-out', 'notes.txt/media'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^preview-data import markdown: cannot write the media folder notes\.txt\/media: \S+\/notes\.txt is not a folder/)
    expect(readdirSync(dir)).toEqual(['notes.txt'])
  })

  // Node's recursive mkdir retries without end where /proc answers ENOENT under a folder that exists: this import ran
  // forever at full CPU. /sys took the import and then failed to copy (EPERM) after the payload was written.
  test.skipIf(!existsSync('/proc/self'))('a media folder under /proc or /sys is refused before the import', async () => {
    const dir = tempDir()
    for (const folder of ['/proc/pd-media', '/sys/pd-media']) {
      const run = await cli(['import', 'markdown', join(repo, 'examples/site'), '-o', 'a.json', '--media-out', folder], dir)
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(/^preview-data import markdown: the media folder \/(proc|sys)\/pd-media is under \/dev, \/proc or \/sys, where files cannot be made; choose another output\n$/)
      expect(readdirSync(dir)).toEqual([])
    }
  }, 20_000)

  test('canonicalize and schema too', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'p.json'), JSON.stringify(validPayload()))
    const canonical = await cli(['canonicalize', 'p.json', '-o', 'out/c.json'], dir)
    expect(canonical.code).toBe(2)
    expect(canonical.stderr).toMatch(/^preview-data canonicalize: cannot write the payload to out\/c\.json: the folder \S+\/out does not exist/)
    const schema = await cli(['schema', '-o', 'out/s.json'], dir)
    expect(schema.code).toBe(2)
    expect(schema.stderr).toMatch(/^preview-data schema: cannot write the schema to out\/s\.json: the folder \S+\/out does not exist/)
  })

  // Root may write anywhere, so the folder without write permission is tried as an unprivileged user where the
  // tests run as root (through setpriv), and directly otherwise.
  const asRoot = process.getuid?.() === 0
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p))
  test.skipIf(asRoot && !setpriv)('a folder without write permission', async (ctx) => {
    const dir = tempDir()
    chmodSync(dir, 0o755)
    mkdirSync(join(dir, 'ro'), { mode: 0o555 })
    chmodSync(join(dir, 'ro'), 0o555)
    writeFileSync(join(dir, 'e.xml'), readFileSync(join(repo, 'examples/wordpress-export.xml')), { mode: 0o644 })
    const args = ['import', 'wordpress', 'e.xml', '-o', 'ro/a.json']
    let code: number
    let stderr: string
    if (asRoot) {
      const tsx = join(repo, 'node_modules/tsx/dist/cli.mjs')
      const child = spawnSync(setpriv!, ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, tsx, join(repo, 'cli/main.ts'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, TSX_DISABLE_CACHE: '1' } })
      code = child.status ?? -1
      stderr = child.stderr
      // A checkout the unprivileged user cannot read (under /root, say) says nothing about outputs: skip, saying so.
      if (!/is not writable/.test(stderr) && /EACCES|EPERM|Cannot find module/.test(stderr)) {
        console.warn(`outputs.test.ts: the unprivileged user cannot run the CLI from this checkout (${(stderr.split('\n').find((l) => /EACCES|EPERM|Cannot find module/.test(l)) ?? '').trim().slice(0, 120)}); the write-permission case is skipped`)
        return ctx.skip()
      }
    } else {
      ;({ code, stderr } = await cli(args, dir))
    }
    expect(stderr).toMatch(/cannot write the payload to ro\/a\.json: the folder \S+\/ro is not writable \(permission denied\)/)
    expect(stderr).not.toMatch(/took|Imported/)
    expect(code).toBe(2)
    expect(readdirSync(join(dir, 'ro'))).toEqual([])
  })
})
