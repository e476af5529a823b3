#!/bin/bash
# After compose_smoke.sh (the shared smoke test of compose.yaml, whose podman-compose and
# stand-in postgres:15 image this reuses): run compose.yaml as it is, under a project of
# its own, and check what that script does not: the one web address in front of both
# shard processes. `parlour web` answers /healthz ready on the published port and passes
# its healthcheck, holds no shard, answers an unknown key as no table; no Parlour service
# exited because PostgreSQL did not listen yet (each waits, PARLOUR_DB_WAIT_S); the
# three share one web secret, made on the first start, which no log shows.
#   bash .ci/compose_web.sh          (prints PASS/FAIL lines and "N failure(s)")
set -eu
PROJECT=$(cd "$(dirname "$0")/.." && pwd); W=${WORK:-${TMPDIR:-/tmp}/parlour-image}
export CONTAINERS_CONF="$W/containers.conf" DISCORD_TOKEN=not-a-real-token
export PARLOUR_WEB_HOST_PORT=${PARLOUR_WEB_HOST_PORT:-18080}
BUILD="--network host -v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro"
[ -x "$W/venv/bin/podman-compose" ] || { echo "run compose_smoke.sh first" >&2; exit 2; }
cd "$PROJECT"; P=parlour-web; PC="$W/venv/bin/podman-compose -p $P"; fails=0
ok() { echo "PASS $1"; }; bad() { echo "FAIL $1"; fails=$((fails + 1)); }
base="http://127.0.0.1:$PARLOUR_WEB_HOST_PORT"
$PC --podman-build-args "$BUILD" up -d --build
for i in $(seq 60); do [ "$(curl -s "$base/healthz" || true)" = ready ] && break; sleep 2; done
[ "$(curl -s "$base/healthz")" = ready ] && ok "parlour web answers /healthz ready on port $PARLOUR_WEB_HOST_PORT" \
  || bad "web /healthz: $(curl -s "$base/healthz" || echo no answer)"
podman healthcheck run "${P}_web_1" && ok "the web service's healthcheck" || bad "web healthcheck"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/t/no-such-key")" = 404 ] \
  && [ "$(curl -s "$base/t/no-such-key")" = "There is no table at this address." ] \
  && ok "an unknown key is answered as no table" || bad "unknown key"
curl -s "$base/metrics" | grep -qx 'parlour_shards_held 0' && ok "the web holds no shard" || bad "metrics"
for s in 0 1; do n=0; for i in $(seq 60); do
  podman logs "${P}_shard-${s}_1" 2>&1 | grep -q "holding shards \[$s\] of 2" && n=1 && break; sleep 2; done
  [ $n = 1 ] && ok "shard-$s claimed shard $s" || bad "shard-$s never claimed"; done
logs=$(for c in web_1 shard-0_1 shard-1_1; do podman logs "${P}_$c" 2>&1; done)
echo "$logs" | grep -q "^parlour: PostgreSQL at" && bad "a process exited before PostgreSQL listened" \
  || ok "no process exited for want of PostgreSQL ($(echo "$logs" | grep -c 'waiting up to') waited for it)"
volume=$(podman volume inspect "${P}_parlour-secret" --format '{{.Mountpoint}}')
secret=$(cat "$volume/web-secret")
[ "${#secret}" -ge 32 ] && [ "$(stat -c '%u %a' "$volume/web-secret")" = "10001 600" ] \
  && ok "one web secret made for all three, owned by 10001, mode 600" || bad "the secret file"
echo "$logs" | grep -qF "$secret" && bad "a log shows the web secret" || ok "no log shows the web secret"
anon=$(for c in $(podman ps -a -q --filter label=io.podman.compose.project=$P); do
  podman inspect "$c" --format '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}'; done)
echo "$logs" | grep -m1 "waiting up to" || true
$PC down -v; for v in $anon; do podman volume rm -f "$v" >/dev/null 2>&1 || true; done
echo "$fails failure(s)"; [ $fails = 0 ]
