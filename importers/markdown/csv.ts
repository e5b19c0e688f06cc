/**
 * Reads CSV or TSV text with a header row into one record per row, as Jekyll reads `_data/*.csv` and `*.tsv`
 * (Ruby's CSV with `headers: true`): quoted fields may hold the separator, doubled quotes and line breaks; a
 * missing field is null. Records are null-prototype, so a header named `__proto__` is only a key.
 * @example
 * readTable('name,role\nAna,editor\n', ',') // [{ name: 'Ana', role: 'editor' }]
 */
export function readTable(text: string, separator: ',' | '\t'): Array<Record<string, string | null>> {
  const rows = separator === '\t' ? text.split(/\r?\n/).filter((l) => l !== '').map((l) => l.split('\t')) : csvRows(text)
  const [header, ...body] = rows
  if (!header) return []
  return body.map((cells) => {
    const record = Object.create(null) as Record<string, string | null>
    header.forEach((name, i) => {
      record[name] = cells[i] ?? null
    })
    return record
  })
}

function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      if (c === '"') quoted = false
      else field += c
      i++
      continue
    }
    if (c === '"' && field === '') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
    i++
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}
