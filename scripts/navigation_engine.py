#!/usr/bin/env python3
"""An independent navigation engine written from docs/NAVIGATION.md alone (standard library
only, test-only): runs the cases of `trailpack vectors` and reports every disagreement.

    python3 scripts/navigation_engine.py REGION_DIR CASES.json

Exit 0 when every case agrees within its tolerance, 1 otherwise (the first disagreements are
printed), 2 for a usage error.
"""
import json
import math
import struct
import sys

A = 6378137.0
F = 1 / 298.257223563
E2 = F * (2 - F)
RAD = math.pi / 180


def per_degree(lat):
    """Metres per degree of longitude and latitude at `lat` (WGS84 radii of curvature)."""
    s = math.sin(lat * RAD)
    w2 = 1 - E2 * s * s
    w = math.sqrt(w2)
    return A / w * math.cos(lat * RAD) * RAD, A * (1 - E2) / (w2 * w) * RAD


def wrap(d):
    if d >= 180 or d < -180:
        d -= 360 * math.floor((d + 180) / 360)
    return d


def project(p, a, b):
    """Nearest point of segment a-b to p in the tangent plane at p: (t, distance, point)."""
    mx, my = per_degree(p[1])
    ax, ay = wrap(a[0] - p[0]) * mx, (a[1] - p[1]) * my
    bx, by = wrap(b[0] - p[0]) * mx, (b[1] - p[1]) * my
    dx, dy = bx - ax, by - ay
    l2 = dx * dx + dy * dy
    t = -(ax * dx + ay * dy) / l2 if l2 > 0 else 0.0
    t = min(max(t, 0.0), 1.0)
    qx, qy = ax + t * dx, ay + t * dy
    point = (a[0] + t * wrap(b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    return t, math.hypot(qx, qy), point


def planar(a, b):
    """Distance and bearing from a to b in the plane at their mean latitude."""
    mx, my = per_degree((a[1] + b[1]) / 2)
    dx, dy = wrap(b[0] - a[0]) * mx, (b[1] - a[1]) * my
    bearing = math.degrees(math.atan2(dx, dy))
    return math.hypot(dx, dy), bearing + 360 if bearing < 0 else bearing


COMPASS = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]


def compass(bearing):
    b = bearing % 360
    return COMPASS[int(math.floor((b + 22.5) / 45)) % 8]


def round_half_away(x):
    return math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)


def grouped(n):
    return f"{n:,}"


class Route:
    def __init__(self, rid, doc):
        self.id = rid
        self.coords = [(c[0], c[1]) for c in doc["coords"]]
        self.ele = [c[2] for c in doc["coords"]]
        self.cum = doc["cum"]
        self.waypoints = doc["waypoints"]
        self.landmarks = doc["landmarks"]
        r = doc["rates"]
        self.rates = (r["horizontalKmh"], r["ascentMPerH"], r["descentMPerH"], r["climbThresholdM"])
        self.length = self.cum[-1]

    def holding(self, p):
        """The segment k holding distance p (first k with cum[k] < p <= cum[k+1]; 0 for p = 0) and t."""
        p = min(max(p, 0.0), self.length)
        k = 0
        lo, hi = 0, len(self.cum) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.cum[mid] < p:
                lo = mid
            else:
                hi = mid
        k = lo
        span = self.cum[k + 1] - self.cum[k]
        return k, (p - self.cum[k]) / span if span > 0 else 0.0

    def ele_at(self, p):
        k, t = self.holding(p)
        return self.ele[k] + t * (self.ele[k + 1] - self.ele[k])


def stats(ele, cum, rates):
    """SPEC route stats: ascent, descent, whole DIN seconds."""
    kmh, up, down, threshold = rates
    ext = [0]
    direction, cand = 0, 0
    for i in range(1, len(ele)):
        e = ele[i]
        if direction == 0:
            if e - ele[0] > threshold:
                direction, cand = 1, i
            elif ele[0] - e > threshold:
                direction, cand = -1, i
        elif direction == 1:
            if e > ele[cand]:
                cand = i
            elif ele[cand] - e > threshold:
                ext.append(cand)
                direction, cand = -1, i
        else:
            if e < ele[cand]:
                cand = i
            elif e - ele[cand] > threshold:
                ext.append(cand)
                direction, cand = 1, i
    if ext[-1] != len(ele) - 1:
        ext.append(len(ele) - 1)
    asc = desc = dur = 0.0
    for a, b in zip(ext, ext[1:]):
        rise = ele[b] - ele[a]
        if rise > 0:
            asc += rise
        else:
            desc -= rise
        h = (cum[b] - cum[a]) / (kmh * 1000) * 3600
        v = rise / up * 3600 if rise >= 0 else -rise / down * 3600
        dur += max(h, v) + min(h, v) / 2
    return asc, desc, int(round_half_away(dur))


def remaining(route, p):
    p = min(max(p, 0.0), route.length)
    k, _ = route.holding(p)
    ele = [route.ele_at(p)] + route.ele[k + 1:]
    cum = [p] + route.cum[k + 1:]
    asc, desc, din = stats(ele, cum, route.rates)
    return route.length - p, asc, desc, din


def walked(route, p):
    p = min(max(p, 0.0), route.length)
    k, _ = route.holding(p)
    return stats(route.ele[:k + 1] + [route.ele_at(p)], route.cum[:k + 1] + [p], route.rates)[2]


def corrected(rem_din, elapsed, walked_din, tu):
    f = (elapsed + tu["pacePriorS"]) / (walked_din + tu["pacePriorS"])
    return rem_din * min(max(f, tu["paceFactorMin"]), tu["paceFactorMax"])


class WalkingClock:
    """Seconds since the first fix less the stops: runs of fixes within stopRadiusM of the run's
    first fix (the anchor) lasting breakMinS or more."""

    def __init__(self, tu):
        self.tu = tu
        self.first = self.anchor = self.prev = None
        self.breaks = 0.0
        self.walking = 0.0

    def add(self, fix):
        if self.anchor is None:
            self.first, self.anchor, self.prev = fix[2], fix, fix
            return
        radius = self.tu["stopRadiusM"]
        if planar(self.anchor, fix)[0] > radius:
            if self.prev[2] - self.anchor[2] >= self.tu["breakMinS"]:
                self.breaks += self.prev[2] - self.anchor[2]
            self.anchor = self.prev if planar(self.prev, fix)[0] <= radius else fix
        run = fix[2] - self.anchor[2]
        self.walking = fix[2] - self.first - self.breaks - (run if run >= self.tu["breakMinS"] else 0.0)
        self.prev = fix


def distance_text(d, tu):
    if d <= tu["bannerNowM"]:
        return "now"
    if d < tu["bannerFineBelowM"]:
        return f"{grouped(int(round_half_away(d / tu['bannerFineStepM']) * tu['bannerFineStepM']))} m"
    coarse = int(round_half_away(d / tu["bannerCoarseStepM"]) * tu["bannerCoarseStepM"])
    if d < tu["bannerCoarseBelowM"] and coarse < tu["bannerCoarseBelowM"]:
        return f"{grouped(coarse)} m"
    tenths = int(round_half_away(d / 100))
    return f"{tenths // 10}.{tenths % 10} km"


def cue_banner(route, p, tu):
    for w in route.waypoints:
        if w["kind"] != "start" and route.cum[w["i"]] > p:
            d = distance_text(route.cum[w["i"]] - p, tu)
            return f"{w['instruction']} now" if d == "now" else f"{w['instruction']} in {d}"
    return "You have arrived"


class Engine:
    def __init__(self, route, tu):
        self.r, self.tu = route, tu
        self.p = 0.0
        self.start = None
        self.last_on = None
        self.prev = None
        self.run = 0
        self.last_out = None
        self.out_since = None
        self.off = False
        self.back = 0
        self.off_since = 0.0
        self.off_walk = 0.0
        self.last_rejoin = None
        self.cues = [i for i, w in enumerate(route.waypoints) if w["kind"] != "start"]
        self.next_cue = 0
        self.arrived = False
        self.in_view = set()
        self.clock = WalkingClock(tu)

    def progress_index(self):
        i = 0
        while i + 1 < len(self.r.cum) and self.r.cum[i + 1] <= self.p:
            i += 1
        return i

    def cost(self, s):
        """How far along a tied point lies from the progress; behind counts snapBehindCostFactor times."""
        return s - self.p if s >= self.p else self.tu["snapBehindCostFactor"] * (self.p - s)

    def snap(self, fix):
        r, tu = self.r, self.tu
        lo = self.p - tu["snapBehindM"]
        hi = self.p + tu["snapAheadM"] + tu["snapMaxSpeedMps"] * max(0.0, fix[2] - self.last_on)
        best = None
        for k in range(len(r.coords) - 1):
            if r.cum[k] > hi or r.cum[k + 1] < lo:
                continue
            t, d, pt = project(fix, r.coords[k], r.coords[k + 1])
            along = r.cum[k] + t * (r.cum[k + 1] - r.cum[k])
            if best is None or d < best[1] - tu["snapTieM"]:
                best = (along, d, pt)
            elif abs(d - best[1]) <= tu["snapTieM"] and self.cost(along) < self.cost(best[0]):
                best = (along, d, pt)
        return best

    def step(self, fix):
        tu, events = self.tu, []
        t, acc = fix[2], fix[3]
        if self.start is None:
            self.start = self.last_on = t
        self.clock.add(fix)
        along, d, pt = self.snap(fix)
        corridor = max(tu["corridorMinM"], tu["corridorAccuracyFactor"] * (acc + tu["corridorAccuracyBaseM"]))
        # off route
        if d > corridor:
            self.run = self.run + 1 if (self.last_out is not None and d > self.last_out) else 1
            self.last_out = d
            if self.out_since is None:
                self.out_since = t
        else:
            self.run, self.last_out, self.out_since = 0, None, None
        if not self.off:
            if self.run >= tu["offRouteMovingAwayFixes"] or (self.out_since is not None and t - self.out_since >= tu["offRoutePersistS"]):
                self.off, self.off_since, self.off_walk, self.last_rejoin, self.back = True, t, 0.0, None, 0
                events.append(("off-route",))
        else:
            if self.prev is not None:
                self.off_walk += planar(self.prev, fix)[0]
            self.back = self.back + 1 if d <= tu["backOnShare"] * corridor else 0
            if self.back >= tu["backOnFixes"]:
                self.off = False
                events.append(("back-on-route",))
            elif (t - self.off_since >= tu["rejoinAfterS"] or self.off_walk >= tu["rejoinAfterWalkM"]) and \
                    (self.last_rejoin is None or t - self.last_rejoin >= tu["rejoinEveryS"]):
                self.last_rejoin = t
                events.append(("rejoin", self.progress_index()))
        if not self.off and d <= corridor:
            self.p = max(self.p, along)
            self.last_on = t
            while self.next_cue < len(self.cues):
                w = self.r.waypoints[self.cues[self.next_cue]]
                ahead = self.r.cum[w["i"]] - self.p
                if ahead > tu["announceAheadM"]:
                    break
                events.append(("cue" if ahead > 0 else "cue-missed", self.cues[self.next_cue]))
                self.next_cue += 1
            if not self.arrived and self.r.length - self.p <= tu["arrivalM"]:
                self.arrived = True
                events.append(("arrived",))
        k, frac = self.r.holding(self.p)
        v = k + 1 if frac > 0.5 else k
        names = [l["name"] for l in self.r.landmarks if any(a <= v <= b for a, b in l["visible"])]
        for n in names:
            if n not in self.in_view:
                events.append(("landmark", n))
        self.in_view = set(names)
        self.prev = fix
        if self.off:
            banner = f"Off trail by {distance_text(max(d, tu['bannerNowM'] + 1), tu)}, head {compass(planar(fix, pt)[1])}"
        elif self.arrived:
            banner = "You have arrived"
        else:
            banner = cue_banner(self.r, self.p, tu)
        return self.p, banner, events


def ter1(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:4] == b"TER1", path
    w, h = struct.unpack_from("<II", data, 4)
    west, south, east, north = struct.unpack_from("<4d", data, 12)
    grid = struct.unpack_from(f"<{w * h}h", data, 44)
    return w, h, west, south, east, north, grid


def mercator_y(lat):
    return math.log(math.tan(math.pi / 4 + lat * RAD / 2))


def sample(g, lon, lat):
    w, h, west, south, east, north, grid = g
    c = (lon - west) / (east - west) * (w - 1)
    r = (mercator_y(north) - mercator_y(lat)) / (mercator_y(north) - mercator_y(south)) * (h - 1)
    c0 = min(max(int(math.floor(c)), 0), w - 2)
    r0 = min(max(int(math.floor(r)), 0), h - 2)
    u, v = c - c0, r - r0
    z = lambda cc, rr: grid[rr * w + cc]
    return (z(c0, r0) * (1 - u) * (1 - v) + z(c0 + 1, r0) * u * (1 - v)
            + z(c0, r0 + 1) * (1 - u) * v + z(c0 + 1, r0 + 1) * u * v)


def event_tuple(e):
    k = e["kind"]
    if k in ("cue", "cue-missed"):
        return (k, e["waypoint"])
    if k == "rejoin":
        return (k, e["at"])
    if k == "landmark":
        return (k, e["name"])
    return (k,)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    region, cases = argv[1], json.load(open(argv[2]))
    tu = cases["tuning"]
    routes = {rid: Route(rid, doc) for rid, doc in cases["routes"].items()}
    problems, counts = [], {}

    g = ter1(f"{region}/{cases['ter1']['file']}")
    for s in cases["ter1"]["samples"]:
        got = sample(g, s["lon"], s["lat"])
        if abs(got - s["expectedM"]) > cases["ter1"]["tolerance"]:
            problems.append(f"ter1 {s['kind']} {s['lon']},{s['lat']}: {got} != {s['expectedM']}")
    counts["ter1"] = len(cases["ter1"]["samples"])

    for c in cases["walks"]:
        eng = Engine(routes[c["route"]], tu)
        exp = c["expected"]
        got_events = []
        for n, fix in enumerate(c["fixes"]):
            p, _, events = eng.step(fix)
            got_events += [(n,) + e for e in events]
            if abs(p - exp["progressM"][n]) > c["tolerance"]["progressM"]:
                problems.append(f"walk {c['route']} {c['kind']} fix {n}: progress {p:.2f} != {exp['progressM'][n]}")
                break
            if abs(eng.clock.walking - exp["walkingS"][n]) > c["tolerance"]["walkingS"]:
                problems.append(f"walk {c['route']} {c['kind']} fix {n}: walking {eng.clock.walking:.2f} s != {exp['walkingS'][n]}")
                break
            if ("1" if eng.off else "0") != exp["offRoute"][n] or ("1" if eng.arrived else "0") != exp["arrived"][n]:
                problems.append(f"walk {c['route']} {c['kind']} fix {n}: off {eng.off} arrived {eng.arrived}")
                break
        want = [(e["fix"],) + event_tuple(e) for e in exp["events"]]
        if got_events != want:
            diff = next((i for i, (a, b) in enumerate(zip(got_events, want)) if a != b), min(len(got_events), len(want)))
            problems.append(f"walk {c['route']} {c['kind']}: events differ at {diff}: {got_events[diff:diff + 2]} != {want[diff:diff + 2]}")
    counts["walks"] = len(cases["walks"])

    for c in cases["banners"]:
        got = cue_banner(routes[c["route"]], c["progressM"], tu)
        if got != c["expected"]:
            problems.append(f"banner {c['route']} at {c['progressM']}: {got!r} != {c['expected']!r}")
    counts["banners"] = len(cases["banners"])

    for c in cases["eta"]:
        r = routes[c["route"]]
        rem, asc, desc, din = remaining(r, c["progressM"])
        wd = walked(r, c["progressM"])
        got = {"remainingM": rem, "ascentM": asc, "descentM": desc, "dinS": din, "walkedDinS": wd,
               "correctedS": corrected(din, c["elapsedS"], wd, tu)}
        for key, want in c["expected"].items():
            if abs(got[key] - want) > c["tolerance"][key]:
                problems.append(f"eta {c['route']} at {c['progressM']} {key}: {got[key]} != {want}")
    counts["eta"] = len(cases["eta"])

    print(json.dumps({"cases": counts, "disagreements": len(problems)}, sort_keys=True))
    for p in problems[:20]:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
