#!/usr/bin/env python3
"""Builds packs from noisy-track corpus tracks and validates them: the guidance rules of
`trailpack validate` (docs/VALIDATION.md, *Guidance means what the line does*) measured on the
builder's own cues. Prints each guidance figure's extremes and every problem; exits 1 on any.

    swift build --build-tests && swift build -c release --product trailpack
    scripts/guidance_corpus.py [--first-seed 1] [--count 64] [--work /tmp/guidance-corpus]

The tracks come from the opt-in test `CorpusGPXExport` (recordings and truth lines on the White
Mountains; data/gpx's hikes lie outside that DEM and are left out). Five regions are built from
them: recordings with the trails (snapped), with `snap: false` (matched beside the trails) and
without trails (turn cues only), and the truth lines drawn, with and without trails.
"""
import argparse
import collections
import glob
import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(REPO, ".build/release/trailpack")


def recipe(region, files, trails, extra, pois):
    routes = "\n".join(
        '    { id: "%s", name: "%s", track: { file: "%s"%s } },' % (os.path.basename(f)[:-4], os.path.basename(f)[:-4], f, extra)
        for f in files)
    trail_line = 'trails: ["%s/data/white-mountains/wmnf-pliney.geojson"],' % REPO if trails else ""
    return """{
  id: "%s", name: "%s",
  attribution: ["SRTM (public domain)", "OpenStreetMap contributors"],
  bbox: [-71.50, 44.40, -71.22, 44.66],
  dem: ["%s/data/white-mountains/N44W072.hgt"],
  %s
  trailNames: { "Killkenny Ridge Trail": "Kilkenny Ridge Trail" },
  %s
  terrain: { resolutionM: 30 },
  routes: [
%s
  ],
}
""" % (region, region, REPO, trail_line, pois, routes)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=64)
    parser.add_argument("--work", default="/tmp/guidance-corpus")
    args = parser.parse_args()
    gpx_dir, recipes_dir, packs = (os.path.join(args.work, d) for d in ("gpx", "recipes", "packs"))
    env = dict(os.environ, TRAILPACK_CORPUS_GPX_DIR=gpx_dir, TRAILPACK_CORPUS_FIRST_SEED=str(args.first_seed),
               TRAILPACK_CORPUS_COUNT=str(args.count))
    subprocess.run(["swift", "test", "--skip-build", "--filter", "CorpusGPXExport"], cwd=REPO, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    os.makedirs(recipes_dir, exist_ok=True)
    demo = open(os.path.join(REPO, "Recipes/pliny-kilkenny.json5")).read()
    start = demo.index("pois: [")
    pois = demo[start:demo.index("],", start) + 2]
    rec = sorted(glob.glob(gpx_dir + "/rec-*.gpx"))
    truth = sorted(glob.glob(gpx_dir + "/truth-*.gpx"))
    regions = [("rec", rec, True, ""), ("rec-nosnap", rec, True, ", snap: false"), ("rec-notrails", rec, False, ""),
               ("truth", truth, True, ", drawn: true"), ("truth-notrails", truth, False, ", drawn: true")]
    paths = []
    for region, files, trails, extra in regions:
        path = os.path.join(recipes_dir, region + ".json5")
        with open(path, "w") as f:
            f.write(recipe("c-" + region, files, trails, extra, pois))
        paths.append(path)
    subprocess.run([BINARY, "build"] + paths + ["--out", packs], check=True, stdout=subprocess.DEVNULL)
    report = json.loads(subprocess.run([BINARY, "validate", "--json", packs], capture_output=True, text=True).stdout)
    figures = collections.defaultdict(list)
    for f in report["figures"]:
        if f["rule"].startswith("route.waypoint."):
            figures[(f["rule"], f["name"])].append((f["value"], f["file"]))
    for (rule, name), values in sorted(figures.items()):
        values.sort()
        print("%-30s %-26s n=%4d  min %8.2f  max %8.2f (%s)" % (rule, name, len(values), values[0][0], values[-1][0], values[-1][1]))
    problems = [p for p in report["problems"] if p["severity"] != "note"]
    for p in problems:
        print("%s %s %s: expected %s, found %s" % (p["rule"], p["file"], p.get("path", ""), p["expected"], p["found"]))
    print("%d routes, %d problems" % (len(glob.glob(packs + "/regions/*/routes/*.json")), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
