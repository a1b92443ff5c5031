#!/bin/sh
# A private PostgreSQL server for the league's tests (tests/league/league_pg_test.cpp), from
# Debian's `postgresql` package: its data, its log and its Unix socket in folder DIR, no TCP
# port (listen_addresses empty), trust authentication (only DIR's owner and root can reach
# the socket: DIR is 0700).
#   pg_server.sh start DIR   prints the connection conninfo of database "postgres" on success;
#                            exits 77 when PostgreSQL's binaries are absent
#   pg_server.sh sql DIR DB SQL  runs SQL in database DB (psql, rows unaligned, '|' between fields)
#   pg_server.sh stop DIR    stops the server (immediate: nothing to keep) and removes DIR
# As root (CI), postgres refuses to run: the server runs as the unprivileged user `nobody`.
set -eu
cmd=$1
dir=$2
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
      echo "PostgreSQL's server binaries are absent (/usr/lib/postgresql/*/bin): apt-get install postgresql" >&2
      exit 77
    fi
    mkdir -p "$dir"
    chmod 700 "$dir"
    [ "$(id -u)" -ne 0 ] || chown nobody "$dir"
    # -U arena: the superuser's name, whoever runs the server; --no-sync: a test's data.
    as_owner "$bin/initdb" -D "$dir/data" -U arena --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-k $dir -c listen_addresses= -c fsync=off -c max_connections=50" start >/dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    echo "host=$dir user=arena dbname=postgres"
    ;;
  sql)
    "$bin/psql" "host=$dir user=arena dbname=$3" -X -q -A -t -v ON_ERROR_STOP=1 -c "$4"
    ;;
  stop)
    if [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 60 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
