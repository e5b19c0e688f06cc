import { phpUnserialize } from '../php-unserialize.js'
import { escapeAttribute } from './html.js'

/**
 * A body with its podcast episode's player after it, as Blubrry PowerPress prints one below the post: PowerPress keeps
 * the episode in the `enclosure` meta WordPress itself uses for feeds (`URL\nsize\nMIME type`), with a fourth line of
 * its own, the episode's settings as a PHP array (duration, `no_player`), which WordPress's `do_enclose` never writes;
 * only such an enclosure is shown, an audio or video file with a web URL, unless its settings hide the player. The
 * body as it is otherwise (core's enclosures are links the body already shows).
 * @example
 * withPodcastEpisode('<p>Show notes</p>', 'https://x.test/e1.mp3\n1234\naudio/mpeg\na:1:{s:8:"duration";s:5:"30:00";}')
 * // '<p>Show notes</p>\n\n<figure class="wp-block-audio powerpress-player"><audio controls preload="none" src="https://x.test/e1.mp3"></audio></figure>'
 */
export function withPodcastEpisode<T extends string | Buffer>(raw: T, enclosure: string | undefined): T | string {
  const player = enclosure === undefined ? undefined : episodePlayer(enclosure)
  if (player === undefined) return raw
  return `${typeof raw === 'string' ? raw : raw.toString('utf8')}\n\n${player}`
}

function episodePlayer(enclosure: string): string | undefined {
  const [url = '', , type = '', settings = ''] = enclosure.split('\n').map((line) => line.trim())
  const kind = /^(audio|video)\//i.exec(type)?.[1].toLowerCase()
  if (kind === undefined || !/^https?:\/\/[^\s<>"]+$/i.test(url) || !/^a:\d+:\{/.test(settings)) return undefined
  const extra = phpUnserialize(settings)
  if (extra === undefined || extra === null || typeof extra !== 'object') return undefined
  const noPlayer = (extra as Record<string, unknown>).no_player
  if (noPlayer !== undefined && noPlayer !== 0 && noPlayer !== '0' && noPlayer !== false && noPlayer !== '') return undefined
  return `<figure class="wp-block-${kind} powerpress-player"><${kind} controls preload="none" src="${escapeAttribute(url)}"></${kind}></figure>`
}
