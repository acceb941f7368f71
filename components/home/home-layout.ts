/** Height of the home page's highlights row, the same loading and loaded, so that the tiles below never move. */
export const HIGHLIGHTS_HEIGHT = 'h-24';
