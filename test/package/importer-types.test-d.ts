// The types an importer's result and options name are exported from its subpath, so a consumer can name them: a
// function that takes a report or a diagnostic, a variable for a draft policy. TypeDoc warned that six were not.
import { expectTypeOf, test } from 'vitest'
import type { DraftPolicy, ImportDiagnostic, ImportMarkdownOptions, ImportMarkdownResult, MigrationReport, ReportItem, UnresolvedReference } from '../../importers/markdown/index.js'
import type * as WordPress from '../../importers/wordpress/index.js'

test('the Markdown result names exported types', () => {
  expectTypeOf<ImportMarkdownResult['report']>().toEqualTypeOf<MigrationReport>()
  expectTypeOf<MigrationReport['items'][number]>().toEqualTypeOf<ReportItem>()
  expectTypeOf<NonNullable<ImportMarkdownOptions['drafts']>>().toEqualTypeOf<DraftPolicy>()
  expectTypeOf<ImportDiagnostic['severity']>().toEqualTypeOf<'error' | 'warning' | 'info'>()
  expectTypeOf<UnresolvedReference>().toBeObject()
})

test('the WordPress report and options name exported types', () => {
  expectTypeOf<WordPress.ImportReport['diagnostics'][number]>().toEqualTypeOf<WordPress.ImportDiagnostic>()
  expectTypeOf<WordPress.ImportReport['items'][number]>().toEqualTypeOf<WordPress.ReportItem>()
  expectTypeOf<WordPress.ImportReport['missing_media'][number]>().toEqualTypeOf<WordPress.UnresolvedReference>()
  expectTypeOf<NonNullable<WordPress.ImportWordPressOptions['drafts']>>().toEqualTypeOf<WordPress.DraftPolicy>()
  expectTypeOf<WordPress.ImportReport['byte_issues']['listed'][number]>().toEqualTypeOf<WordPress.ByteIssue & { file: string }>()
})
