/**
 * What the player's socket (docs/rooms.md, "The socket") is for, shared by the server that answers
 * it and the browser that decides which calls to send there: the battle's room calls. Anything
 * else (uploads, operators' calls, the rest of the game) stays an HTTP call.
 */
export const SOCKET_PATH = '/api/socket';

export const SOCKET_CALLS: ReadonlySet<string> = new Set([
  'find_random_match',
  'play_with_bot',
  'create_room',
  'join_room',
  'set_room_ready',
  'start_room',
  'submit_room_answer',
  'leave_room',
  'delete_room',
  'send_room_message',
  'get_room',
]);

/** Close codes of the socket: the token is unknown or revoked (sign in again). */
export const SOCKET_CLOSE_UNAUTHORISED = 4401;
/** A message broke the protocol. */
export const SOCKET_CLOSE_PROTOCOL = 4400;
/** No hello in time. */
export const SOCKET_CLOSE_NO_HELLO = 4408;
/** The server restarts: connect again at once (the WebSocket "service restart" code). */
export const SOCKET_CLOSE_RESTART = 1012;
