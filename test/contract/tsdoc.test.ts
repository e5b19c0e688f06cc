// Every export of the main entry, and every field of the contract types, carries TSDoc: the API reference
// (`npm run docs`) and editors' hovers are written from it.
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

const entry = fileURLToPath(new URL('../../src/index.ts', import.meta.url))
const contractTypes = fileURLToPath(new URL('../../src/contract/types.ts', import.meta.url))
const program = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, resolveJsonModule: true, noEmit: true, strict: true })
const checker = program.getTypeChecker()

function documented(declaration: ts.Declaration): boolean {
  // A variable's comment sits on its statement, two levels up from the declaration.
  const holder = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration
  return ts.getJSDocCommentsAndTags(holder).some((doc) => ts.isJSDoc(doc) && (doc.comment ?? '').toString().trim().length > 0)
}

test('every export of preview-data-sdk has a TSDoc comment', () => {
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!
  const missing: string[] = []
  const exports = checker.getExportsOfModule(module)
  for (const symbol of exports) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    const declarations = target.declarations ?? []
    if (!declarations.some(documented)) missing.push(symbol.name)
  }
  expect(exports.length).toBeGreaterThan(100)
  expect(missing).toEqual([])
})

test('every field of every contract type has a TSDoc comment', () => {
  const source = program.getSourceFile(contractTypes)!
  const missing: string[] = []
  let fields = 0
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return
    for (const member of node.members) {
      fields++
      if (!documented(member)) missing.push(`${node.name.text}.${member.name?.getText(source)}`)
    }
  })
  expect(fields).toBeGreaterThan(140)
  expect(missing).toEqual([])
})
