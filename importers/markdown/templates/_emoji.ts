/**
 * Emoji shortcodes (`:tada:`) as the generators that write them as characters do: pymdownx.emoji (MkDocs), and
 * markdown-it-emoji, which VuePress (@vuepress/markdown: its `full` set) and VitePress turn on by default. Only the
 * common names below are known; any other shortcode stays as written.
 */

/** Common emoji by their shortcode (Twemoji/gemoji names, as pymdownx.emoji's default index writes them). */
export const EMOJI: Record<string, string> = {
  smile: '😄', smiley: '😃', grin: '😁', joy: '😂', wink: '😉', blush: '😊', heart: '❤️', '+1': '👍', thumbsup: '👍',
  '-1': '👎', thumbsdown: '👎', tada: '🎉', rocket: '🚀', warning: '⚠️', bulb: '💡', memo: '📝', star: '⭐', fire: '🔥',
  sparkles: '✨', construction: '🚧', bug: '🐛', zap: '⚡', books: '📚', book: '📖', lock: '🔒', key: '🔑', gear: '⚙️',
  wrench: '🔧', hammer: '🔨', link: '🔗', mag: '🔍', eyes: '👀', information_source: 'ℹ️', white_check_mark: '✅',
  heavy_check_mark: '✔️', x: '❌', question: '❓', exclamation: '❗', point_right: '👉', calendar: '📆', date: '📅', computer: '💻',
  package: '📦', globe_with_meridians: '🌐', snake: '🐍', coffee: '☕', wave: '👋', '100': '💯', checkered_flag: '🏁',
  boom: '💥', ok_hand: '👌', pushpin: '📌', clipboard: '📋', bell: '🔔', no_entry: '⛔', stop_sign: '🛑', heart_eyes: '😍',
  thinking: '🤔', muscle: '💪', pray: '🙏', clap: '👏', trophy: '🏆', dart: '🎯', art: '🎨', whale: '🐳', penguin: '🐧',
  apple: '🍎', gift: '🎁', hourglass: '⌛', stopwatch: '⏱️', chart_with_upwards_trend: '📈', email: '📧', phone: '☎️', iphone: '📱',
  house: '🏠', mailbox: '📫', speech_balloon: '💬', new: '🆕', recycle: '♻️', sunny: '☀️', cloud: '☁️',
}

/** The longest name looked for between two colons: longer runs are never a known name, so the scan stays linear. */
const MAX_NAME = 64
const NAME_CHAR = /[a-z0-9_+-]/

/**
 * Each known shortcode in the text, left to right, as markdown-it-emoji finds them: a known name between two colons
 * wherever it stands (`word:tada:`, `:tada::rocket:`); a colon that does not open a known name may close one, so the
 * scan goes on from it. Each colon's name is read at most MAX_NAME characters ahead and stops at the next colon, so
 * the work is linear in the text (no backtracking regular expression).
 */
function* shortcodes(text: string): Generator<{ start: number; end: number; char: string }> {
  for (let at = text.indexOf(':'); at !== -1; ) {
    let end = at + 1
    while (end < text.length && end - at <= MAX_NAME && NAME_CHAR.test(text[end])) end++
    const char = end > at + 1 && text[end] === ':' ? EMOJI[text.slice(at + 1, end)] : undefined
    if (char !== undefined) {
      yield { start: at, end: end + 1, char }
      at = text.indexOf(':', end + 1)
    } else {
      at = text.indexOf(':', at + 1)
    }
  }
}

/** Whether the text holds a known shortcode. */
export function hasShortcode(text: string): boolean {
  return !shortcodes(text).next().done
}

/** The text with each known shortcode as its character. */
export function emojified(text: string): string {
  let out = ''
  let last = 0
  for (const { start, end, char } of shortcodes(text)) {
    out += text.slice(last, start) + char
    last = end
  }
  return last === 0 ? text : out + text.slice(last)
}
