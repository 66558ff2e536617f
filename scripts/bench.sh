#!/usr/bin/env bash
# `make bench`: trailpack's terrain build against the GDAL command-line tools chained for the
# same products, and route processing on a 1-million-point track. Writes bench/results.json.
#
# Environment: BENCH_RUNS (runs per tool and case, default 3), BENCH_CASES (default
# "tile-30m tile-10m mosaic-30m"), BENCH_SCRATCH (swift build scratch path, default .build),
# TRAILPACK (binary, default <scratch>/release/trailpack).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
runs=${BENCH_RUNS:-3}
cases=${BENCH_CASES:-"tile-30m tile-10m mosaic-30m"}
scratch=${BENCH_SCRATCH:-.build}
work=$repo/bench/work
results=$repo/bench/results.json

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

# --- Inputs: the White Mountains tile at 1 arc-second, and a 2x2 mosaic of shifted copies. ---
tile=$repo/data/white-mountains/N44W072.hgt
one=$work/input/N44W072-1s.tif
if [ ! -s "$one" ]; then
  echo "bench: resampling $tile to 1 arc-second (3601x3601, cubic spline)"
  gdalwarp -q -overwrite -r cubicspline -ts 3601 3601 -ot Int16 -co TILED=YES "$tile" "$one.tmp.tif"
  mv "$one.tmp.tif" "$one"
fi
# Shifted copies by whole degrees (same pixels, new geotransform): 4 DEM sources of one recipe.
read -r ulx uly lrx lry < <(gdalinfo -json "$one" | python3 -c '
import json, sys
c = json.load(sys.stdin)["cornerCoordinates"]
print(c["upperLeft"][0], c["upperLeft"][1], c["lowerRight"][0], c["lowerRight"][1])')
mosaic=()
for d in "0 0" "1 0" "0 1" "1 1"; do
  read -r dx dy <<<"$d"
  out=$work/input/mosaic-${dx}${dy}.tif
  if [ ! -s "$out" ]; then
    # shellcheck disable=SC2046
    gdal_translate -q -co TILED=YES -a_ullr $(awk -v a="$ulx" -v b="$uly" -v c="$lrx" -v d="$lry" -v x="$dx" -v y="$dy" \
      'BEGIN {printf "%.12f %.12f %.12f %.12f", a + x, b + y, c + x, d + y}') "$one" "$out.tmp.tif"
    mv "$out.tmp.tif" "$out"
  fi
  mosaic+=("$out")
done

interval=20
# case -> "bbox resolution sources..."
declare -A spec
spec[tile-30m]="-71.999,44.001,-71.001,44.999 30 $one"
spec[tile-10m]="-71.999,44.001,-71.001,44.999 10 $one"
spec[mosaic-30m]="-71.999,44.001,-70.001,45.999 30 ${mosaic[*]}"

median() { sort -g | awk '{v[NR]=$1} END {if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

# Runs "$@" under GNU time; appends "seconds kilobytes" to the file $1.
timed() {
  local out=$1; shift
  /usr/bin/time -f "%e %M" -o "$out.last" "$@" >/dev/null
  cat "$out.last" >>"$out"
}

json_cases=()
for c in $cases; do
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
  sizeBudgetMB: 100000,
}
JSON
  tp_out=$work/out-trailpack; gd_out=$work/out-gdal-$c
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
  rm -f "$work/$c.trailpack" "$work/$c.gdal"
  echo "bench: $c: grid $TS ($CELLS cells, float32 $((CELLS * 4 / 1000000)) MB), $runs runs each, alternating"
  for k in $(seq 1 "$runs"); do
    rm -rf "$tp_out"
    timed "$work/$c.trailpack" "$trailpack" build "$recipe" --out "$tp_out" --quiet
    timed "$work/$c.gdal" bash "$chain"
    echo "  run $k: trailpack $(cat "$work/$c.trailpack.last")  gdal $(cat "$work/$c.gdal.last")  (s, KB)"
  done
  tp_s=$(cut -d' ' -f1 "$work/$c.trailpack" | median); tp_kb=$(cut -d' ' -f2 "$work/$c.trailpack" | median)
  gd_s=$(cut -d' ' -f1 "$work/$c.gdal" | median); gd_kb=$(cut -d' ' -f2 "$work/$c.gdal" | median)
  budget_mb=$(( CELLS * 4 * 3 / 1000000 + 300 ))
  ratio=$(awk -v a="$tp_s" -v b="$gd_s" 'BEGIN {printf "%.3f", a / b}')
  printf '  %s median: trailpack %.2f s %d MB | GDAL chain %.2f s %d MB | ratio %.2f | RSS budget %d MB\n' \
    "$c" "$tp_s" $((tp_kb / 1000)) "$gd_s" $((gd_kb / 1000)) "$ratio" "$budget_mb"
  json_cases+=("$(printf '{"case": "%s", "grid": [%s], "cells": %d, "resolutionM": %s, "sources": %d, "runs": %d, "trailpack": {"medianSeconds": %s, "medianPeakRSSMB": %d, "seconds": [%s], "peakRSSKB": [%s]}, "gdalChain": {"medianSeconds": %s, "medianPeakRSSMB": %d, "seconds": [%s], "peakRSSKB": [%s]}, "ratioWallTime": %s, "rssBudgetMB": %d}' \
    "$c" "${TS/ /, }" "$CELLS" "$res" "$(wc -w <<<"$srcs")" "$runs" \
    "$tp_s" $((tp_kb / 1000)) "$(cut -d' ' -f1 "$work/$c.trailpack" | paste -sd,)" "$(cut -d' ' -f2 "$work/$c.trailpack" | paste -sd,)" \
    "$gd_s" $((gd_kb / 1000)) "$(cut -d' ' -f1 "$work/$c.gdal" | paste -sd,)" "$(cut -d' ' -f2 "$work/$c.gdal" | paste -sd,)" \
    "$ratio" "$budget_mb")")
  rm -rf "$gd_out" "$tp_out"
done

echo "bench: route processing (1 million input points, one thread)"
routes_json=$("$bench" routes --points 1000000 --runs "$runs")
echo "  $routes_json"

echo "bench: landmarks in sight (demo region; 20 km track with 100 landmarks), both cores"
landmarks_json=$("$bench" landmarks --runs "$runs")
echo "  $landmarks_json"
echo "$landmarks_json" | python3 -m json.tool >"$repo/bench/results-landmarks.json"

{
  printf '{\n  "date": "%s",\n  "machine": {"nproc": %s, "gdal": "%s", "uname": "%s", "memTotalKB": %s},\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc)" "$(gdal-config --version 2>/dev/null || gdalinfo --version | awk '{print $2}' | tr -d ,)" \
    "$(uname -srm)" "$(awk '/MemTotal/ {print $2}' /proc/meminfo)"
  printf '  "trailpack": "%s",\n  "terrain": [\n    %s\n  ],\n  "routes": %s\n}\n' \
    "$("$trailpack" --version 2>/dev/null | head -1)" "$(IFS=$'\n'; echo "${json_cases[*]}" | paste -sd'|' | sed 's/|/,\n    /g')" "$routes_json"
} >"$results"
python3 -m json.tool "$results" >/dev/null && echo "bench: wrote $results"
