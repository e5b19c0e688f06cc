import { expect } from 'vitest'
import type { BuilderOptions, PostInput, PreviewDataBuilder, SiteInput } from '../../src/index.js'
import { createPreviewData, PreviewDataError } from '../../src/index.js'

/** Options every builder test starts from: a fixed generation time, so no output depends on the clock. */
export const OPTIONS: BuilderOptions = { generator: 'builder-tests 1.0', generated_at: '2026-05-01T09:00:00Z' }

/** A builder with a titled site and the author `ana`, the smallest start that builds. */
export function start(site: SiteInput = {}, options: Partial<BuilderOptions> = {}): PreviewDataBuilder {
  return createPreviewData({ ...OPTIONS, ...options })
    .site({ title: 'Field Notes', ...site })
    .author({ id: 'ana', display_name: 'Ana Lima' })
}

/** A post by `ana` with the given title and publication time. */
export function post(title: string, published_at_iso: PostInput['published_at_iso'] = '2024-05-01T10:00:00Z', extra: Partial<PostInput> = {}): PostInput {
  return { title, author_id: 'ana', published_at_iso, ...extra }
}

/** The bytes a builder value builds to. */
export function bytes(builder: PreviewDataBuilder): string {
  return JSON.stringify(builder.build())
}

/** Runs a call that must throw, and returns the `PreviewDataError` it threw. */
export function thrown(call: () => unknown): PreviewDataError {
  try {
    call()
  } catch (error) {
    expect(error).toBeInstanceOf(PreviewDataError)
    return error as PreviewDataError
  }
  throw new Error('expected the call to throw a PreviewDataError, but it returned')
}
