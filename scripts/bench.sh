#!/usr/bin/env bash
# `make bench`: trailpack's terrain build against the GDAL command-line tools chained for the
# same products, on 1x, 4x and 16x the area (cost per million cells must stay flat), trailpack's
# own single contour pass beside its level-split passes, `validate --dem` of each case's pack
# against its DEMs (at most 5x its build; its peak RSS, like the build's, at most `trailpack
# plan`'s estimate for the case, else the run fails), `validate` and `preview` on the largest
# pack, `validate` on a 42,000- and a 168,000-vertex route (bench/results-long-route.json),
# `validate` on 40,000- and 160,000-vertex routes broken in every way a route file can be
# (bench/results-malformed-routes.json), the track cleaner on 0.5 and 2 million-point
# recordings of four shapes (bench/results-cleaner.json), and route processing on a
# 1-million-point track. The run fails (exit 1, after writing everything) when validate on a
# broken route or the cleaner grows more than 5 times for 4 times the input, or validate takes
# 10 s or more on 160,000 vertices. Writes bench/results.json (full run) and
# the speed table of README.md from it (scripts/bench_report.py). Then a big region
# (scripts/bench_tiles.sh): the whole N44W072 tile with its vector tiles against the GDAL chain
# plus tippecanoe (bench/results-tiles.json).
#
# Environment: BENCH_RUNS (runs per tool and case, default 3), BENCH_CASES (subset of
# "area-1x area-4x area-16x tile-10m", or "none"; default the first three, a subset is a partial run),
# BENCH_TILES (0 skips the big-region section; it needs .venv, made by `make venv`),
# BENCH_ROUTES (0 skips route processing), BENCH_MALFORMED (0 skips validate on broken routes),
# BENCH_CLEANER (0 skips the cleaner's section), BENCH_ONE_PASS_RUNS (runs that also time the single
# contour pass, default 1), BENCH_RESULTS (output; default bench/results.json for
# a full run, bench/work/results-partial.json for a partial one), BENCH_SCRATCH (swift build
# scratch path, default .build), TRAILPACK (binary, default <scratch>/release/trailpack).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
runs=${BENCH_RUNS:-3}
all_cases="area-1x area-4x area-16x"
cases=${BENCH_CASES:-$all_cases}
[ "$cases" = none ] && cases=""
scratch=${BENCH_SCRATCH:-.build}
work=$repo/bench/work
full=0
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
[ "$cases" = "$all_cases" ] && [ "${BENCH_ROUTES:-1}" != 0 ] && full=1
if [ "$full" = 1 ]; then results=${BENCH_RESULTS:-$repo/bench/results.json}; else results=${BENCH_RESULTS:-$work/results-partial.json}; fi

# Measurement tools: GNU time (peak RSS) and gdal_fillnodata.py (python3-gdal).
need=()
[ -x /usr/bin/time ] || need+=(time)
command -v gdal_fillnodata.py >/dev/null || need+=(python3-gdal)
command -v gdalwarp >/dev/null || need+=(gdal-bin)
if [ ${#need[@]} -gt 0 ]; then
  echo "bench: installing ${need[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}" \
    || { $sudo apt-get update && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"; }
fi
fillnodata=$(command -v gdal_fillnodata.py || command -v gdal_fillnodata || true)
[ -n "$fillnodata" ] || { echo "bench: neither gdal_fillnodata.py nor gdal_fillnodata is available" >&2; exit 1; }

swift build --scratch-path "$scratch" -c release --product trailpack
swift build --scratch-path "$scratch" -c release --product trailpack-bench
trailpack=${TRAILPACK:-$scratch/release/trailpack}
bench=$scratch/release/trailpack-bench

mkdir -p "$work/input" "$work/recipes"
export GDAL_PAM_ENABLED=NO
records=$work/records.jsonl
: >"$records"

# --- Inputs: the White Mountains tile at 1 arc-second, and a 2x2 mosaic of it and its mirror images. ---
tile=$repo/data/white-mountains/N44W072.hgt
one=$work/input/N44W072-1s.tif
if [ ! -s "$one" ]; then
  echo "bench: resampling $tile to 1 arc-second (3601x3601, cubic spline)"
  gdalwarp -q -overwrite -r cubicspline -ts 3601 3601 -ot Int16 -co TILED=YES "$tile" "$one.tmp.tif"
  mv "$one.tmp.tif" "$one"
fi
# A 2x2 mosaic of 4 DEM sources of one recipe, cut from one continuous surface (the tile and its
# mirror images, scripts/bench_mosaic.py): the tiles overlap by 3 pixels, which hold the same
# values in both, as a provider's neighbouring tiles do. (Shifted copies of the tile put its east
# and west edges on the same ground, a cliff of up to 880 m no real mosaic has.) Debian's
# python3-gdal is /usr/bin/python3's.
mosaic=()
for d in 00 10 01 11; do mosaic+=("$work/input/mirror-$d.tif"); done
if [ ! -s "${mosaic[3]}" ]; then
  /usr/bin/python3 scripts/bench_mosaic.py "$one" "$work/input/mirror"
fi

interval=20
# case -> "bbox resolution sources..." (1x: a quarter of the tile; 4x: the tile; 16x: 2x2 tiles)
declare -A spec
spec[area-1x]="-71.999,44.001,-71.500,44.500 30 $one"
spec[area-4x]="-71.999,44.001,-71.001,44.999 30 $one"
spec[area-16x]="-71.999,44.001,-70.003,45.997 30 ${mosaic[*]}"
spec[tile-10m]="-71.999,44.001,-71.001,44.999 10 $one"

# Appends one JSON record to $records: case, tool, run, seconds, CPU seconds, peak RSS and, for
# trailpack, its own per-stage wall and CPU seconds (from --json).
record() {
  local c=$1 tool=$2 run=$3 timefile=$4 json=${5:-}
  python3 - "$c" "$tool" "$run" "$timefile" "$json" >>"$records" <<'PY'
import json, sys
c, tool, run, timefile, summary = sys.argv[1:]
e, u, s, m = open(timefile).read().split()
r = {"case": c, "tool": tool, "run": int(run), "seconds": float(e), "cpuSeconds": round(float(u) + float(s), 2), "peakRSSKB": int(m)}
if summary:
    d = json.load(open(summary))[0]
    r["stageSeconds"] = d["secondsPerStage"]
    r["stageCPUSeconds"] = d.get("cpuSecondsPerStage", {})
print(json.dumps(r, sort_keys=True))
PY
}

largest_pack=""
: >"$work/cases.$$"
for c in $cases; do
  [ -n "${spec[$c]:-}" ] || { echo "bench: unknown case $c (cases: ${!spec[*]})" >&2; exit 2; }
  read -r bbox res srcs <<<"${spec[$c]}"
  IFS=, read -r w s e n <<<"$bbox"
  eval "$("$bench" grid --bbox "$bbox" --resolution "$res")"   # TE TS SCALE CELLS
  recipe=$work/recipes/bench-$c.json5
  dem_json=$(for f in $srcs; do printf '"%s", ' "$f"; done)
  cat >"$recipe" <<JSON
{
  id: "bench-$c", name: "bench $c", attribution: ["SRTM (public domain), resampled for benchmarking"],
  bbox: [$w, $s, $e, $n], dem: [$dem_json],
  terrain: { resolutionM: $res, contourIntervalM: $interval },
  // The GDAL chain writes contours.geojson: so does trailpack here (the tiles are timed against
  // tippecanoe in the big-region section, scripts/bench_tiles.sh).
  map: { vectorTilesAboveMB: 10000 },
  sizeBudgetMB: 100000,
}
JSON
  tp_out=$work/out-trailpack-$c; gd_out=$work/out-gdal-$c
  chain=$work/chain-$c.sh
  cat >"$chain" <<SH
set -e
mkdir -p "$gd_out"; cd "$gd_out"; rm -f grid.tif filled.tif terrain.bin hillshade.png contours.geojson
gdalwarp -q -overwrite -t_srs EPSG:3857 -te $TE -ts $TS -r cubicspline -ot Float32 -dstnodata -32768 \
  -multi -wo NUM_THREADS=ALL_CPUS $srcs grid.tif
$fillnodata -q grid.tif filled.tif
gdal_translate -q -ot Int16 -of ENVI filled.tif terrain.bin
gdaldem hillshade -q -compute_edges -alg Horn -z 1 -s $SCALE -az 315 -alt 45 -of PNG filled.tif hillshade.png
gdal_contour -q -i $interval -a ele -f GeoJSON filled.tif contours.geojson
SH
  # The memory the build may peak at, as `trailpack plan` estimates it (the figure Slurm's --mem trusts).
  estimate=$("$trailpack" plan "$recipe" --json | python3 -c 'import json, sys; print(int(json.load(sys.stdin)["recipes"][0]["estimatedPeakBytes"]))')
  printf '{"case": "%s", "grid": [%s], "cells": %d, "resolutionM": %s, "sources": %d, "bbox": [%s], "planEstimateBytes": %d}\n' \
    "$c" "${TS/ /, }" "$CELLS" "$res" "$(wc -w <<<"$srcs")" "$bbox" "$estimate" >>"$work/cases.$$"
  echo "bench: $c: grid $TS ($CELLS cells, float32 $((CELLS * 4 / 1000000)) MB), $runs runs each, alternating"
  for k in $(seq 1 "$runs"); do
    rm -rf "$tp_out"
    /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$trailpack" build "$recipe" --out "$tp_out" --json >"$work/summary.json"
    record "$c" trailpack "$k" "$work/t" "$work/summary.json"
    tp=$(cat "$work/t")
    one_pass="-"
    if [ "$k" -le "${BENCH_ONE_PASS_RUNS:-1}" ]; then
      rm -rf "$tp_out.1pass"
      TRAILPACK_CONTOUR_PASSES=1 /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$trailpack" build "$recipe" --out "$tp_out.1pass" --json >"$work/summary.json"
      record "$c" trailpack-one-contour-pass "$k" "$work/t" "$work/summary.json"
      one_pass=$(cat "$work/t")
      cmp -s "$tp_out/regions/bench-$c/contours.geojson" "$tp_out.1pass/regions/bench-$c/contours.geojson" \
        || { echo "bench: $c: contours of the split passes differ from one pass" >&2; exit 1; }
      rm -rf "$tp_out.1pass"
    fi
    # validate --dem: every cell, pixel and contour vertex of the pack against its DEMs.
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$trailpack" validate "$tp_out" --quiet --dem $srcs >/dev/null
    record "$c" validate-dem "$k" "$work/t"
    vd=$(cat "$work/t")
    /usr/bin/time -f "%e %U %S %M" -o "$work/t" bash "$chain"
    record "$c" gdal-chain "$k" "$work/t"
    echo "  run $k (s user sys KB): trailpack $tp | one contour pass $one_pass | validate --dem $vd | GDAL chain $(cat "$work/t")"
  done
  rm -rf "$gd_out"
  [ -n "$largest_pack" ] && rm -rf "$(dirname "$(dirname "$largest_pack")")"
  largest_pack=$tp_out/regions/bench-$c
done

if [ -n "$largest_pack" ]; then
  c=$(basename "$largest_pack"); c=${c#bench-}
  echo "bench: validate and preview of the $c pack"
  for k in $(seq 1 "$runs"); do
    /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$trailpack" validate "$(dirname "$(dirname "$largest_pack")")" >/dev/null
    record "$c" validate "$k" "$work/t"
    rm -rf "$work/preview"
    /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$trailpack" preview "$largest_pack" --out "$work/preview" --quiet >/dev/null
    record "$c" preview "$k" "$work/t"
  done
  rm -rf "$(dirname "$(dirname "$largest_pack")")" "$work/preview"
fi

# --- A big region: the whole tile with its vector tiles, against GDAL + tippecanoe. ---
if [ "${BENCH_TILES:-1}" != 0 ]; then
  scripts/bench_tiles.sh "$trailpack" "$runs" "$full"
fi

echo "bench: landmarks in sight (demo region; 20 km track with 100 landmarks), both cores"
landmarks_json=$("$bench" landmarks --runs "$runs")
echo "  $landmarks_json"
# A partial run keeps its figures beside its other results, not over the committed full run's.
if [ "$full" = 1 ]; then landmarks_out=$repo/bench/results-landmarks.json; else landmarks_out=$work/results-landmarks-partial.json; fi
mkdir -p "$(dirname "$landmarks_out")"
echo "$landmarks_json" | python3 -m json.tool >"$landmarks_out"

echo "bench: routing.json on a synthetic 600 km trail grid (size per km; load and query in one process)"
routing_json=$("$bench" routing --runs "$runs")
echo "  $routing_json"
if [ "$full" = 1 ]; then routing_out=$repo/bench/results-routing.json; else routing_out=$work/results-routing-partial.json; fi
echo "$routing_json" | python3 -m json.tool >"$routing_out"

# validate is linear in a route's length (issue 31): the demo region with its mount-cabot route
# laid out and back to 42,000 vertices (a 500 km thru-hike at the 12 m step) and to 4 times
# that (scripts/long_route.py); no GDAL tool does this work, so the figures are trailpack's
# own: seconds, peak RSS and the 4x/1x ratio (about 4 when linear). The packs keep the built
# route's stats, so validate reports those few errors: its exit status is not the measure.
echo "bench: validate on a long route (demo region; 42,000 and 168,000 vertices)"
rm -rf "$work/out-demo"
"$trailpack" build "$repo/Recipes/pliny-kilkenny.json5" --out "$work/out-demo" >/dev/null
: >"$work/records-long-route.jsonl"
for vertices in 42000 168000; do
  python3 scripts/long_route.py "$work/out-demo" "$work/long-route-$vertices" mount-cabot "$vertices" >"$work/long-route.json"
  for k in $(seq 1 "$runs"); do
    /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$trailpack" validate "$work/long-route-$vertices" >/dev/null || true
    python3 - "$work/t" "$work/long-route.json" "$k" >>"$work/records-long-route.jsonl" <<'PY'
import json, sys
e, u, s, m = open(sys.argv[1]).read().split()[-4:]  # after GNU time's "Command exited with non-zero status 1"
route = json.load(open(sys.argv[2]))
print(json.dumps(dict(route, run=int(sys.argv[3]), seconds=float(e), cpuSeconds=round(float(u) + float(s), 2), peakRSSKB=int(m)), sort_keys=True))
PY
    echo "  $(tail -1 "$work/records-long-route.jsonl")"
  done
  rm -rf "$work/long-route-$vertices"
done
if [ "$full" = 1 ]; then long_out=$repo/bench/results-long-route.json; else long_out=$work/results-long-route-partial.json; fi
python3 - "$work/records-long-route.jsonl" >"$long_out" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
best = {}
for r in rows:
    if r["vertices"] not in best or r["seconds"] < best[r["vertices"]]["seconds"]: best[r["vertices"]] = r
small, large = best[min(best)], best[max(best)]
# CPU seconds too: on a shared machine the wall ratio carries the other load.
print(json.dumps({"runs": rows, "best": [small, large], "ratio": round(large["seconds"] / small["seconds"], 2),
                  "cpuRatio": round(large["cpuSeconds"] / small["cpuSeconds"], 2),
                  "verticesRatio": round(large["vertices"] / small["vertices"], 2)}, indent=2, sort_keys=True))
PY
echo "  validate: $(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); a, b = d["best"]; print("%d vertices %.2f s %d MB, %d vertices %.2f s %d MB: ratio %.2f (CPU %.2f) for %gx the vertices" % (a["vertices"], a["seconds"], a["peakRSSKB"] / 1000, b["vertices"], b["seconds"], b["peakRSSKB"] / 1000, d["ratio"], d["cpuRatio"], d["verticesRatio"]))' "$long_out")"

# validate is linear on any input (issue 40): the long route broken in each way a route file can
# be (scripts/broken_route.py: no ele, an empty cum and no waypoints, that written on one line;
# cum short or unordered; ele null; coords of the wrong arity; NaN-like values; waypoints past the
# end; every vertex twice) at 40,000 and 160,000 vertices. Each shape's 4x time must be at most 5
# times its 1x, and 160,000 vertices validate in under 10 s; validate must find the errors (exit 1).
failures=()
if [ "${BENCH_MALFORMED:-1}" != 0 ]; then
  echo "bench: validate on malformed long routes (demo region; 40,000 and 160,000 vertices, every shape)"
  : >"$work/records-malformed.jsonl"
  shapes=$(cd scripts && python3 -c 'import broken_route; print(" ".join(broken_route.SHAPES))')
  for vertices in 40000 160000; do
    python3 scripts/long_route.py "$work/out-demo" "$work/long-base" mount-cabot "$vertices" >/dev/null
    for shape in $shapes; do
      rm -rf "$work/broken"
      cp -r "$work/long-base" "$work/broken"
      python3 scripts/broken_route.py "$work/broken" mount-cabot "$shape" >"$work/broken.json"
      for k in $(seq 1 "$runs"); do
        status=0
        /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$trailpack" validate "$work/broken" >"$work/broken-report.txt" || status=$?
        [ "$status" = 1 ] || failures+=("validate exited $status on the $shape route of $vertices vertices")
        python3 - "$work/t" "$work/broken.json" "$k" "$status" "$work/broken-report.txt" >>"$work/records-malformed.jsonl" <<'PY'
import json, sys
e, u, s, m = open(sys.argv[1]).read().split()[-4:]
route = json.load(open(sys.argv[2]))
lines = sum(1 for _ in open(sys.argv[5]))
print(json.dumps(dict(route, run=int(sys.argv[3]), exit=int(sys.argv[4]), reportLines=lines, seconds=float(e),
                      cpuSeconds=round(float(u) + float(s), 2), peakRSSKB=int(m)), sort_keys=True))
PY
      done
      echo "  $(tail -1 "$work/records-malformed.jsonl")"
    done
    rm -rf "$work/long-base" "$work/broken"
  done
  if [ "$full" = 1 ]; then malformed_out=$repo/bench/results-malformed-routes.json; else malformed_out=$work/results-malformed-routes-partial.json; fi
  python3 scripts/bench_report.py scaling --records "$work/records-malformed.jsonl" --section "validate on malformed routes" \
    --size-key vertices --item vertex --items vertices --max-ratio 5 --max-seconds 10 --out "$malformed_out" || failures+=("validate on malformed routes")
fi
rm -rf "$work/out-demo"

# The cleaner is near-linear whatever the recording's shape (issue 40): seeded recordings
# (SyntheticRecording: a walk, a device left on in one place, a walk criss-crossing itself inside
# 60 m, a walk out and back) of 0.5 and 2 million fixes; each shape's 4x time at most 5 times its 1x.
if [ "${BENCH_CLEANER:-1}" != 0 ]; then
  echo "bench: the track cleaner on 0.5 and 2 million-point recordings (walk, stop, tangle, out-and-back; one thread)"
  : >"$work/records-cleaner.jsonl"
  # The two sizes' runs alternate, so a load that comes and goes weighs on both alike.
  for shape in walk stop tangle out-and-back; do
    for k in $(seq 1 "$runs"); do
      for points in 500000 2000000; do
        "$bench" cleaner --shape "$shape" --points "$points" --runs 1 2>/dev/null >>"$work/records-cleaner.jsonl"
      done
    done
    echo "  $(tail -2 "$work/records-cleaner.jsonl" | tr '\n' ' ')"
  done
  if [ "$full" = 1 ]; then cleaner_out=$repo/bench/results-cleaner.json; else cleaner_out=$work/results-cleaner-partial.json; fi
  python3 scripts/bench_report.py scaling --records "$work/records-cleaner.jsonl" --section "the track cleaner" \
    --size-key points --item point --items points --max-ratio 5 --out "$cleaner_out" || failures+=("the track cleaner")
fi

routes_json=null
if [ "${BENCH_ROUTES:-1}" != 0 ]; then
  echo "bench: route processing (1 million input points, one thread)"
  routes_json=$("$bench" routes --points 1000000 --runs "$runs")
  echo "  $routes_json"
fi

machine=$(python3 - "$trailpack" <<'PY'
import json, os, platform, subprocess, sys
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "unknown")
mem = next(int(l.split()[1]) for l in open("/proc/meminfo") if l.startswith("MemTotal"))
gdal = subprocess.run(["gdal-config", "--version"], capture_output=True, text=True).stdout.strip()
version = subprocess.run([sys.argv[1], "--version"], capture_output=True, text=True).stdout.strip().splitlines()
print(json.dumps({"nproc": os.cpu_count(), "cpu": cpu, "memTotalKB": mem, "gdal": gdal, "uname": " ".join(platform.uname()[0:3:2] + (platform.machine(),)),
                  "trailpack": version[0] if version else ""}))
PY
)
python3 scripts/bench_report.py results --records "$records" --cases "$work/cases.$$" --routes "$routes_json" \
  --machine "$machine" --load-start "$load_start" --load-end "$(cut -d' ' -f1-3 /proc/loadavg)" --out "$results"
rm -f "$work/cases.$$"
echo "bench: wrote $results"
if [ "$full" = 1 ] && [ "$results" = "$repo/bench/results.json" ]; then
  python3 scripts/bench_report.py table --results "$results" --readme README.md
  echo "bench: README.md speed table regenerated"
fi
if [ ${#failures[@]} -gt 0 ]; then
  printf 'bench: FAILED: %s\n' "${failures[@]}" >&2
  exit 1
fi
