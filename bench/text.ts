/**
 * Text for the benchmark generators, in the languages and scripts the fixtures hold (English, Chinese, Persian) and
 * those the issue names beside them (Russian, Greek, emoji), with the habits of real writing in each: Chinese
 * without spaces and with full-width punctuation, Persian with zero-width non-joiners and Persian digits, Latin text
 * with accents, curly quotes and the odd emoji sequence. Every choice comes from a seeded PRNG, so the same seed
 * gives the same text. The word lists are ours.
 */

/** A small, fast, seedable PRNG (mulberry32), so every run generates the same bytes. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type Lang = 'en' | 'zh' | 'fa' | 'ru' | 'el'

const EN = (
  'the of and to in is for on that with as it this are be from at by you your we our can will more one about new ' +
  'release update notes version server build install configure package support issue fix bug change performance ' +
  'security team community project week month today city garden river coffee travel music photo camera morning ' +
  'evening kitchen recipe bread market street window light rain sun mountain bridge museum library school friend ' +
  'family story idea question answer problem solution example simple quick better faster small large old early ' +
  'late first last next great good little long short open close read write share learn work play walk run start ' +
  'finish keep make take give find think know see look use try ask tell feel leave call move live believe'
).split(' ')
// Loanwords and names as they appear in English posts.
const EN_ACCENTED = ['café', 'naïve', 'résumé', 'São Paulo', 'Zürich', 'Málaga', 'crème brûlée', 'Ærø', 'Kraków', 'Nuñez', 'fiancée', 'déjà vu']
const ZH = (
  '我们 今天 一个 这个 时候 问题 因为 所以 但是 已经 可以 自己 没有 什么 如果 就是 还是 知道 觉得 时间 ' +
  '工作 生活 朋友 学习 代码 程序 服务器 数据 系统 文件 版本 更新 发布 安装 配置 测试 性能 安全 方法 ' +
  '函数 变量 数组 链表 算法 题目 思路 结果 城市 春天 天气 咖啡 电影 音乐 旅行 照片 早上 晚上 周末 ' +
  '公司 团队 项目 社区 用户 网站 博客 文章 评论 记录 中国 上海 北京 广州 重要 简单 复杂 快速 终于 继续'
).split(' ')
const FA = (
  'ما امروز این یک برای که با از به در را است بود هم کاربران نسخه جدید انتشار بیلد توزیع لینوکس هسته ' +
  'نصب پیکربندی بسته مخزن سرور امنیت بهبود عملکرد تغییرات پشتیبانی مستندات جامعه پروژه توسعه‌دهندگان ' +
  'می‌توانید می‌شود شده‌اند خواهد کرد داریم سیستم برنامه رابط کاربری میزکار پلاسما گنوم فایل شبکه ' +
  'تهران اصفهان شیراز سفر کتاب دوستان خانواده بهار زمستان صبح شب نگارش دریافت راهنما سوال پاسخ'
).split(' ')
const RU = (
  'мы сегодня это как для что на в и не с по из от но уже можно новый версия выпуск обновление сервер ' +
  'установка настройка пакет поддержка ошибка исправление изменения производительность безопасность ' +
  'команда сообщество проект неделя месяц город Москва зимой весной река кофе путешествие музыка фото ' +
  'утром вечером библиотека школа друзья семья история вопрос ответ решение пример простой быстрый'
).split(' ')
const EL = (
  'και το η της των στο για με από σε που είναι νέα έκδοση ενημέρωση διακομιστής εγκατάσταση ρυθμίσεις ' +
  'πακέτο υποστήριξη σφάλμα διόρθωση αλλαγές ασφάλεια ομάδα κοινότητα έργο εβδομάδα μήνας πόλη Αθήνα ' +
  'θάλασσα καφές ταξίδι μουσική φωτογραφία πρωί βράδυ βιβλιοθήκη φίλοι οικογένεια ιστορία ερώτηση'
).split(' ')
const WORDS: Record<Lang, string[]> = { en: EN, zh: ZH, fa: FA, ru: RU, el: EL }
// Technical terms that stay in Latin letters inside non-Latin text, as they do on the Persian and Chinese blogs.
const TERMS = ['Linux', 'GRUB', 'systemd', 'Node.js', 'Python', 'GitHub', 'Docker', 'API', 'HTTP', 'KDE', 'WordPress', 'C++', 'LeetCode', 'MySQL']
// Emoji as they are typed: single code points, a variation selector, a skin tone, a ZWJ sequence and a flag.
const EMOJI = ['🎉', '🚀', '✅', '😊', '👍', '🔥', '❤️', '👍🏽', '👩‍💻', '🇵🇹', '🙏', '😂', '✨', '⚠️']
const FA_DIGITS = '۰۱۲۳۴۵۶۷۸۹'
const END: Record<Lang, string[]> = { en: ['.', '.', '.', '!', '?'], zh: ['。', '。', '。', '！', '？'], fa: ['.', '.', '.', '!', '؟'], ru: ['.', '.', '!', '?'], el: ['.', '.', '!', ';'] }
const COMMA: Record<Lang, string> = { en: ',', zh: '，', fa: '،', ru: ',', el: ',' }

/** Text helpers bound to one PRNG. */
export type TextSource = ReturnType<typeof textSource>

/** Builds the text helpers over a PRNG; `emojiRate` is the chance that a sentence carries an emoji. */
export function textSource(rand: () => number, emojiRate = 0.004) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))
  const chance = (p: number) => rand() < p

  const word = (lang: Lang): string => {
    if (lang !== 'en' && chance(0.04)) return pick(TERMS)
    if (lang === 'en' && chance(0.01)) return pick(EN_ACCENTED)
    return pick(WORDS[lang])
  }
  const number = (lang: Lang): string => {
    const n = String(int(1, 2030))
    return lang === 'fa' && chance(0.7) ? [...n].map((d) => FA_DIGITS[Number(d)]).join('') : n
  }
  const words = (lang: Lang, n: number): string => {
    const out: string[] = []
    for (let i = 0; i < n; i++) out.push(chance(0.03) ? number(lang) : word(lang))
    // Chinese runs its words together; Latin-script terms inside it keep a space on each side.
    return lang === 'zh' ? out.join('').replace(/([A-Za-z0-9.+]+)/g, ' $1 ').trim() : out.join(' ')
  }
  const sentence = (lang: Lang): string => {
    let s = words(lang, lang === 'zh' ? int(6, 16) : int(6, 18))
    if (chance(0.25)) s += COMMA[lang] + (lang === 'zh' ? '' : ' ') + words(lang, int(3, 8))
    if (lang === 'en' || lang === 'ru' || lang === 'el') s = s[0].toUpperCase() + s.slice(1)
    if (lang === 'en' && chance(0.08)) s = s.replace(/ (\w+) /, ' “$1” ')
    if (lang === 'en' && chance(0.05)) s = s.replace(/(\w)s /, '$1’s ')
    s += pick(END[lang])
    if (chance(emojiRate)) s += ' ' + pick(EMOJI)
    return s
  }
  /** Sentences up to about `chars` characters. */
  const sentences = (lang: Lang, chars: number): string => {
    const out: string[] = []
    let length = 0
    do {
      const s = sentence(lang)
      out.push(s)
      length += s.length + 1
    } while (length < chars)
    return lang === 'zh' ? out.join('') : out.join(' ')
  }
  const title = (lang: Lang): string => {
    const t = words(lang, lang === 'zh' ? int(3, 7) : int(2, 7))
    return lang === 'en' || lang === 'ru' || lang === 'el' ? t[0].toUpperCase() + t.slice(1) : t
  }
  return { rand, pick, int, chance, word, words, sentence, sentences, title, emoji: () => pick(EMOJI) }
}

/** A normally distributed sample (Box–Muller), for log-normal sizes. */
export function gaussian(rand: () => number): number {
  const u = 1 - rand()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand())
}

/** A log-normal size with the given median and 90th percentile, clamped to [min, max]. */
export function logNormal(rand: () => number, median: number, p90: number, min: number, max: number): number {
  const sigma = Math.log(p90 / median) / 1.2816
  return Math.round(Math.min(max, Math.max(min, median * Math.exp(sigma * gaussian(rand)))))
}

/**
 * WordPress's `sanitize_title_with_dashes` as it shapes a slug from a title: lower case, spaces and dots to dashes,
 * other punctuation dropped, and every non-ASCII character percent-encoded in lower-case hex (`%d8%b9`).
 */
export function wordpressSlug(title: string): string {
  let s = title.toLowerCase().normalize('NFC')
  s = s.replace(/[\s.]+/g, '-').replace(/[^\p{L}\p{N}\p{M}_-]+/gu, '').replace(/-+/g, '-').replace(/^-|-$/g, '')
  // Like utf8_uri_encode, stop before the character that would pass 200 bytes rather than cut an escape in two.
  let out = ''
  for (const ch of s) {
    const encoded = ch.charCodeAt(0) < 0x80 ? ch : encodeURIComponent(ch).toLowerCase()
    if (out.length + encoded.length > 200) break
    out += encoded
  }
  return out.replace(/-$/, '')
}

/** Escapes text for an XML or HTML text node. */
export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
