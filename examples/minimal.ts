// The smallest useful producer: one author, one category, one post, one page, one menu.
import { createPreviewData } from 'preview-data-sdk'

const payload = createPreviewData({ generator: 'field-notes 1.0', generated_at: '2026-05-01T09:00:00Z' })
  .site({ title: 'Field Notes', url: 'https://notes.example', timezone: 'Europe/Lisbon' })
  .author({ id: 'ana', display_name: 'Ana Lima' })
  .category({ name: 'Travel' })
  .post({ title: 'Lisbon', author_id: 'ana', category_slugs: ['travel'], published_at_iso: '2024-05-01T10:00:00Z', content: 'Hello' })
  .page({ title: 'About', content: 'Who we are' })
  .menu('primary', { name: 'Primary', items: [{ title: 'About', page: 'about' }] })
  .build()

console.log(JSON.stringify(payload, null, 2))
