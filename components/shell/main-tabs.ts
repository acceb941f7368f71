/** The four places a player goes most: the bottom tabs on phones, the app bar's links from sm up. */
export const MAIN_TABS = [
  { href: '/', key: 'nav.home', match: (p: string) => p === '/' },
  { href: '/random-battle/', key: 'nav.battle', match: (p: string) => p.startsWith('/random-battle') || p.startsWith('/group-battle') },
  { href: '/leaderboard/', key: 'nav.leaderboard', match: (p: string) => p.startsWith('/leaderboard') },
  { href: '/profile/', key: 'nav.profile', match: (p: string) => p.startsWith('/profile') },
] as const;
