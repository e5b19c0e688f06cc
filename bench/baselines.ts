/**
 * The baselines the importer benchmarks divide by: the plainest way to read the same input, run on the same data in
 * the same benchmark run, so a figure is a ratio that a slower or busier machine does not change much.
 * - `markdown <dir>`: read every Markdown file of the folder and split its front matter with gray-matter (YAML
 *   parsed, code engines refused as the importer refuses them).
 * - `xml <file>`: a streaming XML parse of the export with htmlparser2 in xmlMode (1 MiB chunks), counting
 *   elements and text, building nothing.
 * Each runs in its own process and prints `{ seconds, cpu_seconds, peak_rss_mb, items }` as JSON.
 *
 * Usage: npx tsx bench/baselines.ts markdown <dir> | xml <export.xml>
 */
import { createReadStream, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import matter from 'gray-matter'
import { Parser } from 'htmlparser2'

export type BaselineFigures = { seconds: number; cpu_seconds: number; peak_rss_mb: number; items: number }

const refuse = () => {
  throw new Error('code in front matter is refused')
}

/** Reads every Markdown file below `dir` and parses its front matter; returns how many files it read. */
export async function readMarkdownFolder(dir: string): Promise<number> {
  let files = 0
  const walk = async (folder: string): Promise<void> => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) await walk(full)
      else if (/\.(md|mdx|markdown)$/i.test(entry.name)) {
        try {
          matter(await readFile(full, 'utf8'), { engines: { js: refuse, javascript: refuse } })
        } catch {
          // A broken front matter block costs the importer a diagnostic; here it only ends the file.
        }
        files++
      }
    }
  }
  await walk(dir)
  return files
}

/** Streams an XML file through htmlparser2 (xmlMode) and counts its elements. */
export async function parseXmlFile(file: string): Promise<number> {
  let elements = 0
  // Text is decoded (entities too) and handed over, as any reader of the export needs; nothing keeps it.
  const parser = new Parser({ onopentag: () => void elements++, ontext: () => {} }, { xmlMode: true })
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) parser.write(chunk as string)
  parser.end()
  return elements
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [kind, target] = process.argv.slice(2)
  const started = performance.now()
  const cpu = process.cpuUsage()
  const items = kind === 'markdown' ? await readMarkdownFolder(target) : await parseXmlFile(target)
  const used = process.cpuUsage(cpu)
  const figures: BaselineFigures = { seconds: (performance.now() - started) / 1000, cpu_seconds: (used.user + used.system) / 1e6, peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024), items }
  console.log(JSON.stringify(figures))
}
