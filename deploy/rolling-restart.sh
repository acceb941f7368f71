#!/usr/bin/env bash
# Restarts Quiz Arena instances one after the other without failing a call (docs/deploy.md,
# "Rolling restart"): each drains on SIGTERM, comes back, answers /readyz, and the next waits
# until nginx has taken the restarted one back (its fail_timeout, 2 s in deploy/nginx/quiz-arena.conf).
#   deploy/rolling-restart.sh 3001 3002
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: $0 <port> [<port>…]   (systemd units quiz-arena@<port>)" >&2; exit 2; }
for port in "$@"; do
  echo "restarting quiz-arena@$port"
  systemctl restart "quiz-arena@$port"
  for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
    sleep 0.5
  done
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "quiz-arena@$port is not ready: stopping here" >&2; exit 1; }
  sleep 3
done
echo "done"
