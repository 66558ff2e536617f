#!/usr/bin/env python3
"""Loads a preview's 3D page (<region>-3d.html) in headless Chromium from file:// and measures it
against the pack's own files, read here by a third TER1 reader (Python stdlib only).

  python3 scripts/browser_check.py --browser chromium --page OUT/REGION-3d.html \
      --region PACK/regions/REGION --seed 42 [--shots DIR]

Prints one JSON report on stdout (the test asserts on it):
  samples:   {grid: [[lon, lat, js_value], ...]}  the page's TER1 sampler at 1,000 seeded points,
             the corners and points along every edge of each grid (region, and each route's patch)
  routes:    per route: keyframes (count), cameraMinMarginM (the flyover's keyframes and the
             page's camera at ten frames against this script's own terrain: camera ele - ground -
             clearance), frames (ten: inView, onRoute vertices, skyTop, groundBottom, distinct
             colours, summitAboveValley), patchEdge (max |drawn edge - region sample|, and the
             grids' own largest disagreement along the edge), landmarks shown per frame;
             flight (the page's own interpolated camera and walker every metre: the smallest
             camera and sight-line margins over this script's ground, the drawn mesh included),
             labels (boxes outside their view or overlapping, at the ten frames and in the
             stills), stills (their places), exaggeration (the page's control at 2 and back:
             drawn vertices and camera), ground (the route's ele against its patch: the page's
             measure and this script's)
  mesh:      the page's region mesh (stride, vertices) and this script's own stride rule
  sentinels: -32768 cells: the page's count, its sampler beside them, their drawn height
  problems:  the page's list of faults found in the pack
  error:     the page's error, or the harness's
Chromium is driven through --remote-debugging-pipe (DevTools protocol on fds 3 and 4).
"""
import argparse, base64, json, math, os, random, struct, subprocess, sys, tempfile, time, zlib

R = 6378137.0
SKY = (0xa9, 0xcf, 0xee)


def merc_y(lat):
    return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


class Grid:
    """A TER1 grid: this script's own reader and bilinear sampler."""
    def __init__(self, data):
        assert data[:4] == b"TER1", "not TER1"
        self.w, self.h = struct.unpack_from("<II", data, 4)
        self.west, self.south, self.east, self.north = struct.unpack_from("<4d", data, 12)
        assert len(data) == 44 + 2 * self.w * self.h
        self.z = struct.unpack_from("<%dh" % (self.w * self.h), data, 44)
        self.yn, self.ys = merc_y(self.north), merc_y(self.south)

    def sample(self, lon, lat):
        c = (lon - self.west) / (self.east - self.west) * (self.w - 1)
        r = (self.yn - merc_y(lat)) / (self.yn - self.ys) * (self.h - 1)
        if c < -1e-9 or r < -1e-9 or c > self.w - 1 + 1e-9 or r > self.h - 1 + 1e-9:
            return None
        c = min(max(c, 0.0), self.w - 1.0); r = min(max(r, 0.0), self.h - 1.0)
        c0 = min(int(c), self.w - 2); r0 = min(int(r), self.h - 2)
        fc, fr = c - c0, r - r0
        z = self.z; w = self.w
        top = z[r0 * w + c0] + (z[r0 * w + c0 + 1] - z[r0 * w + c0]) * fc
        bottom = z[(r0 + 1) * w + c0] + (z[(r0 + 1) * w + c0 + 1] - z[(r0 + 1) * w + c0]) * fc
        return top + (bottom - top) * fr

    def lon(self, c):
        return self.west + c * (self.east - self.west) / (self.w - 1)

    def lat(self, r):
        y = self.yn - r * (self.yn - self.ys) / (self.h - 1)
        return math.degrees(2 * math.atan(math.exp(y)) - math.pi / 2)


SENTINEL = -32768
MAX_REGION_VERTICES = 1000000  # docs/FORMAT.md: the 3D page's cap on the region mesh


def stride_lines(n, s):
    return list(range(0, n - 1, s)) + [n - 1]


def mesh_stride(w, h, cap=MAX_REGION_VERTICES):
    """The smallest stride whose mesh (every s-th line and the last) has at most cap vertices."""
    s = 1
    while s * s * cap < w * h: s += 1
    while len(stride_lines(w, s)) * len(stride_lines(h, s)) > cap: s += 1
    return s


class Mesh:
    """The region mesh as docs/FORMAT.md says the page draws it: every stride-th sample (a -32768
    at the grid's lowest other sample), two triangles a cell (nw, sw, ne) and (ne, sw, se)."""
    def __init__(self, grid):
        self.g, self.s = grid, mesh_stride(grid.w, grid.h)
        self.cols, self.rows = stride_lines(grid.w, self.s), stride_lines(grid.h, self.s)
        self.lo = min(v for v in grid.z if v != SENTINEL)

    def sample(self, lon, lat):
        g = self.g
        c = (lon - g.west) / (g.east - g.west) * (g.w - 1)
        r = (g.yn - merc_y(lat)) / (g.yn - g.ys) * (g.h - 1)
        if c < -1e-9 or r < -1e-9 or c > g.w - 1 + 1e-9 or r > g.h - 1 + 1e-9:
            return None
        def cell(v, lines):
            i = min(int(v) // self.s, len(lines) - 2)
            return i, (v - lines[i]) / (lines[i + 1] - lines[i])
        k, fc = cell(min(max(c, 0.0), g.w - 1.0), self.cols)
        j, fr = cell(min(max(r, 0.0), g.h - 1.0), self.rows)
        def z(a, b):
            v = g.z[self.rows[b] * g.w + self.cols[a]]
            return self.lo if v == SENTINEL else v
        z00, z10, z01, z11 = z(k, j), z(k + 1, j), z(k, j + 1), z(k + 1, j + 1)
        if fc + fr <= 1: return z00 + (z10 - z00) * fc + (z01 - z00) * fr
        return z11 + (z01 - z11) * (1 - fc) + (z10 - z11) * (1 - fr)


def ground(grids, lon, lat):
    values = [v for v in (g.sample(lon, lat) for g in grids) if v is not None]
    return max(values) if values else None


def decode_png(data):
    """8-bit RGB or RGBA PNG -> (width, height, rows of (r, g, b) tuples)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack_from(">I4s", data, pos)
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack_from(">IIBB", body)
            assert depth == 8 and color in (2, 6)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        prev = line
    return width, height, rows


class Browser:
    def __init__(self, command, width, height):
        self.profile = tempfile.mkdtemp(prefix="trailpack-browser-check-")
        r_in, w_in = os.pipe(); r_out, w_out = os.pipe()
        args = command + ["--headless", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--hide-scrollbars",
                          "--remote-debugging-pipe", "--no-first-run", "--mute-audio", "--user-data-dir=" + self.profile,
                          "--window-size=%d,%d" % (width, height)] + (["--no-sandbox"] if os.getuid() == 0 else []) + ["about:blank"]
        def fds():  # the child's fd 3 reads commands, fd 4 writes answers (through fds no pipe end holds)
            os.dup2(r_in, 100); os.dup2(w_out, 101); os.dup2(100, 3); os.dup2(101, 4)
        self.proc = subprocess.Popen(args, preexec_fn=fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False)
        os.close(r_in); os.close(w_out)
        self.w, self.r, self.buf, self.next_id, self.session = w_in, r_out, b"", 0, None

    def call(self, method, params=None, session=True, timeout=300):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session: msg["sessionId"] = self.session
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            while b"\0" not in self.buf:
                if time.time() > deadline: raise RuntimeError("no answer to " + method)
                chunk = os.read(self.r, 1 << 20)
                if not chunk: raise RuntimeError("the browser closed its pipe")
                self.buf += chunk
            line, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                if "error" in reply: raise RuntimeError(method + ": " + json.dumps(reply["error"]))
                return reply.get("result", {})

    def eval(self, expression, timeout=300):
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, timeout=timeout)
        if "exceptionDetails" in r: raise RuntimeError("page: " + json.dumps(r["exceptionDetails"])[:800])
        return r["result"].get("value")

    def open(self, url):
        targets = self.call("Target.getTargets", session=False)["targetInfos"]
        page = [t for t in targets if t["type"] == "page"][0]
        self.session = self.call("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}, session=False)["sessionId"]
        self.call("Page.enable"); self.call("Runtime.enable")
        self.call("Page.navigate", {"url": url})
        deadline = time.time() + 240
        while time.time() < deadline:
            state = self.eval("window.trailpack3d ? {ready: trailpack3d.ready, error: trailpack3d.error} : null")
            if state and (state["ready"] or state["error"]): return state
            time.sleep(0.25)
        raise RuntimeError("the page did not become ready in 240 s")

    def close(self):
        try: self.proc.kill(); self.proc.wait(10)
        except Exception: pass
        subprocess.run(["rm", "-rf", self.profile])


def seeded_points(grid, rng, count):
    pts = [(rng.uniform(grid.west, grid.east), rng.uniform(grid.south, grid.north)) for _ in range(count)]
    pts += [(grid.west, grid.south), (grid.west, grid.north), (grid.east, grid.south), (grid.east, grid.north)]
    for k in range(1, 25):
        t = k / 25.0
        lon, lat = grid.west + t * (grid.east - grid.west), grid.lat(t * (grid.h - 1))
        pts += [(lon, grid.south), (lon, grid.north), (grid.west, lat), (grid.east, lat)]
    return pts


def project(m_proj, m_view, x, y, z):
    def mul(m, v):  # column-major 4x4 times a column vector
        return [m[0] * v[0] + m[4] * v[1] + m[8] * v[2] + m[12] * v[3], m[1] * v[0] + m[5] * v[1] + m[9] * v[2] + m[13] * v[3],
                m[2] * v[0] + m[6] * v[1] + m[10] * v[2] + m[14] * v[3], m[3] * v[0] + m[7] * v[1] + m[11] * v[2] + m[15] * v[3]]
    c = mul(m_proj, mul(m_view, [x, y, z, 1.0]))
    if c[3] <= 0: return None
    return c[0] / c[3], c[1] / c[3], c[2] / c[3]


def check_frame(b, route_id, d, fr, grids, route, clearance, region):
    shown = b.eval("trailpack3d.show(%s, %f, 1, {ribbonOnly: true})" % (json.dumps(route_id), d))
    url = b.eval("trailpack3d.picture()")
    width, height, rows = decode_png(base64.b64decode(url.split(",", 1)[1]))
    P, V = shown["projection"], shown["view"]
    cam = shown["position"]
    def world(lon, lat, ele):
        k = fr["scale"]
        return (R * math.radians(lon - fr["lon0"]) * k, ele, -R * (merc_y(lat) - merc_y(fr["lat0"])) * k)
    def to_lonlat(x, z):
        k = fr["scale"]
        lon = fr["lon0"] + math.degrees(x / (R * k))
        lat = math.degrees(2 * math.atan(math.exp(merc_y(fr["lat0"]) + (-z) / (R * k))) - math.pi / 2)
        return lon, lat
    cam_lon, cam_lat = to_lonlat(cam[0], cam[2])
    cam_margin = cam[1] - ground(grids, cam_lon, cam_lat) - clearance
    color = tuple(int(shown["routeColor"][i:i + 2], 16) for i in (1, 3, 5))
    fov = math.radians(shown["keyframe"]["fovDeg"])
    in_view = on_route = 0
    misses = []
    ribbon = b.eval("trailpack3d.ribbon()")
    ribbon_lift = b.eval("trailpack3d.ribbonLiftM")
    for k, (lon, lat, ele) in enumerate(route["coords"]):
        x, y, z = world(lon, lat, ele + ribbon_lift)
        p = project(P, V, x, y, z)
        if p is None or abs(p[0]) > 0.95 or abs(p[1]) > 0.95 or abs(p[2]) >= 1: continue
        dist = math.dist(cam, (x, y, z))
        # The ribbon as the page drew it: narrower than 2.5 px across its own line on the screen
        # here (seen edge-on, foreshortened), no colour to find.
        n = len(route["coords"])
        e1, e2 = project(P, V, *ribbon[6 * k:6 * k + 3]), project(P, V, *ribbon[6 * k + 3:6 * k + 6])
        a_ = project(P, V, *world(*route["coords"][max(0, k - 1)][:2], route["coords"][max(0, k - 1)][2] + ribbon_lift))
        b_ = project(P, V, *world(*route["coords"][min(n - 1, k + 1)][:2], route["coords"][min(n - 1, k + 1)][2] + ribbon_lift))
        if None in (e1, e2, a_, b_): continue
        tx, ty = (b_[0] - a_[0]) * width / 2, (b_[1] - a_[1]) * height / 2
        ex_, ey_ = (e1[0] - e2[0]) * width / 2, (e1[1] - e2[1]) * height / 2
        across = abs(tx * ey_ - ty * ex_) / max(math.hypot(tx, ty), 1e-9)
        if across < 2.5: continue
        # In line of sight of the camera over this script's own terrain, by 1 m, else not "in view".
        n, seen = max(2, int(dist / 2)), True
        for k in range(1, n):
            t = k / n
            px, py, pz = cam[0] + (x - cam[0]) * t, cam[1] + (y - cam[1]) * t, cam[2] + (z - cam[2]) * t
            g = ground(grids, *to_lonlat(px, pz))
            if g is not None and py < g + 1 and math.dist((px, py, pz), (x, y, z)) > 8:
                seen = False; break
        if not seen: continue
        in_view += 1
        sx, sy = int((p[0] + 1) / 2 * width), int((1 - p[1]) / 2 * height)
        near = [rows[j][i] for j in range(max(0, sy - 1), min(height, sy + 2)) for i in range(max(0, sx - 1), min(width, sx + 2))]
        if any(sum((a - b_) ** 2 for a, b_ in zip(px_, color)) <= 60 ** 2 for px_ in near): on_route += 1
        elif len(misses) < 8: misses.append([round(dist), sx, sy, rows[sy][sx] if 0 <= sx < width and 0 <= sy < height else None])
    def is_sky(px_): return sum((a - b_) ** 2 for a, b_ in zip(px_, SKY)) <= 12 ** 2
    sky_top = sum(is_sky(px_) for px_ in rows[0]) / width
    ground_bottom = sum(not is_sky(px_) for px_ in rows[-1]) / width
    distinct = len({px_ for row in rows[::8] for px_ in row[::8]})
    non_sky = sum(not is_sky(px_) for row in rows[::4] for px_ in row[::4]) / (len(rows[::4]) * len(rows[0][::4]))
    # A known summit above a known valley: the highest and the lowest region samples in view at
    # about the same distance from the camera (within 15%), at least 30 m apart in height.
    samples = []
    step_c, step_r = max(1, region.w // 120), max(1, region.h // 120)
    for r in range(0, region.h, step_r):
        for c in range(0, region.w, step_c):
            lon, lat, ele = region.lon(c), region.lat(r), region.z[r * region.w + c]
            x, y, z = world(lon, lat, ele)
            p = project(P, V, x, y, z)
            if p is None or abs(p[0]) > 0.9 or abs(p[1]) > 0.9 or abs(p[2]) >= 1: continue
            samples.append((math.hypot(x - cam[0], z - cam[2]), ele, p[1]))
    verdict, best = None, 0
    samples.sort()
    for i, (dist, ele, sy) in enumerate(samples):
        for dist2, ele2, sy2 in samples[i + 1:]:
            if dist2 > dist * 1.15: break
            if abs(ele - ele2) > max(30, best):
                best = abs(ele - ele2)
                verdict = (sy > sy2) == (ele > ele2)
    return {"distanceM": d, "cameraMarginM": cam_margin, "inView": in_view, "onRoute": on_route, "skyTop": sky_top,
            "groundBottom": ground_bottom, "distinctColours": distinct, "nonSky": non_sky, "summitAboveValley": verdict,
            "summitValleyDeltaM": best, "misses": misses, "landmarks": shown["landmarks"], "width": width, "height": height}


def flight_margin(b, route_id, fr, grids, clearance, sample_m=2.0):
    """The page's own interpolated flight every metre: the camera's margin over this script's
    ground (the grids and the drawn mesh) less the camera clearance, and its sight line's to the
    walker less the sight clearance (ramped to 0 at the walker), sampled every sample_m metres."""
    rows = b.eval("trailpack3d.flight(%s, 1)" % json.dumps(route_id), timeout=600)
    cam_c, sight_c, ramp = clearance["cameraM"], clearance["sightM"], clearance["sightRampM"]
    k = fr["scale"]
    def xz(lon, lat): return R * math.radians(lon - fr["lon0"]) * k, R * (merc_y(lat) - merc_y(fr["lat0"])) * k
    def lonlat(x, z):
        return fr["lon0"] + math.degrees(x / (R * k)), math.degrees(2 * math.atan(math.exp(merc_y(fr["lat0"]) + z / (R * k))) - math.pi / 2)
    worst_cam, worst_sight, worst_at = 1e9, 1e9, None
    for d, clon, clat, cele, wlon, wlat, wele in rows:
        g = ground(grids, clon, clat)
        if g is not None and cele - g - cam_c < worst_cam: worst_cam = cele - g - cam_c
        (cx, cz), (wx, wz) = xz(clon, clat), xz(wlon, wlat)
        dist = math.hypot(cx - wx, cz - wz); n = max(1, int(math.ceil(dist / sample_m)))
        for j in range(1, n + 1):
            t = j / n
            g = ground(grids, *lonlat(wx + (cx - wx) * t, wz + (cz - wz) * t))
            if g is None: continue
            m = wele + t * (cele - wele) - g - sight_c * min(1.0, t * dist / ramp)
            if m < worst_sight: worst_sight, worst_at = m, d
    return {"frames": len(rows), "cameraMinMarginM": worst_cam, "sightMinMarginM": worst_sight, "sightWorstAtM": worst_at}


def boxes_ok(views):
    """Label boxes: outside their view (or in its reserved top band), and overlapping pairs."""
    outside = overlaps = count = 0
    for v in views:
        bs = v["boxes"]; count += len(bs)
        for q in bs:
            if (q["left"] < v["viewLeft"] - 0.5 or q["left"] + q["width"] > v["viewLeft"] + v["viewWidth"] + 0.5
                    or q["top"] < v["reserveTop"] - 0.5 or q["top"] + q["height"] > v["viewHeight"] + 0.5): outside += 1
        for i in range(len(bs)):
            for j in range(i + 1, len(bs)):
                p, q = bs[i], bs[j]
                if p["left"] < q["left"] + q["width"] and q["left"] < p["left"] + p["width"] and p["top"] < q["top"] + q["height"] and q["top"] < p["top"] + p["height"]:
                    overlaps += 1
    return {"labels": count, "outside": outside, "overlaps": overlaps}


def exaggeration_check(b, route_id, mesh_info):
    """Moves the page's own exaggeration control to 2 and back: the drawn heights and the camera."""
    def set_ex(v):
        return b.eval("(function () { var e = document.getElementById('exag'); e.value = %s; e.dispatchEvent(new Event('input')); return trailpack3d.state(); })()" % v)
    b.eval("trailpack3d.show(%s, 0, 1)" % json.dumps(route_id))
    key = b.eval("trailpack3d.keyframes(%s)[0]" % json.dumps(route_id))
    picks = [(0, 0), (mesh_info["columns"] // 2, mesh_info["rows"] // 3), (mesh_info["columns"] - 1, mesh_info["rows"] - 1)]
    out = {}
    # The page's route list changed at 2 (to the next route, and back): the new route's patch and
    # ribbon are drawn at 2 too.
    change = ("(function () { var s = document.getElementById('route'); s.value = String((+s.value + %d) %% s.options.length);"
              " s.dispatchEvent(new Event('change')); return trailpack3d.state(); })()")
    for ex in (2, 1):
        st = set_ex(ex)
        verts = [b.eval("trailpack3d.regionVertex(%d, %d)" % p) for p in picks]
        out["x%d" % ex] = {"state": st, "vertices": verts, "cameraY": st["position"][1], "keyframeEle": key["position"][2]}
        if ex == 2:
            routes = b.eval("document.getElementById('route').options.length")
            out["x2"]["afterRouteChange"] = [b.eval(change % 1), b.eval(change % (routes - 1))]
            b.eval("trailpack3d.show(%s, 0, 2)" % json.dumps(route_id))
    return out


def sentinel_check(b, region, mesh):
    """Cells holding -32768: the page's count, its sampler beside them (null), the drawn height."""
    cells = [i for i, v in enumerate(region.z) if v == SENTINEL]
    if not cells: return {"cells": 0}
    info = b.eval("trailpack3d.grid('region')")
    drawn, samples = [], []
    for i in cells[:20]:
        c, r = i % region.w, i // region.w
        samples.append(b.eval("trailpack3d.sample('region', %r, %r)" % (region.lon(c), region.lat(r))))
        if c % mesh.s == 0 and r % mesh.s == 0:
            drawn.append(b.eval("trailpack3d.regionVertex(%d, %d)" % (c // mesh.s, r // mesh.s)))
    return {"cells": len(cells), "pageCount": info["sentinels"], "lowestOther": mesh.lo, "samplesBeside": samples,
            "drawn": drawn, "problems": b.eval("trailpack3d.problems")}


def route_ground(doc, patch):
    """This script's measure of the route's ele against its AR patch: deepest sunk, highest floating."""
    sunk = floating = 0.0
    for lon, lat, ele in doc["coords"]:
        g = patch.sample(lon, lat)
        if g is None: continue
        sunk, floating = max(sunk, g - ele), max(floating, ele - g)
    return {"sunkM": sunk, "floatingM": floating}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--browser", default="chromium"); ap.add_argument("--page", required=True)
    ap.add_argument("--region", required=True); ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--points", type=int, default=1000); ap.add_argument("--shots")
    a = ap.parse_args()
    report = {"samples": {}, "routes": []}
    manifest = json.load(open(os.path.join(a.region, "manifest.json")))
    region = Grid(open(os.path.join(a.region, manifest["files"]["terrain"]["path"]), "rb").read())
    b = Browser(a.browser.split(), 1280, 720)
    try:
        started = time.time()
        state = b.open("file://" + os.path.abspath(a.page))
        report["loadS"] = time.time() - started
        if state["error"]:
            report["error"] = state["error"]; print(json.dumps(report)); return
        rng = random.Random(a.seed)
        grids = {"region": region}
        for entry in manifest["routes"]:
            doc = json.load(open(os.path.join(a.region, entry["file"]["path"])))
            grids[doc["id"]] = Grid(open(os.path.join(a.region, doc["arPatch"]["path"]), "rb").read())
        for name, g in grids.items():
            pts = seeded_points(g, rng, a.points)
            values = b.eval("(%s).map(function (p) { return trailpack3d.sample(%s, p[0], p[1]); })" % (json.dumps(pts), json.dumps(name)))
            report["samples"][name] = [[p[0], p[1], v] for p, v in zip(pts, values)]
        fr = b.eval("trailpack3d.frame()")
        mesh = Mesh(region)
        report["mesh"] = {"page": b.eval("trailpack3d.mesh()"), "stride": mesh.s, "vertices": len(mesh.cols) * len(mesh.rows),
                          "samples": region.w * region.h}
        report["problems"] = b.eval("trailpack3d.problems")
        report["sentinels"] = sentinel_check(b, region, mesh)
        for entry in manifest["routes"]:
            doc = json.load(open(os.path.join(a.region, entry["file"]["path"])))
            rid = doc["id"]; patch = grids[rid]; both = [patch, region]
            drawn = [patch, region, mesh] if mesh.s > 1 else both
            flyover = json.load(open(os.path.join(os.path.dirname(a.page), "%s-%s-flyover.json" % (manifest["id"], rid))))
            clearance = flyover["clearance"]["cameraM"]
            keys = flyover["keyframes"]
            key_margin = min(k["position"][2] - ground(drawn, k["position"][0], k["position"][1]) - clearance for k in keys)
            length = flyover["lengthM"]
            frames = [check_frame(b, rid, length * j / 9, fr, drawn, doc, clearance, region) for j in range(10)]
            b.eval("trailpack3d.show(%s, 0, 1)" % json.dumps(rid))
            edge = b.eval("trailpack3d.patchEdge()")
            step = max(abs(e[2] - mesh.sample(e[0], e[1])) for e in edge if mesh.sample(e[0], e[1]) is not None)
            disagreement = max(abs(e[3] - region.sample(e[0], e[1])) for e in edge if region.sample(e[0], e[1]) is not None)
            if a.shots:
                os.makedirs(a.shots, exist_ok=True)
                for j in (0, 5):
                    b.eval("trailpack3d.show(%s, %f, 1)" % (json.dumps(rid), length * j / 9))
                    png = base64.b64decode(b.eval("trailpack3d.picture()").split(",", 1)[1])
                    open(os.path.join(a.shots, "%s-%s-%d.png" % (manifest["id"], rid, j)), "wb").write(png)
            labels = []
            for j in range(10):
                b.eval("trailpack3d.show(%s, %f, 1)" % (json.dumps(rid), length * j / 9))
                labels += b.eval("trailpack3d.labels()")
            still_marks = b.eval("trailpack3d.stills(%s)" % json.dumps(rid))
            still_labels = b.eval("trailpack3d.labels()")
            sw, sh, srows = decode_png(base64.b64decode(b.eval("trailpack3d.picture()").split(",", 1)[1]))
            third = sw // 3  # the sky in the 20 rows under the captions' 26 px band, per still
            still_sky = [sum(sum((a - b_) ** 2 for a, b_ in zip(px_, SKY)) <= 12 ** 2 for row in srows[26:46] for px_ in row[j * third:(j + 1) * third])
                         / (20.0 * third) for j in range(3)]
            if a.shots:
                png = base64.b64decode(b.eval("trailpack3d.picture()").split(",", 1)[1])
                open(os.path.join(a.shots, "%s-%s-stills.png" % (manifest["id"], rid)), "wb").write(png)
            b.eval("document.body.className = ''")
            report["routes"].append({"id": rid, "flight": flight_margin(b, rid, fr, drawn, flyover["clearance"]),
                                     "labels": boxes_ok(labels), "stills": {"marks": still_marks, "labels": boxes_ok(still_labels), "skyUnderCaptions": still_sky},
                                     "exaggeration": exaggeration_check(b, rid, report["mesh"]["page"]),
                                     "ground": {"page": b.eval("trailpack3d.routeGround(%s)" % json.dumps(rid)), "mine": route_ground(doc, patch)},
                                     "keyframes": len(keys), "keyframeMinMarginM": key_margin,
                                     "cameraMinMarginM": min(f["cameraMarginM"] for f in frames), "frames": frames,
                                     "patchEdge": {"vertices": len(edge), "maxStepM": step, "gridDisagreementM": disagreement}})
        report["totalS"] = time.time() - started
    except Exception as e:
        report["error"] = "harness: %s" % e
    finally:
        b.close()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
