// The types an importer's result and options name are exported from its subpath, so a consumer can name them: a
// function that takes a report or a diagnostic, a variable for a draft policy. TypeDoc warned that six were not.
import { expectTypeOf, test } from 'vitest'
import type { CommonImportOptions, DraftPolicy, ImportDiagnostic, ImportMarkdownOptions, ImportMarkdownResult, ImportProgress, MigrationReport, ReportItem, UnresolvedReference } from '../../importers/markdown/index.js'
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

// Both importers take the same options for the same things (importers/shared/types.ts): options written once for
// both are accepted by either, each shared option has the same type in both, and each progress report is an
// `ImportProgress` (WordPress's tells the file and items too).
test('both importers take the common options, with the same types', () => {
  type Common = CommonImportOptions
  type Shared = Exclude<keyof Common, 'onProgress'>
  expectTypeOf<Common>().toExtend<ImportMarkdownOptions>()
  expectTypeOf<Common>().toExtend<WordPress.ImportWordPressOptions>()
  expectTypeOf<Pick<WordPress.ImportWordPressOptions, Shared>>().toEqualTypeOf<Pick<Common, Shared>>()
  expectTypeOf<Pick<ImportMarkdownOptions, Shared>>().toEqualTypeOf<Pick<Common, Shared>>()
  expectTypeOf<WordPress.ImportWordPressOptions>().toExtend<WordPress.CommonImportOptions<WordPress.WordPressProgress>>()
  expectTypeOf<Parameters<NonNullable<WordPress.ImportWordPressOptions['onProgress']>>[0]>().toExtend<ImportProgress>()
  expectTypeOf<Parameters<NonNullable<WordPress.ImportWordPressOptions['onProgress']>>[0]>().toExtend<{ file: string; bytes: number; items: number }>()
})
