/**
 * The one localStorage root key (spec §3). The saved state lives under
 * `persist:quiz-arena`, each persisted slice as a JSON string inside it.
 */
export const PERSIST_ROOT_KEY = 'quiz-arena';
export const PERSIST_STORAGE_KEY = `persist:${PERSIST_ROOT_KEY}`;
