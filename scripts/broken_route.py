#!/usr/bin/env python3
"""Breaks one route file of a pack made by scripts/long_route.py in one of the ways a route file
can be malformed, for timing `trailpack validate` on long broken routes (make bench) and for the
tests of its error paths. The manifest entry's bytes and sha256 follow the new file, so the
shape's own rules are what validate reports. The file stays strict JSON (one shape writes it
on one line).

usage: broken_route.py ROOT ROUTE_ID SHAPE      (prints the shape, the vertices and the bytes)

shapes:
  bare           coords of [lon, lat] (no ele), an empty cum, no waypoints (issue 40)
  cum-short      cum half as long as coords
  cum-unordered  cum with every pair of values swapped (not increasing)
  ele-null       every ele null
  arity          coords alternately [lon] and [lon, lat, ele, 0]
  nan            lon and lat "NaN", "Infinity" or null in turn
  waypoint-range a waypoint every 10 vertices, each past the last vertex
  duplicates     every vertex twice (coords, cum and ele), as many vertices as before
  one-line       bare, written on one line (no line breaks at all)
"""
import glob, hashlib, json, sys

SHAPES = ["bare", "cum-short", "cum-unordered", "ele-null", "arity", "nan", "waypoint-range", "duplicates", "one-line"]


def bare(r):
    r["coords"] = [c[:2] for c in r["coords"]]
    r["cum"] = []
    del r["waypoints"]


def break_route(r, shape):
    n = len(r["coords"])
    if shape in ("bare", "one-line"):
        bare(r)
    elif shape == "cum-short":
        r["cum"] = r["cum"][: n // 2]
    elif shape == "cum-unordered":
        cum = r["cum"]
        for k in range(1, n - 1, 2): cum[k], cum[k + 1] = cum[k + 1], cum[k]
    elif shape == "ele-null":
        r["coords"] = [[c[0], c[1], None] for c in r["coords"]]
    elif shape == "arity":
        r["coords"] = [[c[0]] if k % 2 else c + [0] for k, c in enumerate(r["coords"])]
    elif shape == "nan":
        bad = ["NaN", "Infinity", None]
        r["coords"] = [[bad[k % 3], bad[(k + 1) % 3], c[2]] for k, c in enumerate(r["coords"])]
    elif shape == "waypoint-range":
        extra = [{"i": n + k, "kind": "turn", "dir": "left", "instruction": "Turn left"} for k in range(0, n, 10)]
        r["waypoints"] = r["waypoints"][:1] + extra + r["waypoints"][-1:]
    elif shape == "duplicates":
        half = (n + 1) // 2
        r["coords"] = [c for c in r["coords"][:half] for _ in (0, 1)][:n]
        r["cum"] = [c for c in r["cum"][:half] for _ in (0, 1)][:n]
        r["waypoints"] = [w for w in r["waypoints"] if w["i"] < n]
    else:
        raise SystemExit(f"broken_route.py: unknown shape {shape} (shapes: {', '.join(SHAPES)})")


def main():
    root, route_id, shape = sys.argv[1], sys.argv[2], sys.argv[3]
    region = sorted(glob.glob(root + "/regions/*/manifest.json"))[0].rsplit("/", 1)[0]
    path = f"{region}/routes/{route_id}.json"
    r = json.load(open(path))
    break_route(r, shape)
    if shape == "one-line":
        text = json.dumps(r, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    else:
        text = json.dumps(r, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    data = text.encode()
    open(path, "wb").write(data)
    m = json.load(open(f"{region}/manifest.json"))
    for e in m["routes"]:
        if e["id"] == route_id:
            e["file"]["bytes"], e["file"]["sha256"] = len(data), hashlib.sha256(data).hexdigest()
    open(f"{region}/manifest.json", "wb").write((json.dumps(m, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode())
    print(json.dumps({"shape": shape, "vertices": len(r["coords"]), "routeBytes": len(data)}))


if __name__ == "__main__":
    main()
