/**
 * A valid map id (menus, widgets, collections) close to an invalid one, for messages: `Footer` → `footer`,
 * `Main Menu` → `main-menu`, `2024` → `menu-2024`. Accents are dropped (`Página` → `pagina`); nothing usable left
 * gives the kind's name. Always matches `MAP_ID_PATTERN`.
 * @example
 * suggestMapId('Main Menu', 'Menu') // 'main-menu'
 */
export function suggestMapId(id: string, kind: string): string {
  const base = kind.toLowerCase().replace(/[^a-z]+/g, '-')
  const words = id
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
  const start = /^[a-z]/.test(words) ? words : words === '' ? base : `${base}-${words}`
  return start.slice(0, 64).replace(/-+$/, '')
}
