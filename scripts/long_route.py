#!/usr/bin/env python3
"""Makes a pack with a long route for timing `trailpack validate` (make bench): copies a built
pack root and replaces one route's file with whole laps of that route (out, back, out...),
at least VERTICES vertices, written consistently: coords and ele from the route itself (so on its
terrain and AR patch), cum the running WGS84 geodesic sum (Vincenty), waypoints and landmark
visible ranges repeated on every lap; the manifest entry's bytes, sha256 and stats follow.
The route's stats (climb, duration) and its trails.geojson/routing.json line keep the built
route's values, so a few rules report those: the time measured is the rules' work.

usage: long_route.py SRC_ROOT DST_ROOT ROUTE_ID VERTICES
"""
import glob, hashlib, json, math, shutil, sys


def vincenty_m(a, b):
    """WGS84 ellipsoidal distance in metres between [lon, lat] points (Vincenty inverse)."""
    f = 1 / 298.257223563; A = 6378137.0; B = A * (1 - f)
    L = math.radians(b[0] - a[0])
    U1, U2 = math.atan((1 - f) * math.tan(math.radians(a[1]))), math.atan((1 - f) * math.tan(math.radians(b[1])))
    sU1, cU1, sU2, cU2 = math.sin(U1), math.cos(U1), math.sin(U2), math.cos(U2)
    lam = L
    for _ in range(200):
        sl, cl = math.sin(lam), math.cos(lam)
        ss = math.hypot(cU2 * sl, cU1 * sU2 - sU1 * cU2 * cl)
        if ss == 0: return 0.0
        cs = sU1 * sU2 + cU1 * cU2 * cl
        sigma = math.atan2(ss, cs)
        sa = cU1 * cU2 * sl / ss
        c2a = 1 - sa * sa
        c2sm = cs - 2 * sU1 * sU2 / c2a if c2a else 0.0
        C = f / 16 * c2a * (4 + f * (4 - 3 * c2a))
        prev = lam
        lam = L + (1 - C) * f * sa * (sigma + C * ss * (c2sm + C * cs * (-1 + 2 * c2sm * c2sm)))
        if abs(lam - prev) < 1e-12: break
    u2 = c2a * (A * A - B * B) / (B * B)
    k1 = (math.sqrt(1 + u2) - 1) / (math.sqrt(1 + u2) + 1)
    Acoef, Bcoef = (1 + k1 * k1 / 4) / (1 - k1), k1 * (1 - 3 * k1 * k1 / 8)
    ds = Bcoef * ss * (c2sm + Bcoef / 4 * (cs * (-1 + 2 * c2sm * c2sm) - Bcoef / 6 * c2sm * (-3 + 4 * ss * ss) * (-3 + 4 * c2sm * c2sm)))
    return B * Acoef * (sigma - ds)


def write_listed(region, relative, value):
    """Writes a pack file as trailpack writes JSON and updates its manifest entry (bytes, sha256)."""
    data = (json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
    open(f"{region}/{relative}", "wb").write(data)
    m = json.load(open(f"{region}/manifest.json"))
    def fix(node):
        if isinstance(node, dict):
            if node.get("path") == relative and "sha256" in node:
                node["bytes"], node["sha256"] = len(data), hashlib.sha256(data).hexdigest()
            for v in node.values(): fix(v)
        elif isinstance(node, list):
            for v in node: fix(v)
    fix(m)
    open(f"{region}/manifest.json", "wb").write((json.dumps(m, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode())


def laps(base, vertices):
    """Coords of whole out-and-back laps of `base` (at least `vertices`) and each lap's (start index, forward)."""
    coords, starts, forward = [], [], True
    while len(coords) < vertices:
        lap = base if forward else base[::-1]
        starts.append((len(coords) - (1 if coords else 0), forward))
        coords.extend(lap if not coords else lap[1:])
        forward = not forward
    return coords, starts


def main():
    src, dst, route_id, vertices = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst)
    region = sorted(glob.glob(dst + "/regions/*/manifest.json"))[0].rsplit("/", 1)[0]
    path = f"{region}/routes/{route_id}.json"
    r = json.load(open(path))
    n0 = len(r["coords"])
    coords, starts = laps(r["coords"], vertices)
    n = len(coords)
    at = lambda i, start, fwd: start + (i if fwd else n0 - 1 - i)
    inner = [dict(w, i=at(w["i"], s, fwd)) for s, fwd in starts if fwd for w in r["waypoints"]
             if w["kind"] not in ("start", "end") and 0 < at(w["i"], s, fwd) < n - 1]
    first = next(w for w in r["waypoints"] if w["kind"] == "start")
    last = next(w for w in r["waypoints"] if w["kind"] == "end")
    r["waypoints"] = [first] + sorted(inner, key=lambda w: w["i"]) + [dict(last, i=n - 1)]
    for lm in r.get("landmarks", []):
        ranges = sorted([max(0, min(at(a, s, fwd), at(b, s, fwd))), min(n - 1, max(at(a, s, fwd), at(b, s, fwd)))]
                        for s, fwd in starts for a, b in lm["visible"])
        merged = []
        for a, b in ranges:
            if a > b: continue
            if merged and a <= merged[-1][1] + 1: merged[-1][1] = max(merged[-1][1], b)
            else: merged.append([a, b])
        lm["visible"] = merged
    cum = [0.0]
    for k in range(1, n): cum.append(cum[-1] + vincenty_m(coords[k - 1], coords[k]))
    r["coords"], r["cum"] = coords, [round(c, 1) for c in cum]
    r["stats"]["distanceM"] = round(cum[-1], 1)
    data = (json.dumps(r, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
    open(path, "wb").write(data)
    # trails.geojson's route feature and routing.json's route follow the laps.
    trails = json.load(open(f"{region}/trails.geojson"))
    for f in trails["features"]:
        if f["properties"].get("routeId") == route_id:
            f["geometry"] = {"type": "LineString", "coords": None, "coordinates": [c[:2] for c in coords]}
            del f["geometry"]["coords"]
    write_listed(region, "trails.geojson", trails)
    routing = json.load(open(f"{region}/routing.json"))
    for rr in routing["routes"]:
        if rr["id"] != route_id: continue
        path, nodes = rr["path"], rr["nodes"]
        back = [[e, not fwd] for e, fwd in reversed(path)]
        rr["path"] = [step for s, fwd in starts for step in (path if fwd else back)]
        rr["nodes"] = sorted({at(i, s, fwd): node for s, fwd in starts for i, node in nodes if 0 <= at(i, s, fwd) < n}.items())
        rr["nodes"] = [[i, node] for i, node in rr["nodes"]]
    write_listed(region, "routing.json", routing)
    m = json.load(open(f"{region}/manifest.json"))
    for e in m["routes"]:
        if e["id"] == route_id:
            e["file"]["bytes"], e["file"]["sha256"], e["stats"] = len(data), hashlib.sha256(data).hexdigest(), r["stats"]
    open(f"{region}/manifest.json", "wb").write((json.dumps(m, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode())
    print(json.dumps({"vertices": n, "km": round(cum[-1] / 1000, 1), "routeBytes": len(data)}))


if __name__ == "__main__":
    main()
