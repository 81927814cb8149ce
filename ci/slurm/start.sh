#!/usr/bin/env bash
# Starts a one-machine Slurm cluster for tests: munge, slurmctld and slurmd on the loopback, one
# partition of CPUS (default 4) CPUs, every file under STATE (a folder this script makes).
#
#     ci/slurm/start.sh STATE [CPUS]    then   export SLURM_CONF=STATE/slurm.conf
#     ci/slurm/stop.sh STATE
#
# Nothing outside STATE is written or read but the Slurm and munge programs: the key, sockets,
# ports, spool, state and logs are the cluster's own, so two clusters (two test runs) can run
# side by side and a machine's own Slurm, if it has one, is not touched. It waits until the node
# is idle, so a job submitted next starts at once; on failure it stops what it started and
# prints the daemons' logs.
set -euo pipefail

# The daemons must not inherit a descriptor of the caller's beyond the standard three: a
# caller that watches one (Foundation's Process keeps a socket in each child to see it exit)
# would otherwise wait on this script until the daemons stop.
for descriptor in /proc/$$/fd/*; do
  descriptor=${descriptor##*/}
  if [ "$descriptor" -gt 2 ] && [ "$descriptor" -ne 255 ]; then eval "exec $descriptor>&-" 2>/dev/null || true; fi
done

state=${1:?usage: ci/slurm/start.sh STATE [CPUS]}
cpus=${2:-4}
for program in munged slurmctld slurmd sinfo; do
  command -v "$program" >/dev/null || { echo "slurm: $program not found (Debian: slurm-wlm and munge; ci/install-deps.sh installs them)" >&2; exit 1; }
done
mkdir -p "$state"
state=$(cd "$state" && pwd)
mkdir -p "$state/munge" "$state/spool" "$state/save" "$state/log"
chmod 700 "$state/munge"

# Starts a daemon with no signal blocked or ignored. A blocked signal mask and ignored signals
# pass through fork and exec, and a test runner blocks nearly all of them in its threads:
# started from there, slurmctld and slurmd would never see the SIGTERM that stops them.
daemon() {
  python3 -c '
import os, signal, sys
for number in signal.valid_signals():
    try:
        if signal.getsignal(number) == signal.SIG_IGN:
            signal.signal(number, signal.SIG_DFL)
    except (OSError, ValueError):
        pass
signal.pthread_sigmask(signal.SIG_SETMASK, [])
os.execvp(sys.argv[1], sys.argv[1:])
' "$@"
}

fail() {
  echo "slurm: $*" >&2
  for log in "$state"/log/*; do echo "--- $log" >&2; tail -n 20 "$log" >&2 || true; done
  "$(dirname "$0")/stop.sh" "$state" || true
  exit 1
}

# munge wants its key readable by its user alone.
head -c 1024 /dev/urandom > "$state/munge/munge.key"
chmod 400 "$state/munge/munge.key"
# The daemons get none of this script's pipes either: a caller that reads the script's output
# would wait for them to exit. What they say before their logs open goes to log/NAME.out.
daemon munged --force --key-file="$state/munge/munge.key" --socket="$state/munge/socket" \
  --pid-file="$state/munge/munged.pid" --log-file="$state/log/munged.log" --seed-file="$state/munge/seed" \
  </dev/null >"$state/log/munged.out" 2>&1 || fail "munged did not start"

# Two free ports on the loopback, for the controller and the node.
read -r controller_port node_port < <(python3 - <<'PY'
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])
PY
)
node=$(hostname -s)
# The machine's memory, so jobs may ask for some (--mem); only CPUs are scheduled (CR_CPU).
memory=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
cat > "$state/slurm.conf" <<CONF
# A one-machine cluster for splashvid's tests (ci/slurm/start.sh); everything lives in $state.
ClusterName=splashvid-ci
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$controller_port
SlurmdPort=$node_port
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$state/munge/socket
CredType=cred/munge
StateSaveLocation=$state/save
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
PlugStackConfig=$state/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
# Finished jobs stay visible to scontrol for 10 minutes, so a test can read their exit codes.
MinJobAge=600
SchedulerParameters=sched_interval=1
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=ci Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
: > "$state/plugstack.conf"
export SLURM_CONF="$state/slurm.conf"

daemon slurmctld -f "$SLURM_CONF" -c </dev/null >"$state/log/slurmctld.out" 2>&1 || fail "slurmctld did not start"
daemon slurmd -f "$SLURM_CONF" -N "$node" </dev/null >"$state/log/slurmd.out" 2>&1 || fail "slurmd did not start"
for _ in $(seq 100); do
  if [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = "idle" ]; then
    echo "slurm: cluster up in $state ($cpus CPUs on $node); export SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  sleep 0.2
done
fail "the node $node did not become idle within 20 s"
