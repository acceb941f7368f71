/** Height of the home page's highlights row, the same loading and loaded, so that the tiles below never move. */
export const HIGHLIGHTS_HEIGHT = 'h-24';
/** Height of the home page's progress row (rank, streak, accuracy), the same loading and loaded. */
export const PROGRESS_HEIGHT = 'h-20';
