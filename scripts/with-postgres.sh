#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL: a new cluster in a temporary folder,
# listening on a free port of 127.0.0.1 only (its unix socket stays in that folder), with
# one empty database. The command finds it in TEST_DATABASE_URL. Afterwards the server is
# stopped and the folder removed, whether the command passed or not; the script exits
# with the command's status.
#
#   scripts/with-postgres.sh .venv/bin/pytest
#
# Needs Debian's postgresql package (server binaries in /usr/lib/postgresql/<version>/bin).
# PostgreSQL refuses to run as root, so as root the server runs as the postgres user.
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: $0 command [argument ...]" >&2
    exit 2
fi

bindir=$(find /usr/lib/postgresql -path '*/bin/initdb' -printf '%h\n' 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ]; then
    echo "$0: no PostgreSQL server in /usr/lib/postgresql (apt-get install postgresql)" >&2
    exit 1
fi

# In /tmp, which the postgres user can reach (a root-only TMPDIR it could not).
folder=$(mktemp -d /tmp/scorekeeper-postgres.XXXXXX)
server_user=()
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$folder"
    server_user=(runuser -u postgres --)
fi

# A server program, run from the cluster's folder (the caller's may be closed to postgres).
server() {
    local program=$1
    shift
    (cd "$folder" && "${server_user[@]}" "$bindir/$program" "$@")
}

stop_and_remove() {
    if [ -f "$folder/data/postmaster.pid" ]; then
        server pg_ctl stop -D "$folder/data" -m immediate -s || true
    fi
    rm -rf "$folder"
}
trap stop_and_remove EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A password only this run knows, so no other local user can reach the test database.
password=$(od -An -N18 -tx1 /dev/urandom | tr -d ' \n')
(umask 077 && printf '%s\n' "$password" >"$folder/password")
[ ${#server_user[@]} -eq 0 ] || chown postgres: "$folder/password"
server initdb -D "$folder/data" -U scorekeeper --pwfile="$folder/password" \
    --auth-local=scram-sha-256 --auth-host=scram-sha-256 --encoding=UTF8 --no-locale \
    --no-sync >"$folder/initdb.log" 2>&1 || { cat "$folder/initdb.log" >&2; exit 1; }

# A free port: the kernel picks one; PostgreSQL binds it a moment later.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
settings=(
    -c listen_addresses=127.0.0.1 -c "port=$port" -c "unix_socket_directories=$folder"
    -c max_connections=200
    # Nothing here needs to survive a crash of the machine: skip the disk flushes.
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off
)
server pg_ctl start -D "$folder/data" -l "$folder/server.log" -w -s -o "${settings[*]}" \
    || { cat "$folder/server.log" >&2; exit 1; }

PGPASSWORD=$password psql "host=127.0.0.1 port=$port user=scorekeeper dbname=postgres" \
    -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE scorekeeper_test"

export TEST_DATABASE_URL="postgresql+psycopg://scorekeeper:$password@127.0.0.1:$port/scorekeeper_test"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port for: $*"
status=0
"$@" || status=$?
exit "$status"
