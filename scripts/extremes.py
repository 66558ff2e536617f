#!/usr/bin/env python3
"""Seeded generated extremes for `make extremes` (issue 40): inputs and recipes that push the
builder to sizes and shapes real devices and providers produce, so that `scripts/extremes.sh`
can check that whenever `trailpack build` exits 0, `trailpack validate --strict` passes.

  extremes.py OUT_DIR REPO [--fixes N] [--lines N] [--routes N]

Writes into OUT_DIR: recordings (GPX 1.1 with a fix a second) of four shapes the cleaner knows
-- walk (1.4 m steps, a heading that wanders; every recording carries a device's error: a bias
wandering slowly with 3 m standard deviation and 0.8 m of white noise), stop (a device carried
300 fixes in, left on in one place, and carried back out), tangle (a walk held in a 300 m square, crossing itself everywhere),
out-and-back (a walk out and the same ground back with fresh noise) -- a trails file of many
tiny lines (1-15 m, 2-3 vertices), a recipe of many routes through vias over the demo's trails,
a whole-tile recipe at 15 m (about 40 M cells), and one recipe per case (`<case>.json5`).
"""
import argparse
import json
import math
import os
import random
import time

DEM = "data/white-mountains/N44W072.hgt"
TRAILS = "data/white-mountains/wmnf-pliney.geojson"
BOX = (-71.48, 44.41, -71.34, 44.55)  # the demo's trails


def metres(lat):
    return 111320 * math.cos(math.radians(lat)), 110574


def gpx(path, fixes, start=1700000000):
    with open(path, "w") as f:
        f.write('<?xml version="1.0"?>\n<gpx version="1.1" creator="extremes.py" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>walk</name><trkseg>\n')
        for i, (lon, lat) in enumerate(fixes):
            t = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + i))
            f.write(f'<trkpt lat="{lat:.7f}" lon="{lon:.7f}"><time>{t}</time></trkpt>\n')
        f.write("</trkseg></trk></gpx>\n")


def walk(rng, n, start, box=None, step=1.4):
    lon, lat = start
    heading = rng.uniform(0, 2 * math.pi)
    out = []
    for _ in range(n):
        heading += rng.gauss(0, 0.05)
        mx, my = metres(lat)
        nlon, nlat = lon + step * math.sin(heading) / mx, lat + step * math.cos(heading) / my
        if box and not (box[0] < nlon < box[2] and box[1] < nlat < box[3]):
            heading += math.pi / 2 + rng.uniform(0, math.pi)
            continue
        lon, lat = nlon, nlat
        out.append((lon, lat))
    return out


def noisy(rng, line, sigma, kept=0.98, white=0.8):
    """`line` as a device records it: a slowly wandering bias (first-order Gauss-Markov, standard
    deviation `sigma` metres, `kept` of it carried from one fix to the next) plus `white` metres
    of noise per fix (TestSupport's SyntheticRecording does the same)."""
    out = []
    q = sigma * math.sqrt(1 - kept * kept)
    bx, by = rng.gauss(0, sigma), rng.gauss(0, sigma)
    for lon, lat in line:
        bx, by = kept * bx + rng.gauss(0, q), kept * by + rng.gauss(0, q)
        mx, my = metres(lat)
        out.append((lon + (bx + rng.gauss(0, white)) / mx, lat + (by + rng.gauss(0, white)) / my))
    return out


def recordings(rng, n):
    centre = (-71.45, 44.45)
    wide = (-71.95, 44.05, -71.05, 44.95)
    mx, my = metres(centre[1])
    square = (centre[0] - 150 / mx, centre[1] - 150 / my, centre[0] + 150 / mx, centre[1] + 150 / my)
    way = walk(rng, n // 2, centre, wide)
    approach = walk(rng, 300, centre, wide)[::-1]  # a device carried 300 fixes in, left on, carried back out
    return {
        "walk": noisy(rng, walk(rng, n, centre, wide), 3.0),
        "stop": noisy(rng, approach + [centre] * (n - 2 * len(approach)) + approach[::-1], 3.0),
        "tangle": noisy(rng, walk(rng, n, centre, square), 3.0),
        "out-and-back": noisy(rng, way + way[::-1], 3.0),
    }


def tiny_lines(rng, count):
    feats = []
    for i in range(count):
        lon, lat = rng.uniform(BOX[0] + 0.002, BOX[2] - 0.002), rng.uniform(BOX[1] + 0.002, BOX[3] - 0.002)
        heading, length = rng.uniform(0, 2 * math.pi), rng.uniform(1, 15)
        coords = [[round(lon, 7), round(lat, 7)]]
        for _ in range(rng.choice([1, 1, 2])):
            heading += rng.uniform(-0.5, 0.5)
            mx, my = metres(lat)
            lon, lat = lon + length * math.sin(heading) / mx, lat + length * math.cos(heading) / my
            coords.append([round(lon, 7), round(lat, 7)])
        feats.append({"type": "Feature", "properties": {"name": f"t{i % 500}"}, "geometry": {"type": "LineString", "coordinates": coords}})
    return {"type": "FeatureCollection", "features": feats}


def via_points(rng, repo, count):
    doc = json.load(open(os.path.join(repo, TRAILS)))
    # Named trails open to hikers (the network leaves out access=private/no), cut to the region
    # (the build clips trails to it), of the largest group of pieces that share OSM nodes: every
    # pair of vias is joined by some path inside the region.
    pieces, named = [], []
    for f in doc["features"]:
        if f["geometry"]["type"] != "LineString" or f["properties"].get("access") in ("private", "no"):
            continue
        run = []
        for c in list(map(tuple, f["geometry"]["coordinates"])) + [None]:
            if c is not None and BOX[0] < c[0] < BOX[2] and BOX[1] < c[1] < BOX[3]:
                run.append(c)
                continue
            if len(run) >= 2:
                pieces.append(run)
                named.append(bool(f["properties"].get("name")))
            run = []
    parent = list(range(len(pieces)))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    first_piece = {}
    for k, piece in enumerate(pieces):
        for c in piece:
            parent[root(k)] = root(first_piece.setdefault(c, k))
    sizes = {}
    for k, piece in enumerate(pieces):
        sizes[root(k)] = sizes.get(root(k), 0) + len(piece)
    biggest = max(sizes, key=sizes.get)
    points = sorted({c for k, piece in enumerate(pieces) if root(k) == biggest and named[k] for c in piece})
    return [(rng.choice(points), rng.choice(points)) for _ in range(count)]


def recipe(path, rid, body):
    attribution = '["SRTM (public domain)", "Trails: © OpenStreetMap contributors (ODbL 1.0)"]'
    with open(path, "w") as f:
        f.write(f'{{ id: "{rid}", name: "{rid}", attribution: {attribution},\n{body}\n}}\n')


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out")
    p.add_argument("repo")
    p.add_argument("--fixes", type=int, default=2_000_000)
    p.add_argument("--lines", type=int, default=200_000)
    p.add_argument("--routes", type=int, default=300)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(40)
    dem = os.path.join(a.repo, DEM)
    for shape, fixes in recordings(rng, a.fixes).items():
        gpx(os.path.join(a.out, f"{shape}.gpx"), fixes)
        recipe(os.path.join(a.out, f"recording-{shape}.json5"), f"recording-{shape}",
               f'bboxMarginM: 500, dem: ["{dem}"], terrain: {{ resolutionM: 60 }},\n'
               f'routes: [ {{ id: "r", name: "{shape}", track: {{ file: "{a.out}/{shape}.gpx" }} }} ]')
    json.dump(tiny_lines(rng, a.lines), open(os.path.join(a.out, "tiny-lines.geojson"), "w"))
    recipe(os.path.join(a.out, "tiny-lines.json5"), "tiny-lines",
           f'bbox: [{BOX[0]}, {BOX[1]}, {BOX[2]}, {BOX[3]}], dem: ["{dem}"], trails: ["{a.out}/tiny-lines.geojson"],\n'
           f'terrain: {{ resolutionM: 30 }}')
    routes = ",\n".join(f'  {{ id: "v{k}", name: "Route {k}", via: [[{s[0]}, {s[1]}], [{e[0]}, {e[1]}]] }}'
                        for k, (s, e) in enumerate(via_points(rng, a.repo, a.routes)))
    recipe(os.path.join(a.out, "many-routes.json5"), "many-routes",
           f'bbox: [{BOX[0]}, {BOX[1]}, {BOX[2]}, {BOX[3]}], dem: ["{dem}"], trails: ["{os.path.join(a.repo, TRAILS)}"],\n'
           f'terrain: {{ resolutionM: 30 }}, ar: {{ resolutionM: 20 }}, sizeBudgetMB: 100000,\nroutes: [\n{routes}\n]')
    recipe(os.path.join(a.out, "whole-tile-15m.json5"), "whole-tile-15m",
           f'bbox: [-71.999, 44.001, -71.001, 44.999], dem: ["{dem}"], trails: ["{os.path.join(a.repo, TRAILS)}"],\n'
           f'terrain: {{ resolutionM: 15 }}, sizeBudgetMB: 100000')


if __name__ == "__main__":
    main()
