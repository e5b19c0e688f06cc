// A fuller blog: native comments with request tokens, a page as the front page with the post index under /blog/,
// date-based permalinks, menus that name posts and pages, a sidebar, a curated collection and custom CSS.
import { createPreviewData } from 'preview-data-sdk'

const token = (id: string) => `demo-token-${id}` // your comment provider issues these

const payload = createPreviewData({ generator: 'field-notes 1.0', generated_at: '2026-05-01T09:00:00Z' })
  .site({ title: 'Field Notes', description: 'Walks and trams', url: 'https://notes.example', locale: 'pt-PT', timezone: 'Europe/Lisbon' })
  .site({ comments: { enabled: true, api_base_url: '/api/comments', per_page: 20 } })
  .permalinks({ posts: '/:year/:month/:slug/' })
  .postIndex({ path: '/blog/' })
  .frontPage({ page: 'home' })
  .author({ id: 'ana', display_name: 'Ana Lima', avatar: '/media/ana.jpg' })
  .post({ title: 'Tram 28', author_id: 'ana', published_at_iso: '2024-05-01', tags: ['Lisbon', 'Trams'], content: 'The **yellow** tram climbs to Graça.', featured_image: '/media/tram.jpg', allow_comments: true, comments: { request_token: token('tram-28') } })
  .post({ title: 'Miradouros', author_id: 'ana', published_at_iso: '2024-05-08T18:30', tags: ['Lisbon'], content: 'Seven hills, seven viewpoints.' })
  .media({ src: '/media/tram.jpg', width: 1600, height: 1067, alt: 'Tram 28 on a hill' })
  .page({ title: 'Home', content: 'Welcome to *Field Notes*.' })
  .page({ title: 'About', content: 'Who writes here.', public_id: 1, allow_comments: true, comments: { request_token: token('about') } })
  .menu('primary', { name: 'Primary', items: [{ page: 'home' }, { title: 'Blog', url: '/blog/' }, { page: 'about', children: [{ post: 'tram-28' }] }] })
  .menu('footer', { name: 'Footer', items: [{ tag: 'lisbon' }, { title: 'Mastodon', url: 'https://mastodon.example/@ana', target: '_blank' }] })
  .widgetArea('sidebar', { name: 'Sidebar', items: [{ type: 'search', title: 'Search' }, { type: 'recent_posts', title: 'Recent', settings: { count: 5 } }] })
  .collection('featured', { title: 'Start here', items: [{ post: 'tram-28' }, { page: 'about' }] })
  .customCss(':root { --accent: #f2b600 }')
  .build()

console.log(JSON.stringify(payload, null, 2))
