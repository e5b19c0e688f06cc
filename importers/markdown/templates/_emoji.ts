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
  heavy_check_mark: '✔️', x: '❌', question: '❓', exclamation: '❗', point_right: '👉', calendar: '📅', computer: '💻',
  package: '📦', globe_with_meridians: '🌐', snake: '🐍', coffee: '☕', wave: '👋', '100': '💯', checkered_flag: '🏁',
  boom: '💥', ok_hand: '👌', pushpin: '📌', clipboard: '📋', bell: '🔔', no_entry: '⛔', stop_sign: '🛑', heart_eyes: '😍',
  thinking: '🤔', muscle: '💪', pray: '🙏', clap: '👏', trophy: '🏆', dart: '🎯', art: '🎨', whale: '🐳', penguin: '🐧',
  apple: '🍎', gift: '🎁', hourglass: '⌛', stopwatch: '⏱️', chart_with_upwards_trend: '📈', email: '📧', phone: '📱',
  house: '🏠', mailbox: '📫', speech_balloon: '💬', new: '🆕', recycle: '♻️', lightning: '🌩️', sunny: '☀️', cloud: '☁️',
}

/** A shortcode with a letter in its name, not inside a word or a time (`10:30:00`). */
export const SHORTCODE = /(?<![\w:]):([a-z0-9_+-]*[a-z][a-z0-9_+-]*):(?![\w:])/g

/** The text with each known shortcode as its character. */
export function emojified(text: string): string {
  return text.replace(SHORTCODE, (m: string, name: string) => EMOJI[name] ?? m)
}
