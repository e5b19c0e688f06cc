import type { PreviewData } from '../../src/index.js'

/**
 * A fresh, valid payload that touches most of the contract: a mutation test starts from it, changes one thing, and
 * expects exactly the issue that change causes.
 */
export function validPayload(): PreviewData {
  return {
    version: '0.7',
    generator: 'test-suite 1.0',
    generated_at: '2026-05-01T09:00:00Z',
    site: {
      title: 'Field Notes',
      description: 'Notes from the field',
      url: 'https://notes.example',
      media_origin: 'https://media.notes.example',
      locale: 'en-US',
      posts_per_page: 10,
      date_style: 'medium',
      time_style: 'short',
      timezone: 'Europe/Lisbon',
      media_delivery_mode: 'media_domain',
      search: { enabled: true },
      feed: { enabled: true },
      archive: { enabled: false },
      robots: { allow_indexing: true },
      favicon: { icon: '/favicon.ico', icon_dark: '/favicon-dark.png' },
      logo: { src: '/media/logo.svg', alt: '' },
      newsletter: { enabled: true, signup_url: 'https://news.example/signup', title: 'Letters' },
      comments: { enabled: true, api_base_url: '/api/comments', provider: 'native', per_page: 20, order: 'asc', threading: { enabled: true, max_depth: 3 } },
      permalinks: { output_style: 'directory', posts: '/:year/:month/:slug/', pages: '/:slug/', categories: '/topics/:slug/', tags: '/tags/:slug/' },
      front_page: { type: 'page', page_path: 'home' },
      post_index: { enabled: true, path: '/blog/', paginate: true },
      footer: { copyright_text: 'Field Notes', attribution: false },
      meta: { theme_color: '#223344', columns: 2, beta: true, none: null },
    },
    content: {
      authors: [
        { id: 'ana', display_name: 'Ana Lima', avatar: '/media/ana.jpg' },
        { id: 'bo', display_name: 'Bo Chen' },
      ],
      posts: [
        {
          public_id: 1,
          title: 'Lisbon',
          slug: 'lisbon',
          content: '# Lisbon\n\nTrams and tiles.',
          document_type: 'markdown',
          excerpt: 'Trams and tiles.',
          published_at_iso: '2024-05-01T10:00:00+01:00',
          updated_at_iso: '2024-05-02T10:00:00Z',
          author_id: 'ana',
          status: 'published',
          category_slugs: ['travel'],
          tag_slugs: ['portugal', 'trams'],
          featured_image: '/media/lisbon.jpg',
          meta: { mood: 'sunny' },
          data: { gallery: [{ src: '/media/a.jpg', caption: 'A' }] },
          allow_comments: true,
          comments: { request_token: 'tok-1' },
        },
        {
          public_id: 2,
          title: 'Release v20.0.0',
          slug: 'v20.0.0',
          content: '<p>Notes</p>',
          document_type: 'html',
          excerpt: '',
          published_at_iso: '2024-06-01T00:00:00Z',
          updated_at_iso: '2024-06-01T00:00:00Z',
          author_id: 'bo',
          status: 'draft',
          category_slugs: [],
          tag_slugs: [],
          discoverability: 'noindex',
        },
      ],
      pages: [
        { title: 'Home', slug: 'home', content: 'Welcome', document_type: 'markdown', status: 'published' },
        { title: 'About', slug: 'about', content: 'Us', document_type: 'plaintext', status: 'published', public_id: 1, allow_comments: true, comments: { request_token: 'tok-p' } },
        { title: 'Team', slug: 'team', path: 'about/team', content: 'People', document_type: 'markdown', status: 'draft', excerpt: 'People', updated_at_iso: '2024-01-01T00:00:00Z' },
      ],
      categories: [{ name: 'Travel', slug: 'travel', description: '' }],
      tags: [
        { name: 'Portugal', slug: 'portugal' },
        { name: 'Trams', slug: 'trams', description: 'Yellow ones' },
      ],
      media: [
        { src: '/media/lisbon.jpg', width: 1600, height: 1067, alt: 'Tram 28' },
        { src: 'https://cdn.example/x.png', width: 10, height: 10 },
      ],
    },
    menus: {
      primary: {
        name: 'Primary',
        items: [
          { title: 'About', url: '/about/', target: '_self', children: [{ title: 'Team', url: '/about/team/', target: '_self', children: [] }] },
          { title: 'GitHub', url: 'https://github.com/example', target: '_blank', children: [], meta: { icon: 'github' } },
        ],
      },
    },
    widgets: { sidebar: { name: 'Sidebar', items: [{ type: 'search', title: '' }, { type: 'recent_posts', title: 'Recent', settings: { count: 5 } }] } },
    collections: { featured: { title: 'Featured', description: '', items: [{ type: 'post', slug: 'lisbon' }, { type: 'page', path: 'about/team' }] } },
    custom_css: { content: 'body { color: #222 }' },
    custom_html: { head_end: '<meta name="x" content="y">', body_end: '<script src="/s.js"></script>' },
  }
}
