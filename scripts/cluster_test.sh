#!/usr/bin/env bash
# make cluster-test: docs/CLUSTER.md's blocks, extracted from the doc and run as written.
#  - Slurm: a one-node Slurm (slurm-wlm and munge from Debian, installed when missing) under a
#    temporary folder; the doc's submit-regions.sh over 7 small recipes with MaxArraySize=4 (two
#    arrays), one task requeued mid-build; then the pack root must equal, byte for byte, a serial
#    build plus `trailpack catalog`, and pass `trailpack validate --strict`; the catalog job alone
#    must wait behind a task still queued, and refuse to publish over a region without its marker or one that no longer validates; a
#    run with a stub in front of trailpack checks that exit 75 is retried and exit 1 is not; and
#    submit-regions.sh must submit nothing for a recipe with a problem or not named <id>.json5.
#  - Kubernetes: the YAML against the API schemas of 1.29 and 1.37 (kubernetes-validate, pinned in
#    scripts/requirements-cluster.txt, in .build/cluster-venv) and scripts/cluster_doc.py's
#    cross-field rules; run-k8s.sh against a stub kubectl.
# Uses TRAILPACK_DIST (a make dist tarball; default the newest dist/trailpack-*.tar.gz) so the
# shipped binary is what runs. Every daemon is stopped by pid when the script ends, however.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trailpack-cluster.XXXXXX")
pids=()
cleanup() {
  local status=$?
  if [ -n "${SLURM_CONF:-}" ]; then   # our own controller's jobs only, then its daemons
    squeue -h -o %i 2>/dev/null | xargs -r scancel 2>/dev/null || true
    sleep 1
  fi
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  if [ "$status" -ne 0 ]; then
    echo "cluster-test FAILED (exit $status); daemon logs:" >&2
    tail -n 20 "$tmp"/state/*.log >&2 2>/dev/null || true
  fi
  [ -n "${TRAILPACK_KEEP_SCRATCH:-}" ] && echo "kept $tmp" >&2 || rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
fail() { echo "cluster-test: $*" >&2; exit 1; }
step() { echo "== $(date -u +%T) $*"; }

step "Debian packages"
missing=()
for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}" > "$tmp/apt.log" 2>&1 \
    || { $sudo apt-get update > /dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"; }
fi

step "trailpack from the dist tarball"
dist=${TRAILPACK_DIST:-$(ls -t "$repo"/dist/trailpack-*.tar.gz 2>/dev/null | head -1)}
[ -f "$dist" ] || fail "no dist tarball: run make dist (or set TRAILPACK_DIST)"
tar -xzf "$dist" -C "$tmp"
export PATH="$tmp/trailpack/bin:$PATH"
trailpack --version

step "docs/CLUSTER.md's blocks"
python3 "$repo/scripts/cluster_doc.py" extract "$repo/docs/CLUSTER.md" "$tmp/doc"

step "Kubernetes: schemas and cross-field rules"
venv="$repo/.build/cluster-venv"
if ! cmp -s "$repo/scripts/requirements-cluster.txt" "$venv/requirements.txt" 2>/dev/null; then
  python3 -m venv --clear "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$repo/scripts/requirements-cluster.txt"
  cp "$repo/scripts/requirements-cluster.txt" "$venv/requirements.txt"
fi
for version in 1.29.0 1.37.0; do
  "$venv/bin/kubernetes-validate" --quiet --strict -k "$version" "$tmp"/doc/*.yaml
done
"$venv/bin/python" "$repo/scripts/cluster_doc.py" check-k8s "$tmp/doc"

# Eight recipes in $tmp/recipes: the two bundled ones (data paths made absolute), five small boxes
# of the White Mountains tile (a second each) and a quarter of it (a few seconds: the one requeued).
make_recipes() {
  local dem="$repo/data/white-mountains/N44W072.hgt" trails="$repo/data/white-mountains/wmnf-pliney.geojson"
  mkdir -p "$tmp/recipes"
  for id in pliny-kilkenny jacksboro; do
    sed "s#\"\.\./data/#\"$repo/data/#g" "$repo/Recipes/$id.json5" > "$tmp/recipes/$id.json5"
  done
  box() { echo "{ id: \"$1\", name: \"$1\", attribution: [\"SRTM (public domain)\"], bbox: [$2], dem: [\"$dem\"], $3 }" > "$tmp/recipes/$1.json5"; }
  box cabot-north "-71.44, 44.50, -71.38, 44.55" "trails: [\"$trails\"], pois: [{ name: \"Mount Cabot\", kind: \"summit\", lon: -71.4141, lat: 44.5059 }],"
  box presidential-west "-71.60, 44.20, -71.52, 44.26" ""
  box nash-stream "-71.50, 44.70, -71.42, 44.76" "terrain: { resolutionM: 60, contourIntervalM: 25 },"
  box waumbek "-71.45, 44.41, -71.39, 44.45" "terrain: { resolutionM: 45 },"
  box pond-north "-71.40, 44.52, -71.35, 44.56" ""
  box west-quarter "-71.95, 44.05, -71.50, 44.50" "terrain: { resolutionM: 30 },"
}

# A one-node Slurm under $tmp/state: munged on its own socket and key, slurmctld and slurmd in the
# foreground (their pids in $pids), MaxArraySize=4 so the doc's chunking is exercised.
start_slurm() {
  local s="$tmp/state" host port
  host=$(hostname -s)
  mkdir -p "$s/ctld" "$s/spool" "$s/munge"
  chmod 711 "$s/munge"
  dd if=/dev/urandom of="$s/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$s/munge/munge.key"
  munged --foreground --force --socket="$s/munge/munge.sock" --key-file="$s/munge/munge.key" \
    --pid-file="$s/munge/munged.pid" --log-file="$s/munged.log" --seed-file="$s/munge/seed" > "$s/munged.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do [ -S "$s/munge/munge.sock" ] && break; sleep 0.1; done
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("", 0)); print(s.getsockname()[1])')
  cat > "$s/slurm.conf" <<CONF
ClusterName=trailpacktest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$s/munge/munge.sock
StateSaveLocation=$s/ctld
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/slurmctld.log
SlurmdLogFile=$s/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
MpiDefault=none
ReturnToService=2
MaxArraySize=4
KillWait=5
MinJobAge=3600
$(slurmd -C | head -1) NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$s/slurm.conf"
  slurmctld -D -f "$SLURM_CONF" > "$s/slurmctld.out" 2>&1 &
  pids+=($!)
  slurmd -D -f "$SLURM_CONF" > "$s/slurmd.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && return 0; sleep 0.3; done
  fail "the one-node Slurm did not come up (see $s/*.log)"
}

# The state of one job or array task, as scontrol tells it (empty when unknown).
job_state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1; }

# Waits (at most $2 s) until job $1 has ended; prints its final state.
wait_job() {
  local state
  for _ in $(seq $(($2 * 2))); do
    state=$(job_state "$1")
    case "$state" in COMPLETED|FAILED|CANCELLED|TIMEOUT|OUT_OF_MEMORY|NODE_FAIL) echo "$state"; return 0 ;; esac
    sleep 0.5
  done
  fail "job $1 still $state after $2 s"
}

# Requeues the array task that builds $1 once its build has started (its staging folder exists),
# and lets it start again 3 s later (a requeued job is otherwise held back two minutes).
requeue_mid_build() {
  local id=$1 line index array task
  line=$(grep -n "/$id.json5\$" "$run/regions.txt" | cut -d: -f1)
  index=$(( (line - 1) % 4 )); array=$(sed -n "$(( (line - 1) / 4 + 1 ))p" <<< "$arrays")
  task="${array}_$index"
  for _ in $(seq 1200); do
    if [ "$(job_state "$task")" = RUNNING ] && compgen -G "$packs/regions/.$id.tmp-*" > /dev/null; then
      scontrol requeue "$task"
      echo "requeued task $task ($id) mid-build"
      for _ in $(seq 20); do [ "$(job_state "$task")" = PENDING ] && break; sleep 0.2; done
      # A restart in the same second as the kill is refused (its credential counts as revoked).
      scontrol update JobId="$task" StartTime=now+3
      return 0
    fi
    sleep 0.05
  done
  fail "task $task ($id) never seen building"
}

# The doc's submit-regions.sh over $tmp/recipes into $packs, the quarter-tile task requeued
# mid-build; waits for the catalog job, which must complete.
run_slurm_doc() {
  (cd "$tmp/doc" && PACKS="$packs" RECIPES="$tmp/recipes/*.json5" RUN="$run" ./submit-regions.sh)
  arrays=$(squeue -h -t all -n trailpack-regions -o %F | sort -un)
  [ "$(wc -l <<< "$arrays")" -eq 2 ] || fail "expected 2 arrays (8 regions, MaxArraySize 4), got: $arrays"
  requeue_mid_build west-quarter
  wait_catalog
  [ "$catalog_state" = COMPLETED ] || fail "catalog job $catalog: $catalog_state: $(cat "$run"/logs/trailpack-catalog-*.out)"
}

# Waits for the newest catalog job, and for the one it queues when it finds a task still to run;
# sets catalog (its id) and catalog_state.
wait_catalog() {
  local next
  catalog=$(squeue -h -t all -n trailpack-catalog -o %i | sort -n | tail -1)
  while :; do
    catalog_state=$(wait_job "$catalog" 600)
    next=$(squeue -h -t all -n trailpack-catalog -o %i | sort -n | tail -1)
    [ "$next" != "$catalog" ] || return 0
    echo "catalog job $catalog queued catalog job $next behind a task still to run"
    catalog=$next
  done
}

# What the run must have left: one marker per region, both attempts of the requeued task logged
# apart, and a pack root equal to a serial build's, byte for byte, that validates strictly.
check_slurm_run() {
  local ids id out
  ids=$(for f in "$tmp"/recipes/*.json5; do basename "$f" .json5; done)
  for id in $ids; do [ -e "$run/done/$id" ] || fail "no marker for $id"; done
  [ -e "$run/logs/west-quarter.0.1.log" ] || fail "no log of attempt 0"
  [ -e "$run/logs/west-quarter.1.1.log" ] || fail "no log of attempt 1 (requeue): $(ls "$run/logs")"
  out=$(grep -l "== west-quarter:" "$run"/logs/trailpack-regions-*.out)
  [ "$(grep -c "== west-quarter: attempt" "$out")" -eq 2 ] || fail "$out: not both attempts: $(cat "$out")"
  grep -q "DUE TO JOB REQUEUE" "$out" || fail "$out: the requeue did not stop a running task"
  compgen -G "$run/glyph-cache/*.pbf" > /dev/null || fail "the regions kept no glyph range in $run/glyph-cache"
  TRAILPACK_GLYPH_CACHE= trailpack build "$tmp"/recipes/*.json5 --out "$tmp/serial" --no-catalog --quiet > /dev/null
  trailpack catalog "$tmp/serial" --quiet
  diff -r "$tmp/serial" "$packs" || fail "the Slurm-built pack root (one glyph cache) differs from the serial build (none)"
  trailpack validate "$packs" --strict
  echo "pack root equals the serial build: $(find "$packs" -type f | wc -l) files, $(du -sh "$packs" | cut -f1)"
}

# The doc's catalog job alone while a task of its arrays is still queued (a held job stands in
# for it): it must queue itself again behind that task and publish once it has ended, a killed
# build's leftover staging folder notwithstanding.
check_catalog_waits() {
  local held first leftover="$packs/regions/.cabot-north.tmp-elsewhere-4242"
  mkdir "$leftover"   # another host's killed build: not copied into the staging copy
  held=$(sbatch --parsable --hold --job-name=held-task --output=/dev/null --wrap=true)
  first=$(cd "$run" && RUN="$run" PACKS="$packs" sbatch --parsable --export="ALL,ARRAYS=$held" "$tmp/doc/trailpack-catalog.sbatch")
  [ "$(wait_job "$first" 120)" = COMPLETED ] || fail "catalog job $first did not end cleanly"
  catalog=$(squeue -h -t all -n trailpack-catalog -o %i | sort -n | tail -1)
  [ "$catalog" != "$first" ] && [ "$(job_state "$catalog")" = PENDING ] || fail "catalog job $first did not queue itself again"
  scontrol release "$held"
  [ "$(wait_job "$catalog" 120)" = COMPLETED ] || fail "the catalog job queued again ($catalog) failed"
  cmp "$packs/catalog.json" "$tmp/serial/catalog.json" || fail "catalog.json changed"
  rmdir "$leftover"
  echo "catalog job $first queued $catalog behind held job $held; it published once $held ended (a leftover .tmp folder beside)"
}

# The doc's catalog job alone, when it must not publish: a region without its marker, then a
# region that no longer validates. catalog.json must stay the same file (same inode), no staging
# copy left behind.
check_catalog_refusals() {
  local before job
  before=$(stat -c %i "$packs/catalog.json")
  rm "$run/done/jacksboro"
  job=$(cd "$run" && RUN="$run" PACKS="$packs" sbatch --parsable --export="ALL,ARRAYS=$(paste -sd, <<< "$arrays")" "$tmp/doc/trailpack-catalog.sbatch")
  [ "$(wait_job "$job" 120)" = FAILED ] || fail "catalog job $job published with a region missing"
  grep -q "/jacksboro.json5$" "$run/failed.txt" || fail "failed.txt does not name jacksboro"
  touch "$run/done/jacksboro"
  truncate -s 100 "$packs/regions/cabot-north/terrain.bin"
  job=$(cd "$run" && RUN="$run" PACKS="$packs" sbatch --parsable --export="ALL,ARRAYS=$(paste -sd, <<< "$arrays")" "$tmp/doc/trailpack-catalog.sbatch")
  [ "$(wait_job "$job" 120)" = FAILED ] || fail "catalog job $job published over an invalid region"
  [ "$(stat -c %i "$packs/catalog.json")" = "$before" ] || fail "catalog.json was replaced"
  ! compgen -G "$packs/.catalog-stage-*" > /dev/null || fail "a staging copy was left in $packs"
  echo "catalog job refused to publish: a missing marker, an invalid region"
}

# The doc's scripts with a stub trailpack in front of the real one: region flaky exits 75 (transient)
# on its first try, region broken exits 1 (fix the input) on every try. flaky must be retried and
# built, broken tried once, and the catalog job must refuse, naming broken only.
check_retries() {
  local stub="$tmp/stub" recipes="$tmp/recipes-retry" run2="$tmp/run-retry" packs2="$tmp/packs-retry"
  mkdir -p "$stub" "$recipes"
  sed 's/id: "waumbek", name: "waumbek"/id: "flaky", name: "flaky"/' "$tmp/recipes/waumbek.json5" > "$recipes/flaky.json5"
  sed 's/id: "pond-north", name: "pond-north"/id: "broken", name: "broken"/' "$tmp/recipes/pond-north.json5" > "$recipes/broken.json5"
  cat > "$stub/trailpack" <<STUB
#!/bin/bash
if [ "\$1" = build ]; then
  case "\$2" in
    */flaky.json5) [ -e "$stub/flaky.tried" ] || { touch "$stub/flaky.tried"; echo "[flaky] stub: remote read failed" >&2; exit 75; } ;;
    */broken.json5) echo "[broken] stub: input needs fixing" >&2; echo >> "$stub/broken.tries"; exit 1 ;;
  esac
fi
exec "$(command -v trailpack)" "\$@"
STUB
  chmod +x "$stub/trailpack"
  (cd "$tmp/doc" && PATH="$stub:$PATH" RETRY_WAIT_S=1 PACKS="$packs2" RECIPES="$recipes/*.json5" RUN="$run2" ./submit-regions.sh)
  wait_catalog
  [ "$catalog_state" = FAILED ] || fail "catalog job $catalog: $catalog_state with region broken failing"
  [ -e "$run2/logs/flaky.0.1.log" ] && [ -e "$run2/logs/flaky.0.2.log" ] || fail "flaky not retried: $(ls "$run2/logs")"
  [ -e "$run2/done/flaky" ] || fail "flaky not built on its second try"
  [ "$(wc -l < "$stub/broken.tries")" -eq 1 ] || fail "broken (exit 1) tried $(wc -l < "$stub/broken.tries") times"
  [ "$(cat "$run2/failed.txt")" = "$recipes/broken.json5" ] || fail "failed.txt: $(cat "$run2/failed.txt")"
  [ ! -e "$packs2/catalog.json" ] || fail "a catalog was published with region broken failing"
  echo "exit 75 retried (flaky built on try 2), exit 1 tried once, catalog refused naming broken"
}

# submit-regions.sh must submit nothing when a recipe has a problem (a missing DEM) or is not named
# <id>.json5.
check_submit_refusals() {
  local bad="$tmp/recipes-bad" before
  mkdir -p "$bad"
  sed 's#N44W072.hgt#N00W000.hgt#' "$tmp/recipes/waumbek.json5" > "$bad/waumbek.json5"
  cp "$tmp/recipes/pond-north.json5" "$bad/pond-south.json5"
  before=$(squeue -h -t all -o %i | wc -l)
  for recipe in waumbek pond-south; do
    ! (cd "$tmp/doc" && PACKS="$tmp/packs-bad" RECIPES="$bad/$recipe.json5" RUN="$tmp/run-bad-$recipe" \
      ./submit-regions.sh > "$tmp/submit-bad-$recipe.out" 2>&1) || fail "submitted $recipe.json5"
    echo "refused $recipe.json5: $(tail -1 "$tmp/submit-bad-$recipe.out")"
  done
  [ "$(squeue -h -t all -o %i | wc -l)" -eq "$before" ] || fail "a job was submitted for a refused recipe"
}

# The doc's run-k8s.sh against a stub kubectl (and a sleep that returns at once): the region Job
# failing must leave the catalog Job unapplied (exit 1, naming the failed indexes); the region Job
# completing after a poll must apply the catalog Job after it and wait for it; a failed catalog
# Job must end the script at once with exit 1.
check_k8s_script() {
  local stub="$tmp/kubectl-stub" name regions catalog expected status
  mkdir -p "$stub"
  printf '#!/bin/sh\nexit 0\n' > "$stub/sleep"
  cat > "$stub/kubectl" <<'STUB'
#!/bin/sh
echo "$*" >> "$KUBECTL_CALLS"
case "$*" in
  *failedIndexes*) echo "1" ;;
  get\ job/trailpack-regions*) n=$(grep -c '^get job/trailpack-regions' "$KUBECTL_CALLS")
    [ "$n" -ge 2 ] && echo "$KUBECTL_OUTCOME" ;;
  get\ job/trailpack-catalog*) echo "$KUBECTL_CATALOG" ;;
esac
exit 0
STUB
  chmod +x "$stub/kubectl" "$stub/sleep"
  # name, the region Job's conditions, the catalog Job's, the exit status expected (as 1.31+ sets them)
  while read -r name regions catalog expected; do
    if (cd "$tmp/doc" && PATH="$stub:$PATH" KUBECTL_OUTCOME="${regions/,/ }" KUBECTL_CATALOG="${catalog/,/ }" \
        KUBECTL_CALLS="$tmp/kubectl-$name.calls" timeout 20 sh ./run-k8s.sh > "$tmp/kubectl-$name.out" 2>&1); then
      status=0
    else
      status=$?
    fi
    [ "$status" -eq "$expected" ] || fail "run-k8s.sh, $name: exit $status, not $expected: $(cat "$tmp/kubectl-$name.out")"
  done <<'CASES'
regions-fail FailureTarget,Failed - 1
all-complete SuccessCriteriaMet,Complete SuccessCriteriaMet,Complete 0
catalog-fail SuccessCriteriaMet,Complete FailureTarget,Failed 1
CASES
  ! grep -q "trailpack-catalog" "$tmp/kubectl-regions-fail.calls" || fail "catalog Job applied after the region Job failed"
  grep -q "indexes 1" "$tmp/kubectl-regions-fail.out" || fail "run-k8s.sh did not name the failed indexes"
  grep -q "^apply -f trailpack-catalog.yaml" "$tmp/kubectl-all-complete.calls" || fail "catalog Job not applied after Complete"
  grep -q "^get job/trailpack-catalog" "$tmp/kubectl-all-complete.calls" || fail "no wait for the catalog Job"
  echo "run-k8s.sh: catalog Job applied only after Complete; a Failed region or catalog Job ends it at once"
}

step "Kubernetes: run-k8s.sh with a stub kubectl"
check_k8s_script
step "recipes"
make_recipes
step "one-node Slurm"
start_slurm
packs="$tmp/packs" run="$tmp/run"
step "the doc's Slurm run (8 regions, 2 arrays, one task requeued)"
run_slurm_doc
step "checks against a serial build"
check_slurm_run
step "the catalog job behind a task still queued"
check_catalog_waits
step "the catalog job's refusals"
check_catalog_refusals
step "retries: exit 75 again, exit 1 never (a stub in front of trailpack)"
check_retries
step "submit-regions.sh refuses a recipe with a problem or misnamed"
check_submit_refusals
step "cluster-test passed"
