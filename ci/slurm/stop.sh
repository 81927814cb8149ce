#!/usr/bin/env bash
# Stops the cluster ci/slurm/start.sh started in STATE: its jobs, slurmd, slurmctld and munged,
# each waited for, then removes STATE. Safe to run twice, or on a half-started cluster.
set -uo pipefail

state=${1:?usage: ci/slurm/stop.sh STATE}
[ -d "$state" ] || exit 0
if [ -f "$state/slurm.conf" ] && [ -f "$state/slurmctld.pid" ]; then
  SLURM_CONF="$state/slurm.conf" scancel --full --quiet --user="$(id -un)" 2>/dev/null || true
fi
# Running: it exists and is not a zombie waiting for its parent (init, for a daemon) to reap it.
alive() { [ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) Z ' "/proc/$1/stat" 2>/dev/null; }
stop() {
  local file=$1
  [ -f "$file" ] || return 0
  local pid
  pid=$(cat "$file" 2>/dev/null) || return 0
  [ -n "$pid" ] && alive "$pid" || return 0
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 100); do
    alive "$pid" || return 0
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null
}
stop "$state/slurmd.pid"
stop "$state/slurmctld.pid"
stop "$state/munge/munged.pid"
rm -rf "$state"
