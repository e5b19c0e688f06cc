import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/**
 * Small sites written for one test file into a temporary folder removed after it: `site(name, files)` writes each
 * file (relative path → text) under `<tmp>/<name>/` and returns that folder.
 */
export function tempSites(prefix: string): (name: string, files: Record<string, string>) => Promise<string> {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  return async (name, files) => {
    const root = path.join(dir, name)
    for (const [rel, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, rel)), { recursive: true })
      await writeFile(path.join(root, rel), body)
    }
    return root
  }
}
