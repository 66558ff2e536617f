#!/usr/bin/env bash
# `make extremes`: generated extremes (scripts/extremes.py, seeded) built and validated: every
# case whose `trailpack build` exits 0 must pass `trailpack validate --strict` (against its own
# recipe, as a release check does). A refused build (exit 1 with its message) is recorded as such.
# Records seconds and peak memory against plan's estimate per case in bench/results-extremes.json.
#
# Environment: EXTREMES_FIXES (fixes per recording, default 2000000), EXTREMES_LINES (tiny trail
# lines, default 200000), EXTREMES_ROUTES (routes through vias, default 300), EXTREMES_CASES
# (subset of the case names, default all), TRAILPACK (binary, default .build/release/trailpack).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$repo/bench/work/extremes
trailpack=${TRAILPACK:-$repo/.build/release/trailpack}
[ -n "${TRAILPACK:-}" ] || swift build -c release --product trailpack
mkdir -p "$work"
python3 scripts/extremes.py "$work/inputs" "$repo" --fixes "${EXTREMES_FIXES:-2000000}" \
  --lines "${EXTREMES_LINES:-200000}" --routes "${EXTREMES_ROUTES:-300}"
cases=${EXTREMES_CASES:-"recording-walk recording-stop recording-tangle recording-out-and-back tiny-lines many-routes whole-tile-15m"}
records=$work/records.jsonl
: >"$records"
failed=0
for c in $cases; do
  recipe=$work/inputs/$c.json5
  out=$work/out-$c
  rm -rf "$out"
  # plan exits 1 for a recipe it finds a problem in (the build will refuse it too): no estimate then.
  estimate=$( { "$trailpack" plan "$recipe" --json || true; } | python3 -c 'import json, sys; r = json.load(sys.stdin)["recipes"][0]; print(int(r.get("estimatedPeakBytes", 0)))')
  start=$(date +%s.%N)
  set +e
  /usr/bin/time -f '%M' -o "$work/rss" "$trailpack" build "$recipe" --out "$out" --quiet --log-format plain 2>"$work/build.log" >/dev/null
  status=$?
  set -e
  seconds=$(python3 -c "import sys; print(round($(date +%s.%N) - $start, 1))")
  peak_kb=$(tail -1 "$work/rss")
  verdict="refused"
  if [ "$status" = 0 ]; then
    # Held to what its recipe accepts (--recipes: its ar.resolutionM, budgets and DEMs), as a release check is.
    if "$trailpack" validate "$out" --strict --recipes "$recipe" >"$work/validate.txt" 2>&1; then
      verdict="valid"
    else
      verdict="INVALID"; failed=1
    fi
  fi
  python3 -c 'import json, sys; c, s, t, k, e, v, log = sys.argv[1:]; print(json.dumps({"case": c, "buildStatus": int(s), "seconds": float(t), "peakRSSMiB": round(int(k) / 1024, 1), "planEstimateMiB": round(int(e) / 2**20, 1), "verdict": v, "warnings": [l for l in open(log).read().splitlines() if "warning" in l][:5]}))' \
    "$c" "$status" "$seconds" "$peak_kb" "$estimate" "$verdict" "$work/build.log" >>"$records"
  echo "extremes: $c: build exit $status in ${seconds}s, peak $((peak_kb / 1024)) MiB (plan $((estimate / 1048576)) MiB): $verdict"
  [ "$verdict" = INVALID ] && sed -n 1,20p "$work/validate.txt"
  if [ "$estimate" -gt 0 ] && [ $((peak_kb * 1024)) -gt "$estimate" ]; then echo "extremes: $c peaked over plan's estimate" >&2; failed=1; fi
  rm -rf "$out"
done
python3 -c 'import json, sys; rs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]; json.dump(rs, open(sys.argv[2], "w"), indent=1); print()' "$records" "$repo/bench/results-extremes.json"
exit $failed
