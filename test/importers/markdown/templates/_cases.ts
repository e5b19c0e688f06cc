import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expandTemplates } from '../../../../importers/markdown/templates/index.js'
import type { TemplateResult } from '../../../../importers/markdown/templates/types.js'
import { makeContext } from './_context.js'
import type { CaseContext } from './_context.js'

export const CASES = fileURLToPath(new URL('./cases/', import.meta.url))

export interface Case {
  name: string
  input: string
  context: CaseContext
  /** The expected body (`expected.md`), when the case has one. */
  expected?: string
  /** Expected findings as `line name action` lines (`findings.txt`). */
  findings?: string[]
}

/** Every case folder: `input.md`, `case.json` ({ context }), `expected.md`, `findings.txt`. */
export function loadCases(): Case[] {
  return readdirSync(CASES)
    .sort()
    .map((name) => {
      const dir = `${CASES}${name}/`
      const read = (f: string) => (existsSync(dir + f) ? readFileSync(dir + f, 'utf8') : undefined)
      const { context } = JSON.parse(read('case.json')!) as { context: CaseContext }
      const findings = read('findings.txt')
      return { name, input: read('input.md')!, context, expected: read('expected.md'), findings: findings?.split('\n').filter((l) => l !== '') }
    })
}

export function runCase(c: Case): TemplateResult {
  return expandTemplates(c.input, makeContext(c.context))
}

export const summary = (r: TemplateResult) => r.findings.map((f) => `${f.line} ${f.name} ${f.action}`)
