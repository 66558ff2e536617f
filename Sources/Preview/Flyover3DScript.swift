/// The 3D page's script (`trailpack-3d.js`) and HTML shell: a second, independent TER1 reader
/// (header, bounds, rows equally spaced in web-mercator Y, the -32768 sentinel), the region mesh
/// strided to at most `MAX_REGION_VERTICES` (`FlyoverMesh`'s rule) with the selected route's AR
/// patch laid over its corridor (the patch's last `FEATHER` cells blended to the drawn region
/// mesh, so it meets it exactly; region cells under the patch's core left out), the hillshade
/// draped by its bounds, the route ribbon at its own `coords` and `ele` (its `ele` against the
/// patch named when beyond the ribbon's lift), waypoint markers with their instruction, landmark
/// labels shown within their `visible` ranges, labels laid out on the screen, vertical
/// exaggeration, the flyover's play, pause and scrub bar, stills (`#stills=<routeId>`: distinct
/// places, the sky in view), and the test hook `window.trailpack3d`.
extension Flyover3DPage {
    static let script = #"""
// trailpack's 3D page: the region's TER1 grids, hillshade, routes and flyovers, read from the
// pack's own bytes (window.TRAILPACK_PACK: each file base64-encoded, as it lies in the pack).
(function () {
  "use strict";
  var R = 6378137, SENTINEL = -32768;
  var hook = { ready: false, error: null, problems: [] };
  window.trailpack3d = hook;

  function bytesOf(name) {
    var text = window.TRAILPACK_PACK.files[name];
    if (text === undefined) throw new Error("the page has no " + name);
    var bin = atob(text), out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  function jsonOf(name) { return JSON.parse(new TextDecoder("utf-8").decode(bytesOf(name))); }
  function mercY(latDeg) { return Math.log(Math.tan(Math.PI / 4 + latDeg * Math.PI / 360)); }
  function latOfY(y) { return (2 * Math.atan(Math.exp(y)) - Math.PI / 2) * 180 / Math.PI; }

  // TER1 (SPEC): "TER1", uint32 w, h, float64 west, south, east, north, then w*h int16, all
  // little endian, row 0 north, rows equally spaced in web-mercator Y, -32768 never allowed.
  function decodeTER1(bytes, label) {
    if (bytes.length < 44) throw new Error(label + ": " + bytes.length + " bytes, shorter than the 44-byte TER1 header");
    var view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    var magic = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
    if (magic !== "TER1") throw new Error(label + ": magic is " + JSON.stringify(magic) + ", not TER1");
    var w = view.getUint32(4, true), h = view.getUint32(8, true);
    if (w < 2 || h < 2) throw new Error(label + ": grid is " + w + "x" + h + ", both must be at least 2");
    if (bytes.length !== 44 + 2 * w * h) throw new Error(label + ": " + bytes.length + " bytes, expected " + (44 + 2 * w * h));
    var g = { label: label, w: w, h: h, west: view.getFloat64(12, true), south: view.getFloat64(20, true),
              east: view.getFloat64(28, true), north: view.getFloat64(36, true), z: new Int16Array(w * h), sentinels: 0 };
    if (!(g.west < g.east && g.south < g.north)) throw new Error(label + ": bounds are not west < east, south < north");
    for (var i = 0; i < w * h; i++) {
      var v = view.getInt16(44 + 2 * i, true);
      if (v === SENTINEL) g.sentinels++;
      g.z[i] = v;
    }
    if (g.sentinels > 0) hook.problems.push(label + ": " + g.sentinels + " samples hold -32768, which TER1 forbids (drawn at the lowest other sample)");
    g.yN = mercY(g.north); g.yS = mercY(g.south);
    return g;
  }
  // Fractional column and row of a point (may lie outside the grid).
  function gridPos(g, lon, lat) {
    return [(lon - g.west) / (g.east - g.west) * (g.w - 1), (g.yN - mercY(lat)) / (g.yN - g.yS) * (g.h - 1)];
  }
  // The SPEC's sampler: bilinear in (lon, Y); null outside the grid or next to a sentinel.
  function sample(g, lon, lat) {
    var p = gridPos(g, lon, lat), c = p[0], r = p[1], eps = 1e-9;
    if (!(c >= -eps && r >= -eps && c <= g.w - 1 + eps && r <= g.h - 1 + eps)) return null;
    c = Math.min(Math.max(c, 0), g.w - 1); r = Math.min(Math.max(r, 0), g.h - 1);
    var c0 = Math.min(Math.floor(c), g.w - 2), r0 = Math.min(Math.floor(r), g.h - 2), fc = c - c0, fr = r - r0;
    var z00 = g.z[r0 * g.w + c0], z10 = g.z[r0 * g.w + c0 + 1], z01 = g.z[(r0 + 1) * g.w + c0], z11 = g.z[(r0 + 1) * g.w + c0 + 1];
    if (z00 === SENTINEL || z10 === SENTINEL || z01 === SENTINEL || z11 === SENTINEL) return null;
    var top = z00 + (z10 - z00) * fc, bottom = z01 + (z11 - z01) * fc;
    return top + (bottom - top) * fr;
  }
  function lonOf(g, c) { return g.west + c * (g.east - g.west) / (g.w - 1); }
  function latOf(g, r) { return latOfY(g.yN - r * (g.yN - g.yS) / (g.h - 1)); }

  // The flyover's frame (FlyoverFrame): web-mercator metres times cos(origin latitude), x east,
  // world -z north, world y the elevation times the exaggeration.
  var frame = null;
  function makeFrame(lon0, lat0) {
    var k = Math.cos(lat0 * Math.PI / 180);
    return { lon0: lon0, lat0: lat0, scale: k,
             x: function (lon) { return R * (lon - lon0) * Math.PI / 180 * k; },
             north: function (lat) { return R * (mercY(lat) - mercY(lat0)) * k; } };
  }
  function world(lon, lat, ele) { return new THREE.Vector3(frame.x(lon), ele, -frame.north(lat)); }

  var state = { exaggeration: 1, route: 0, distanceM: 0, playing: false, speedMps: 120 };
  var pack = {}, scene, camera, renderer, group, regionMesh, patchMesh = null, overlays = null, hillshadeTexture;

  function load() {
    var P = window.TRAILPACK_PACK;
    pack.manifest = jsonOf("manifest.json");
    pack.region = decodeTER1(bytesOf(pack.manifest.files.terrain.path), pack.manifest.files.terrain.path);
    pack.routes = pack.manifest.routes.map(function (entry, k) {
      var route = jsonOf(entry.file.path);
      return { entry: entry, doc: route, patch: decodeTER1(bytesOf(route.arPatch.path), route.arPatch.path),
               flyover: JSON.parse(new TextDecoder("utf-8").decode(bytesOf(P.flyovers[route.id]))), color: P.routeColors[k] };
    });
    var b = pack.manifest.bbox;
    frame = makeFrame((b[0] + b[2]) / 2, (b[1] + b[3]) / 2);
    pack.routes.forEach(function (r) {
      r.ground = routeGround(r);
      if (r.ground.verticesOver > 0) hook.problems.push(r.doc.id + ": the route's ele is " + r.ground.words);
    });
  }

  // The route's ele against the ground under it (its AR patch, the SPEC's sampler): the ribbon is
  // lifted RIBBON_LIFT_M, so a route sunk deeper would vanish under the mesh and one floating
  // higher would hang in the air; either is named (FlyoverRouteGround).
  function routeGround(route) {
    var out = { sunkM: 0, sunkIndex: 0, floatingM: 0, floatingIndex: 0, verticesOver: 0, words: "" };
    route.doc.coords.forEach(function (v, i) {
      var g = sample(route.patch, v[0], v[1]);
      if (g === null) return;
      if (g - v[2] > out.sunkM) { out.sunkM = g - v[2]; out.sunkIndex = i; }
      if (v[2] - g > out.floatingM) { out.floatingM = v[2] - g; out.floatingIndex = i; }
      if (Math.abs(v[2] - g) > RIBBON_LIFT_M) out.verticesOver++;
    });
    var parts = [];
    if (out.sunkM > RIBBON_LIFT_M) parts.push("sunk " + out.sunkM.toFixed(1) + " m under its AR patch at vertex " + out.sunkIndex);
    if (out.floatingM > RIBBON_LIFT_M) parts.push("floating " + out.floatingM.toFixed(1) + " m over it at vertex " + out.floatingIndex);
    out.words = parts.length === 0 ? "" : parts.join(" and ") + " (" + out.verticesOver + " vertices beyond the " + RIBBON_LIFT_M.toFixed(1) + " m the ribbon's lift hides)";
    return out;
  }

  // Texture coordinates of a point on the hillshade, whose outer pixel edges are its bounds.
  function hillshadeUV(lon, lat) {
    var hb = pack.manifest.files.hillshade.bounds;
    return [(lon - hb[0]) / (hb[2] - hb[0]), (mercY(lat) - mercY(hb[1])) / (mercY(hb[3]) - mercY(hb[1]))];
  }

  // 0, s, 2s, ... and n - 1: the grid lines a mesh keeps.
  function strideLines(n, s) { var out = []; for (var i = 0; i < n - 1; i += s) out.push(i); out.push(n - 1); return out; }
  function allLines(n) { return strideLines(n, 1); }
  // A mesh's vertices at the grid's columns cols and rows rows; heightAt(c, r, lon, lat) in grid indices.
  function gridGeometry(g, cols, rows, heightAt) {
    var nc = cols.length, nr = rows.length, pos = new Float32Array(nc * nr * 3), uv = new Float32Array(nc * nr * 2);
    for (var j = 0; j < nr; j++) {
      var r = rows[j], lat = latOf(g, r), zWorld = -frame.north(lat);
      for (var k = 0; k < nc; k++) {
        var c = cols[k], i = j * nc + k, lon = lonOf(g, c), t = hillshadeUV(lon, lat);
        pos[3 * i] = frame.x(lon); pos[3 * i + 1] = heightAt(c, r, lon, lat); pos[3 * i + 2] = zWorld;
        uv[2 * i] = t[0]; uv[2 * i + 1] = t[1];
      }
    }
    var geo = new THREE.BufferGeometry();
    geo.setAttribute("position", new THREE.BufferAttribute(pos, 3));
    geo.setAttribute("uv", new THREE.BufferAttribute(uv, 2));
    return geo;
  }
  // Two triangles per cell of an nc x nr mesh, (nw, sw, ne) and (ne, sw, se), where keep(k, j).
  function cellIndex(nc, nr, keep) {
    var idx = [];
    for (var j = 0; j + 1 < nr; j++) for (var k = 0; k + 1 < nc; k++) {
      if (!keep(k, j)) continue;
      var a = j * nc + k, b = a + 1, d = a + nc, e = d + 1;
      idx.push(a, d, b, b, d, e);
    }
    return new THREE.BufferAttribute(new Uint32Array(idx), 1);
  }
  function lowestSample(g) { var lo = Infinity; for (var i = 0; i < g.z.length; i++) if (g.z[i] !== SENTINEL) lo = Math.min(lo, g.z[i]); return lo; }

  // The region mesh: a vertex at every STRIDE-th column and row of terrain.bin (and its last),
  // the smallest stride that keeps it within MAX_REGION_VERTICES (FlyoverMesh); its cells wholly
  // inside the selected patch's core (inside its feather ring) are left out, the patch lies over
  // the rest.
  var FEATHER = 3, MAX_REGION_VERTICES = 1000000;
  function meshStride(w, h) {
    var s = 1;
    while (s * s * MAX_REGION_VERTICES < w * h) s++;
    while (strideLines(w, s).length * strideLines(h, s).length > MAX_REGION_VERTICES) s++;
    return s;
  }
  function buildRegion() {
    var g = pack.region, lo = lowestSample(g), s = meshStride(g.w, g.h);
    pack.mesh = { g: g, stride: s, cols: strideLines(g.w, s), rows: strideLines(g.h, s), lo: lo };
    var geo = gridGeometry(g, pack.mesh.cols, pack.mesh.rows, function (c, r) { var z = g.z[r * g.w + c]; return z === SENTINEL ? lo : z; });
    geo.setIndex(cellIndex(pack.mesh.cols.length, pack.mesh.rows.length, function () { return true; }));
    regionMesh = new THREE.Mesh(geo, terrainMaterial(1));
    group.add(regionMesh);
  }
  // The region mesh's surface at a point as drawn (its triangle); null outside the grid.
  function meshSample(lon, lat) {
    var m = pack.mesh, g = m.g, p = gridPos(g, lon, lat), eps = 1e-9;
    if (!(p[0] >= -eps && p[1] >= -eps && p[0] <= g.w - 1 + eps && p[1] <= g.h - 1 + eps)) return null;
    function cell(v, lines) { var i = Math.min(Math.floor(v / m.stride), lines.length - 2); return [i, (v - lines[i]) / (lines[i + 1] - lines[i])]; }
    var ci = cell(Math.min(Math.max(p[0], 0), g.w - 1), m.cols), rj = cell(Math.min(Math.max(p[1], 0), g.h - 1), m.rows);
    function z(k, j) { var v = g.z[m.rows[j] * g.w + m.cols[k]]; return v === SENTINEL ? m.lo : v; }
    var k = ci[0], j = rj[0], fc = ci[1], fr = rj[1];
    var z00 = z(k, j), z10 = z(k + 1, j), z01 = z(k, j + 1), z11 = z(k + 1, j + 1);
    if (fc + fr <= 1) return z00 + (z10 - z00) * fc + (z01 - z00) * fr;
    return z11 + (z01 - z11) * (1 - fc) + (z10 - z11) * (1 - fr);
  }
  function regionIndexFor(patch) {
    var m = pack.mesh, g = m.g, inset = FEATHER + 1;
    var west = lonOf(patch, inset), east = lonOf(patch, patch.w - 1 - inset);
    var north = latOf(patch, inset), south = latOf(patch, patch.h - 1 - inset);
    return cellIndex(m.cols.length, m.rows.length, function (k, j) {
      var w0 = lonOf(g, m.cols[k]), e0 = lonOf(g, m.cols[k + 1]), n0 = latOf(g, m.rows[j]), s0 = latOf(g, m.rows[j + 1]);
      return !(w0 >= west && e0 <= east && s0 >= south && n0 <= north);
    });
  }
  function terrainMaterial(offset) {
    return new THREE.MeshBasicMaterial({ map: hillshadeTexture, color: 0xf2ead6, side: THREE.DoubleSide,
                                         polygonOffset: offset !== 0, polygonOffsetFactor: offset, polygonOffsetUnits: offset });
  }
  // The patch mesh: its own samples, blended over FEATHER cells from its edge to the region mesh's
  // surface as drawn (meshSample), which its edge equals exactly: no crack, no step.
  function buildPatch(route) {
    var p = route.patch, lo = lowestSample(p);
    var geo = gridGeometry(p, allLines(p.w), allLines(p.h), function (c, r, lon, lat) {
      var own = p.z[r * p.w + c]; if (own === SENTINEL) own = lo;
      var reg = meshSample(lon, lat);
      if (reg === null) return own;
      var t = Math.min(1, Math.min(c, r, p.w - 1 - c, p.h - 1 - r) / FEATHER);
      return reg + (own - reg) * t;
    });
    geo.setIndex(cellIndex(p.w, p.h, function () { return true; }));
    return new THREE.Mesh(geo, terrainMaterial(0));
  }

  // The route as a ribbon at its own coords and ele, RIBBON_LIFT_M above it (the SPEC's tolerance
  // between ele and the AR patch: the mesh's triangles depart from the bilinear surface between
  // samples and would hide a ribbon laid exactly on it): at least 6 m wide, and at least
  // RIBBON_PX pixels wide across the view however far (updateRibbon, each frame).
  var RIBBON_HALF_M = 3, RIBBON_PX = 4, RIBBON_LIFT_M = 1;
  function ribbon(route) {
    var coords = route.doc.coords, n = coords.length;
    var pts = coords.map(function (v) { return world(v[0], v[1], v[2] + RIBBON_LIFT_M); }), normals = [];
    for (var i = 0; i < n; i++) {
      var a = pts[Math.max(0, i - 1)], b = pts[Math.min(n - 1, i + 1)];
      var dx = b.x - a.x, dz = b.z - a.z, len = Math.hypot(dx, dz) || 1;
      normals.push([-dz / len, dx / len]);
    }
    var idx = [];
    for (var k = 0; k + 1 < n; k++) idx.push(2 * k, 2 * k + 1, 2 * k + 2, 2 * k + 1, 2 * k + 3, 2 * k + 2);
    var geo = new THREE.BufferGeometry();
    geo.setAttribute("position", new THREE.BufferAttribute(new Float32Array(n * 6), 3));
    geo.setIndex(idx);
    var mat = new THREE.MeshBasicMaterial({ color: route.color, side: THREE.DoubleSide, polygonOffset: true,
                                            polygonOffsetFactor: -4, polygonOffsetUnits: -16 });
    var mesh = new THREE.Mesh(geo, mat);
    mesh.renderOrder = 2;
    mesh.frustumCulled = false;
    mesh.userData = { pts: pts, normals: normals };
    route.ribbonMesh = mesh;
    return mesh;
  }
  function updateRibbon(route, cam, heightPx) {
    var u = route.ribbonMesh.userData, pos = route.ribbonMesh.geometry.getAttribute("position"), ex = state.exaggeration;
    var perPx = 2 * Math.tan(cam.fov * Math.PI / 360) / heightPx;
    for (var i = 0; i < u.pts.length; i++) {
      var p = u.pts[i], d = Math.hypot(p.x - cam.position.x, p.y * ex - cam.position.y, p.z - cam.position.z);
      var half = Math.max(RIBBON_HALF_M, d * perPx * RIBBON_PX / 2), nx = u.normals[i][0] * half, nz = u.normals[i][1] * half;
      pos.setXYZ(2 * i, p.x + nx, p.y, p.z + nz); pos.setXYZ(2 * i + 1, p.x - nx, p.y, p.z - nz);
    }
    pos.needsUpdate = true;
  }

  function label(text, color, background) {
    var canvas = document.createElement("canvas"), ctx = canvas.getContext("2d"), px = 28;
    ctx.font = px + "px 'DejaVu Sans', sans-serif";
    var width = Math.ceil(ctx.measureText(text).width) + 16;
    canvas.width = width; canvas.height = px + 14;
    ctx.font = px + "px 'DejaVu Sans', sans-serif";
    ctx.fillStyle = background; ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = color; ctx.textBaseline = "middle"; ctx.fillText(text, 8, canvas.height / 2);
    var tex = new THREE.CanvasTexture(canvas); tex.minFilter = THREE.LinearFilter;
    var sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: tex, sizeAttenuation: false, depthTest: false }));
    var h = 0.045; sprite.scale.set(h * canvas.width / canvas.height, h, 1);
    sprite.center.set(0.5, 0); sprite.renderOrder = 5; sprite.userData.text = text;
    return sprite;
  }
  // Labels laid out on the screen each frame: inside the view (clear of a band of reservePx at its
  // top) and never over one another; waypoint instructions first, then landmarks, nearer first;
  // a label is raised by its own height (up to LABEL_TRIES times) off a placed one, else hidden.
  var LABEL_GAP_PX = 3, LABEL_TRIES = 4;
  function layoutLabels(cam, widthPx, heightPx, reservePx, offsetXPx) {
    var route = pack.routes[state.route], placed = [], out = [];
    var items = route.markers.map(function (m) { return { sprite: m.children[1], rank: 0 }; })
      .concat(route.landmarkSprites.filter(function (s) { return s.userData.shown; }).map(function (s) { return { sprite: s, rank: 1 }; }));
    items.forEach(function (it) {
      it.sprite.updateWorldMatrix(true, false);
      var a = new THREE.Vector3().setFromMatrixPosition(it.sprite.matrixWorld);
      it.dist = a.distanceTo(cam.position);
      it.ndc = a.project(cam);
    });
    items.sort(function (a, b) { return a.rank - b.rank || a.dist - b.dist; });
    items.forEach(function (it) {
      var sp = it.sprite, p = cam.projectionMatrix.elements, n = it.ndc;
      var w = sp.scale.x * p[0] * widthPx / 2, h = sp.scale.y * p[5] * heightPx / 2;
      var ax = (n.x + 1) / 2 * widthPx, ay = (n.y + 1) / 2 * heightPx, box = null;
      var inFront = n.z > -1 && n.z < 1 && ax >= -w / 2 && ax <= widthPx + w / 2 && ay >= 0 && ay <= heightPx;
      if (inFront && w <= widthPx - 2 * LABEL_GAP_PX) {
        var left = Math.min(Math.max(ax - w / 2, LABEL_GAP_PX), widthPx - w - LABEL_GAP_PX);
        for (var k = 0; k < LABEL_TRIES && !box; k++) {
          var bottom = Math.min(Math.max(ay + k * (h + LABEL_GAP_PX), LABEL_GAP_PX), heightPx - reservePx - h - LABEL_GAP_PX);
          var b = { left: left, bottom: bottom, w: w, h: h };
          if (!placed.some(function (q) { return b.left < q.left + q.w + LABEL_GAP_PX && q.left < b.left + b.w + LABEL_GAP_PX
                                                && b.bottom < q.bottom + q.h + LABEL_GAP_PX && q.bottom < b.bottom + b.h + LABEL_GAP_PX; })) box = b;
        }
      }
      sp.visible = !!box && (it.rank === 0 || sp.userData.shown);
      if (!box) return;
      placed.push(box);
      sp.center.set((ax - box.left) / w, (ay - box.bottom) / h);
      out.push({ text: sp.userData.text, left: offsetXPx + box.left, top: heightPx - box.bottom - h, width: w, height: h });
    });
    lastLabels.push({ viewLeft: offsetXPx, viewWidth: widthPx, viewHeight: heightPx, reserveTop: reservePx, boxes: out });
  }
  var lastLabels = [];

  var KIND_COLORS = { start: 0x1a9850, end: 0xd7191c, summit: 0x5a3a1a, junction: 0xffd92f, turn: 0xffffff, poi: 0x6a3d9a };

  function buildOverlays(route) {
    var o = new THREE.Group(), coords = route.doc.coords;
    o.add(ribbon(route));
    route.markers = route.doc.waypoints.map(function (wp) {
      var v = coords[wp.i], m = new THREE.Group();
      var pole = new THREE.Mesh(new THREE.CylinderGeometry(1.2, 1.2, 30, 6), new THREE.MeshBasicMaterial({ color: KIND_COLORS[wp.kind] || 0xffffff }));
      pole.position.y = 15; m.add(pole);
      var tag = label(wp.instruction, "#111", "rgba(255,255,255,0.85)"); tag.position.y = 32; m.add(tag);
      m.userData = { i: wp.i, base: world(v[0], v[1], v[2]) };
      o.add(m);
      return m;
    });
    route.landmarkSprites = (route.doc.landmarks || []).map(function (lm) {
      var s = label("\u25B2 " + lm.name, "#fff", "rgba(60,40,20,0.8)");
      s.userData = { base: world(lm.lon, lm.lat, lm.ele), visible: lm.visible, name: lm.name, text: s.userData.text };
      o.add(s);
      return s;
    });
    var walker = new THREE.Mesh(new THREE.SphereGeometry(5, 12, 8), new THREE.MeshBasicMaterial({ color: 0xffff00 }));
    walker.renderOrder = 3; o.add(walker); route.walkerMesh = walker;
    return o;
  }

  // The region, the patch and the ribbon drawn at the page's exaggeration (markers and the
  // camera take it as they are placed).
  function applyExaggeration() {
    regionMesh.scale.y = patchMesh.scale.y = overlays.children[0].scale.y = state.exaggeration;
  }

  function selectRoute(k) {
    state.route = k;
    var route = pack.routes[k];
    if (patchMesh) { group.remove(patchMesh); patchMesh.geometry.dispose(); }
    if (overlays) {
      group.remove(overlays);
      overlays.traverse(function (o) {
        if (o.geometry) o.geometry.dispose();
        if (o.material) { if (o.material.map) o.material.map.dispose(); o.material.dispose(); }
      });
    }
    regionMesh.geometry.setIndex(regionIndexFor(route.patch));
    patchMesh = buildPatch(route); group.add(patchMesh);
    overlays = buildOverlays(route); group.add(overlays);
    applyExaggeration();
    state.distanceM = 0;
    var scrub = document.getElementById("scrub");
    if (scrub) { scrub.max = route.flyover.lengthM; scrub.value = 0; }
  }

  // The flyover at a distance: keyframes interpolated linearly (position, target, walker).
  function frameAt(route, d) {
    var ks = route.flyover.keyframes, lo = 0, hi = ks.length - 1;
    d = Math.min(Math.max(d, 0), ks[hi].distanceM);
    while (hi - lo > 1) { var mid = (lo + hi) >> 1; if (ks[mid].distanceM <= d) lo = mid; else hi = mid; }
    var a = ks[lo], b = ks[hi], span = b.distanceM - a.distanceM, t = span > 0 ? (d - a.distanceM) / span : 0;
    function mix(p, q) { return [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t, p[2] + (q[2] - p[2]) * t]; }
    return { distanceM: d, position: mix(a.position, b.position), target: mix(a.target, b.target), walker: mix(a.walker, b.walker), fovDeg: a.fovDeg };
  }
  function nearestVertex(route, d) {
    var cum = route.doc.cum, lo = 0, hi = cum.length - 1;
    while (hi - lo > 1) { var mid = (lo + hi) >> 1; if (cum[mid] <= d) lo = mid; else hi = mid; }
    return d - cum[lo] <= cum[hi] - d ? lo : hi;
  }
  function place(obj, base, lift) { obj.position.set(base.x, base.y * state.exaggeration + (lift || 0), base.z); }

  // Puts camera, walker, markers and landmark labels where they are at distance d; the labels laid
  // out in view (x offset, width, height, reserved top band in px: the whole canvas by default).
  function setDistance(d, cam, aspect, view) {
    var route = pack.routes[state.route], f = frameAt(route, d), ex = state.exaggeration;
    state.distanceM = f.distanceM;
    cam = cam || camera;
    cam.fov = f.fovDeg; cam.aspect = aspect || cam.aspect; cam.updateProjectionMatrix();
    var p = world(f.position[0], f.position[1], f.position[2] * ex), t = world(f.target[0], f.target[1], f.target[2] * ex);
    cam.position.copy(p); cam.up.set(0, 1, 0); cam.lookAt(t); cam.updateMatrixWorld(true);
    updateRibbon(route, cam, renderer.domElement.height);
    route.walkerMesh.position.copy(world(f.walker[0], f.walker[1], f.walker[2] * ex));
    route.markers.forEach(function (m) { m.position.set(m.userData.base.x, m.userData.base.y * ex, m.userData.base.z); m.scale.y = 1; });
    var i = nearestVertex(route, f.distanceM);
    route.landmarkSprites.forEach(function (s) {
      s.visible = s.userData.shown = s.userData.visible.some(function (v) { return v[0] <= i && i <= v[1]; });
      place(s, s.userData.base, 8);
    });
    view = view || { x: 0, w: renderer.domElement.width, h: renderer.domElement.height, reserve: 0 };
    if (!view.keepLabels) lastLabels = [];
    layoutLabels(cam, view.w, view.h, view.reserve, view.x);
    return f;
  }

  function nextInstruction(route, d) {
    var cum = route.doc.cum, wps = route.doc.waypoints;
    for (var k = 0; k < wps.length; k++) if (cum[wps[k].i] >= d - 0.5 && wps[k].kind !== "start") return { wp: wps[k], inM: cum[wps[k].i] - d };
    return null;
  }
  function metres(v) { return Math.round(v).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",") + " m"; }

  function updateReadout(f) {
    var route = pack.routes[state.route], i = nearestVertex(route, f.distanceM), next = nextInstruction(route, f.distanceM);
    var el = document.getElementById("readout");
    if (!el) return;
    el.textContent = (f.distanceM / 1000).toFixed(2) + " of " + (route.flyover.lengthM / 1000).toFixed(2) + " km \u00B7 "
      + metres(route.doc.coords[i][2]) + (next ? " \u00B7 in " + metres(next.inM) + ": " + next.wp.instruction : "");
    var scrub = document.getElementById("scrub"); if (scrub) scrub.value = f.distanceM;
  }

  function renderAt(d) { var f = setDistance(d); renderer.render(scene, camera); updateReadout(f); return f; }

  function highestKeyframe(route) {
    var ks = route.flyover.keyframes, best = 0;
    for (var k = 1; k < ks.length; k++) if (ks[k].walker[2] > ks[best].walker[2]) best = k;
    return ks[best].distanceM;
  }

  // The stills' three places: the start, the highest point and the end; where the highest point
  // lies within STILL_GAP_SHARE of the route's length (and at least STILL_GAP_MIN_M) of the start
  // or the end (a summit at the end), its still would repeat that one: the half-way point instead.
  var STILL_GAP_SHARE = 0.1, STILL_GAP_MIN_M = 300;
  function stillMarks(route) {
    var L = route.flyover.lengthM, top = highestKeyframe(route), gap = Math.max(STILL_GAP_SHARE * L, STILL_GAP_MIN_M);
    return [["Start", 0], top >= gap && top <= L - gap ? ["Highest point", top] : ["Half-way", L / 2], ["End", L]];
  }

  // A still looks up far enough that the skyline (the highest angle of the drawn terrain seen
  // from the camera, across the view's width) lies STILL_SKY_DEG under the frame's top while the
  // walker stays within STILL_WALKER_SHARE of the half field of view below the centre; where one
  // field of view cannot hold both, the still's field of view widens (to STILL_MAX_FOV_DEG at
  // most, the walker kept first): a climb's start shows the mountain and the sky over it.
  var STILL_SKY_DEG = 6, STILL_WALKER_SHARE = 0.85, STILL_MAX_FOV_DEG = 80;
  function skylineDeg(cam, f) {
    var dir = new THREE.Vector3(); cam.getWorldDirection(dir);
    var heading = Math.atan2(dir.x, -dir.z), half = Math.atan(Math.tan(cam.fov * Math.PI / 360) * cam.aspect), best = -90;
    for (var k = -2; k <= 2; k++) {
      var bearing = heading + half * k / 2, dx = Math.sin(bearing), dz = -Math.cos(bearing);
      for (var d = 40; d < 60000; d *= 1.02) {
        var x = cam.position.x + dx * d, z = cam.position.z + dz * d;
        var lon = frame.lon0 + x / (R * frame.scale) * 180 / Math.PI, lat = latOfY(mercY(frame.lat0) - z / (R * frame.scale));
        var g = meshSample(lon, lat);
        if (g === null) { if (d > 2000) break; else continue; }
        best = Math.max(best, Math.atan2(g * state.exaggeration - cam.position.y, d) * 180 / Math.PI);
      }
    }
    return best;
  }
  function aimForSky(cam, f, heightPx) {
    var dir = new THREE.Vector3(); cam.getWorldDirection(dir);
    var centre = Math.asin(dir.y) * 180 / Math.PI, sky = skylineDeg(cam, f) + STILL_SKY_DEG;
    if (centre + cam.fov / 2 >= sky) return [centre, cam.fov];
    var w = world(f.walker[0], f.walker[1], f.walker[2] * state.exaggeration).sub(cam.position);
    var walkerDeg = Math.atan2(w.y, Math.hypot(w.x, w.z)) * 180 / Math.PI, fov = cam.fov, up;
    if (sky - cam.fov / 2 <= walkerDeg + STILL_WALKER_SHARE * cam.fov / 2) up = sky - cam.fov / 2;
    else {
      fov = Math.min(STILL_MAX_FOV_DEG, 2 * (sky - walkerDeg) / (1 + STILL_WALKER_SHARE));
      up = Math.min(sky - fov / 2, walkerDeg + STILL_WALKER_SHARE * fov / 2);
    }
    var h = Math.hypot(dir.x, dir.z), t = Math.tan(up * Math.PI / 180);
    cam.fov = fov; cam.updateProjectionMatrix();
    cam.lookAt(cam.position.clone().add(new THREE.Vector3(dir.x / h, t, dir.z / h)));
    cam.updateMatrixWorld(true);
    updateRibbon(pack.routes[state.route], cam, heightPx);
    return [up, fov];
  }

  // Captions take the stills' top band: labels stay under it.
  var STILL_CAPTION_PX = 26;
  function stills(routeId) {
    var k = pack.routes.findIndex(function (r) { return r.doc.id === routeId; });
    if (k < 0) throw new Error("no route " + routeId);
    selectRoute(k);
    var route = pack.routes[k], W = renderer.domElement.width / renderer.getPixelRatio(), H = renderer.domElement.height / renderer.getPixelRatio();
    var marks = stillMarks(route), w = Math.floor(W / 3);
    renderer.setScissorTest(true);
    lastLabels = [];
    marks.forEach(function (m, j) {
      var view = { x: j * w, w: w, h: H, reserve: STILL_CAPTION_PX, keepLabels: true }, f = setDistance(m[1], camera, w / H, view);
      var aim = aimForSky(camera, f, H); m.push(aim[0], aim[1]);
      lastLabels.pop(); layoutLabels(camera, view.w, view.h, view.reserve, view.x);
      renderer.setViewport(j * w, 0, w, H); renderer.setScissor(j * w, 0, w, H);
      renderer.render(scene, camera);
      var cap = document.getElementById("cap" + j);
      cap.textContent = m[0] + ": " + (f.distanceM / 1000).toFixed(2) + " km, " + metres(f.walker[2] - route.flyover.clearance.walkerHeightM);
    });
    renderer.setScissorTest(false); renderer.setViewport(0, 0, W, H);
    return marks;
  }

  function startUI() {
    var select = document.getElementById("route");
    pack.routes.forEach(function (r, k) { var o = document.createElement("option"); o.value = k; o.textContent = r.doc.name; select.appendChild(o); });
    select.onchange = function () { selectRoute(+select.value); renderAt(0); };
    var play = document.getElementById("play");
    play.onclick = function () { state.playing = !state.playing; play.textContent = state.playing ? "Pause" : "Play"; last = null; };
    document.getElementById("scrub").oninput = function (e) { state.playing = false; play.textContent = "Play"; renderAt(+e.target.value); };
    document.getElementById("exag").oninput = function (e) {
      state.exaggeration = +e.target.value;
      applyExaggeration();
      document.getElementById("exagValue").textContent = state.exaggeration.toFixed(1) + "\u00D7";
      renderAt(state.distanceM);
    };
    document.getElementById("speed").onchange = function (e) { state.speedMps = +e.target.value; };
    var last = null;
    function tick(now) {
      if (state.playing) {
        var route = pack.routes[state.route];
        if (last !== null) {
          var d = state.distanceM + state.speedMps * (now - last) / 1000;
          if (d >= route.flyover.lengthM) { d = route.flyover.lengthM; state.playing = false; play.textContent = "Play"; }
          renderAt(d);
        }
        last = now;
      } else last = null;
      requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
  }

  // A region without routes: the whole mesh seen from the south-west, 30 degrees down.
  function overview(span) {
    var g = pack.region, mid = (lowestSample(g) + g.z.reduce(function (a, v) { return Math.max(a, v); }, -Infinity)) / 2;
    camera.position.set(-0.35 * span, mid + 0.35 * span, 0.55 * span); camera.lookAt(0, mid, 0); camera.updateMatrixWorld(true);
    renderer.render(scene, camera);
    document.getElementById("readout").textContent = "This region has no routes: no flyover.";
  }

  function start(params) {
    var canvas = document.getElementById("view");
    renderer = new THREE.WebGLRenderer({ canvas: canvas, antialias: true, preserveDrawingBuffer: true });
    renderer.setPixelRatio(1);
    renderer.setSize(canvas.clientWidth, canvas.clientHeight, false);
    scene = new THREE.Scene(); scene.background = new THREE.Color(0xa9cfee);
    var b = pack.manifest.bbox, span = Math.hypot(frame.x(b[2]) - frame.x(b[0]), frame.north(b[3]) - frame.north(b[1]));
    camera = new THREE.PerspectiveCamera(50, canvas.clientWidth / canvas.clientHeight, 10, 4 * span + 20000);
    group = new THREE.Group(); scene.add(group);
    buildRegion();
    if (params.stills) stills(params.stills);
    else if (pack.routes.length === 0) overview(span);
    else {
      var k = params.route ? Math.max(0, pack.routes.findIndex(function (r) { return r.doc.id === params.route; })) : 0;
      selectRoute(k); startUI();
      document.getElementById("route").value = k;
      renderAt(params.d ? +params.d : 0);
    }
    hook.ready = true;
  }

  // The test hook: the page's grids, sampler, frame and camera, for a browser test.
  hook.sample = function (which, lon, lat) {
    var g = which === "region" ? pack.region : pack.routes.find(function (r) { return r.doc.id === which; }).patch;
    return sample(g, lon, lat);
  };
  hook.grid = function (which) {
    var g = which === "region" ? pack.region : pack.routes.find(function (r) { return r.doc.id === which; }).patch;
    return { w: g.w, h: g.h, west: g.west, south: g.south, east: g.east, north: g.north, sentinels: g.sentinels };
  };
  hook.frame = function () { return { lon0: frame.lon0, lat0: frame.lat0, scale: frame.scale, radiusM: R }; };
  // Shows route routeId at distance d with an exaggeration; options.ribbonOnly hides the
  // markers, labels and walker (which lie over the ribbon) for the test of the ribbon's pixels.
  hook.show = function (routeId, d, exaggeration, options) {
    var k = pack.routes.findIndex(function (r) { return r.doc.id === routeId; });
    if (k !== state.route || !patchMesh) selectRoute(k);
    state.exaggeration = exaggeration || 1;
    applyExaggeration();
    var ribbonOnly = !!(options && options.ribbonOnly);
    overlays.children.forEach(function (o, j) { o.visible = j === 0 || !ribbonOnly; });
    var f = setDistance(d);
    if (ribbonOnly) pack.routes[k].landmarkSprites.forEach(function (s) { s.visible = false; });
    renderer.render(scene, camera); updateReadout(f);
    return { keyframe: f, width: renderer.domElement.width, height: renderer.domElement.height,
             projection: camera.projectionMatrix.elements.slice(), view: camera.matrixWorldInverse.elements.slice(),
             position: camera.position.toArray(), routeColor: pack.routes[k].color,
             landmarks: pack.routes[k].landmarkSprites.filter(function (s) { return s.userData.shown; }).map(function (s) { return s.userData.name; }) };
  };
  // The region mesh as drawn: its stride, vertex count and cap.
  hook.mesh = function () {
    var m = pack.mesh;
    return { stride: m.stride, columns: m.cols.length, rows: m.rows.length, vertices: regionMesh.geometry.getAttribute("position").count,
             maxVertices: MAX_REGION_VERTICES };
  };
  // A region mesh vertex as drawn: grid column and row, lon, lat, world y (with the exaggeration)
  // and the sample; (k, j) count the mesh's own columns and rows.
  hook.regionVertex = function (k, j) {
    var m = pack.mesh, pos = regionMesh.geometry.getAttribute("position"), i = j * m.cols.length + k;
    regionMesh.updateMatrixWorld(true);
    var v = new THREE.Vector3(pos.getX(i), pos.getY(i), pos.getZ(i)).applyMatrix4(regionMesh.matrixWorld);
    var c = m.cols[k], r = m.rows[j];
    return [c, r, lonOf(m.g, c), latOf(m.g, r), v.y, m.g.z[r * m.g.w + c]];
  };
  hook.meshSample = function (lon, lat) { return meshSample(lon, lat); };
  // The flight as the page plays it: every stepM along the route, the interpolated camera and
  // walker, [d, lon, lat, ele, lon, lat, ele].
  hook.flight = function (routeId, stepM) {
    var route = pack.routes.find(function (r) { return r.doc.id === routeId; }), out = [];
    for (var d = 0; d <= route.flyover.lengthM + 1e-9; d += stepM) {
      var f = frameAt(route, d);
      out.push([f.distanceM, f.position[0], f.position[1], f.position[2], f.walker[0], f.walker[1], f.walker[2]]);
    }
    return out;
  };
  // The route's ele against its AR patch (routeGround).
  hook.routeGround = function (routeId) { return pack.routes.find(function (r) { return r.doc.id === routeId; }).ground; };
  // The labels laid out at the last render: per view its place and size, the boxes in canvas
  // pixels (y down) with their text.
  hook.labels = function () { return lastLabels; };
  // Draws the stills of routeId into the canvas; returns their places and captions.
  hook.stills = function (routeId) {
    document.body.className = "stills";
    var marks = stills(routeId);
    return marks.map(function (m, j) { return { label: m[0], distanceM: m[1], centreDeg: m[2], fovDeg: m[3], caption: document.getElementById("cap" + j).textContent }; });
  };
  // The page's state: exaggeration, distance, camera position.
  hook.state = function () {
    return { exaggeration: state.exaggeration, distanceM: state.distanceM, position: camera.position.toArray(),
             regionScaleY: regionMesh.scale.y, patchScaleY: patchMesh ? patchMesh.scale.y : null,
             ribbonScaleY: overlays ? overlays.children[0].scale.y : null };
  };
  // The canvas as drawn last, a PNG data URL.
  hook.picture = function () { return renderer.domElement.toDataURL("image/png"); };
  // The ribbon as drawn: per route vertex its two edges, [x, y, z, x, y, z] in the frame.
  hook.ribbonLiftM = RIBBON_LIFT_M;
  hook.ribbon = function () { return Array.prototype.slice.call(pack.routes[state.route].ribbonMesh.geometry.getAttribute("position").array); };
  hook.keyframes = function (routeId) { return pack.routes.find(function (r) { return r.doc.id === routeId; }).flyover.keyframes; };
  // The patch mesh's edge vertices (lon, lat, elevation as drawn) of the selected route.
  hook.patchEdge = function () {
    var p = pack.routes[state.route].patch, pos = patchMesh.geometry.getAttribute("position"), out = [];
    for (var r = 0; r < p.h; r++) for (var c = 0; c < p.w; c++) {
      if (r !== 0 && c !== 0 && r !== p.h - 1 && c !== p.w - 1) continue;
      out.push([lonOf(p, c), latOf(p, r), pos.getY(r * p.w + c), p.z[r * p.w + c]]);
    }
    return out;
  };

  hook.start = function () {
    var params = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) { var p = kv.split("="); if (p[0]) params[p[0]] = decodeURIComponent(p[1] || ""); });
    if (params.stills) document.body.className = "stills";
    var image = new Image();
    image.onload = function () {
      try {
        hillshadeTexture = new THREE.Texture(image); hillshadeTexture.needsUpdate = true;
        hillshadeTexture.minFilter = THREE.LinearFilter; hillshadeTexture.generateMipmaps = false;
        start(params);
      } catch (e) { hook.error = String(e && e.stack || e); document.getElementById("error").textContent = "3D view failed: " + e; }
      if (hook.problems.length) document.getElementById("error").textContent = hook.problems.join("; ");
    };
    image.onerror = function () { hook.error = "hillshade.png does not decode"; document.getElementById("error").textContent = hook.error; };
    try {
      load();
      image.src = "data:image/png;base64," + window.TRAILPACK_PACK.files[pack.manifest.files.hillshade.path];
    } catch (e) { hook.error = String(e); document.getElementById("error").textContent = "3D view failed: " + e; }
  };
})();
window.trailpack3d.start();
"""#

    static let shell = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<title>@TITLE@</title>
<style>
html, body { margin: 0; height: 100%; overflow: hidden; font-family: "DejaVu Sans", sans-serif; background: #a9cfee; }
#bar { position: absolute; left: 0; right: 0; bottom: 0; padding: 6px 10px; background: rgba(255,255,255,0.88); font-size: 14px; }
#bar input[type=range]#scrub { width: 50%; vertical-align: middle; }
#readout { display: block; margin-top: 4px; }
#error { position: absolute; top: 0; left: 0; right: 0; color: #b00; background: rgba(255,255,255,0.9); font-weight: bold; }
#error:empty { display: none; }
#view { width: 100%; height: 100%; display: block; }
#caps { display: none; }
body.stills #bar { display: none; }
body.stills #caps { display: flex; position: absolute; top: 0; left: 0; right: 0; }
body.stills #caps span { flex: 1; text-align: center; font-size: 16px; background: rgba(255,255,255,0.8); margin: 0 1px; }
</style>
</head>
<body>
<canvas id="view"></canvas>
<div id="caps"><span id="cap0"></span><span id="cap1"></span><span id="cap2"></span></div>
<div id="bar">
<select id="route"></select>
<button id="play">Play</button>
<input id="scrub" type="range" min="0" max="1" step="1" value="0"/>
<label>Exaggeration <input id="exag" type="range" min="1" max="3" step="0.5" value="1"/> <span id="exagValue">1.0×</span></label>
<label>Speed <select id="speed"><option value="40">40 m/s</option><option value="120" selected="selected">120 m/s</option><option value="400">400 m/s</option></select></label>
<span id="readout"></span>
</div>
<div id="error"></div>
<script src="three.min.js"></script>
<script src="@DATA@"></script>
<script src="trailpack-3d.js"></script>
</body>
</html>
"""#
}
