#!/usr/bin/env python3
"""Renders a MapLibre style (a region folder's style.json, or any style file) to a PNG with
MapLibre Native (mapli), headless and offline, for the test suite.

    render_style.py --style packs/regions/x --center -71.39,44.50 --zoom 15 --size 512x512 \
        --out map.png [--bearing 0] [--pixel-ratio 1] [--only-layers a,b [--keep-background]] \
        [--timeout 60] [--write-style rewritten.json]

Every relative URL of the style (a source's `data`, `url`, `urls`, `tiles`; `glyphs`; `sprite`)
is made absolute against the style's folder, as a client does: `file://` for plain paths,
`mbtiles:///abs` for `mbtiles://rel`, `pmtiles://file:///abs` for `pmtiles://rel`. A style with
an http(s) URL is refused: nothing is ever fetched from the network.

The render runs in a child process killed after `--timeout` seconds (MapLibre's still render
waits forever e.g. for an image source no layer uses). It prints one JSON object on stdout:
`ok`, `out`, `width`/`height` (image pixels), `seconds` (wall, child start included),
`startSeconds` (in the child: mapli import and renderer start), `renderSeconds` (style load
and render), `childMaxRSSMB`, `layers`,
`prunedSources`, `warnings`, `errors`. mapli does not expose MapLibre's log: `warnings` holds
this script's own checks (missing files, unknown layer types or sources, unused sources) and
whatever the child printed on stderr (Mesa/EGL messages).

Exit status: 0 rendered, 1 render failure, timeout or refused style, 2 usage error.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import urllib.parse

LAYER_TYPES = {"background", "fill", "line", "symbol", "circle", "heatmap", "fill-extrusion",
               "raster", "hillshade", "color-relief", "sky", "location-indicator"}


class Refused(Exception):
    """The style cannot be rendered offline (an http URL) or cannot be read."""


# ---------------------------------------------------------------------------- URL rewriting

def absolute_url(url, base_dir, where, warnings):
    """`url` made absolute against `base_dir`; raises Refused for a network URL."""
    scheme, sep, rest = url.partition("://")
    if sep and scheme.lower() in ("http", "https"):
        raise Refused(f"{where}: network URL refused (offline only): {url}")
    if not sep:
        return file_url(resolve(url, base_dir, where, warnings))
    if scheme == "mbtiles" and not rest.startswith("/"):
        return "mbtiles://" + urllib.parse.quote(resolve(rest, base_dir, where, warnings), safe="/{}")
    if scheme == "pmtiles" and "://" not in rest:
        return "pmtiles://" + file_url(resolve(rest, base_dir, where, warnings))
    if scheme not in ("file", "mbtiles", "pmtiles"):
        warnings.append(f"{where}: URL scheme '{scheme}' left as it is: {url}")
    return url


def resolve(path, base_dir, where, warnings):
    """The absolute path of `path` against `base_dir`; warns when it leaves the folder."""
    full = os.path.normpath(os.path.join(base_dir, urllib.parse.unquote(path)))
    if os.path.commonpath([full, base_dir]) != base_dir:
        warnings.append(f"{where}: URL leaves the style's folder: {path}")
    return full


def file_url(path):
    """A file:// URL for an absolute path, template braces kept."""
    return "file://" + urllib.parse.quote(path, safe="/{}")


def rewrite_urls(style, base_dir, warnings):
    """Rewrites, in place, every URL of `style` against `base_dir`."""
    for name, source in (style.get("sources") or {}).items():
        where = f"sources.{name}"
        for key in ("data", "url"):
            if isinstance(source.get(key), str):
                source[key] = absolute_url(source[key], base_dir, f"{where}.{key}", warnings)
        for key in ("tiles", "urls"):
            if isinstance(source.get(key), list):
                source[key] = [absolute_url(u, base_dir, f"{where}.{key}", warnings) for u in source[key]]
    if isinstance(style.get("glyphs"), str):
        style["glyphs"] = absolute_url(style["glyphs"], base_dir, "glyphs", warnings)
    sprite = style.get("sprite")
    if isinstance(sprite, str):
        style["sprite"] = absolute_url(sprite, base_dir, "sprite", warnings)
    elif isinstance(sprite, list):
        for entry in sprite:
            entry["url"] = absolute_url(entry["url"], base_dir, f"sprite.{entry.get('id')}", warnings)


# ---------------------------------------------------------------------------- checks

def local_path(url):
    """The file a file:// or mbtiles:// URL without template tokens names, else None."""
    for prefix in ("file://", "mbtiles://", "pmtiles://file://"):
        if url.startswith(prefix) and "{" not in url:
            return urllib.parse.unquote(url[len(prefix):])
    return None


def check_files(style, warnings):
    """Warns about local files the style names that do not exist (MapLibre then fails the
    render with an empty message)."""
    urls = []
    for name, source in (style.get("sources") or {}).items():
        for key in ("data", "url"):
            if isinstance(source.get(key), str):
                urls.append((f"sources.{name}.{key}", source[key]))
        for u in source.get("tiles") or []:
            urls.append((f"sources.{name}.tiles", u))
    if isinstance(style.get("sprite"), str):
        for suffix in (".json", ".png"):
            urls.append(("sprite", style["sprite"] + suffix))
    for where, url in urls:
        path = local_path(url)
        if path is not None and not os.path.isfile(path):
            warnings.append(f"{where}: missing file {path}")


def check_layers(style, warnings):
    """Warns about layers MapLibre would drop silently and sources no layer uses."""
    sources = style.get("sources") or {}
    used = set()
    for layer in style.get("layers") or []:
        lid, ltype, src = layer.get("id"), layer.get("type"), layer.get("source")
        if ltype not in LAYER_TYPES:
            warnings.append(f"layer {lid}: unknown type {ltype!r} (MapLibre drops the layer)")
        if src is not None and src not in sources:
            warnings.append(f"layer {lid}: unknown source {src!r} (MapLibre drops the layer)")
        used.add(src)
    for name, source in sources.items():
        if name not in used:
            extra = " (MapLibre's still render waits for it forever)" if source.get("type") == "image" else ""
            warnings.append(f"source {name}: used by no layer{extra}")


def keep_layers(style, ids, keep_background):
    """Keeps only the layers `ids` (and the background layers if asked) and the sources they
    use; the names of the sources dropped."""
    wanted = set(ids)
    missing = wanted - {layer.get("id") for layer in style.get("layers") or []}
    if missing:
        raise Refused(f"--only-layers: no layer {', '.join(sorted(missing))} in the style")
    style["layers"] = [layer for layer in style["layers"] if layer.get("id") in wanted
                       or (keep_background and layer.get("type") == "background")]
    used = {layer.get("source") for layer in style["layers"]}
    pruned = sorted(name for name in style.get("sources") or {} if name not in used)
    for name in pruned:
        del style["sources"][name]
    return pruned


# ---------------------------------------------------------------------------- rendering

def child_main(job_path):
    """In the child: renders the job (a JSON file) and prints the render time and size."""
    os.environ["EGL_PLATFORM"] = "surfaceless"
    with open(job_path) as f:
        job = json.load(f)
    start = time.monotonic()
    import mapli
    pool = mapli.RenderPool(workers=1)
    pool.register_style("s", json=job["style"])
    started = time.monotonic()
    png = pool.render("s", lon=job["lon"], lat=job["lat"], zoom=job["zoom"], width=job["width"],
                      height=job["height"], bearing=job["bearing"], pixel_ratio=job["pixelRatio"])
    with open(job["out"], "wb") as f:
        f.write(png)
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    print(json.dumps({"startSeconds": round(started - start, 4), "renderSeconds": round(time.monotonic() - started, 4),
                      "width": width, "height": height}))


def run_child(job, timeout):
    """Runs the render in a child process group, killed after `timeout` seconds; (result or
    None, stderr lines, error or None)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(job, f)
    # Offline: should any URL still reach libcurl, it goes to a closed local port and fails.
    env = dict(os.environ, EGL_PLATFORM="surfaceless", http_proxy="http://127.0.0.1:9",
               https_proxy="http://127.0.0.1:9", ALL_PROXY="http://127.0.0.1:9", no_proxy="")
    proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child", f.name], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, err = proc.communicate()
        return None, lines(err), f"timeout: the renderer did not finish within {timeout:g} s (killed)"
    finally:
        os.unlink(f.name)
    if proc.returncode != 0:
        return None, lines(err), f"renderer exited {proc.returncode}: {last_error(err)}"
    return json.loads(out), lines(err), None


def lines(data):
    """Non-empty lines of a byte string."""
    return [line for line in data.decode("utf-8", "replace").splitlines() if line.strip()]


def renderer_log(found):
    """What the child printed before a Python traceback (Mesa/EGL messages)."""
    return found[:found.index("Traceback (most recent call last):")] if "Traceback (most recent call last):" in found else found


def last_error(err):
    """The last line of a child's stderr (the Python exception), or a placeholder."""
    found = lines(err)
    return found[-1] if found else "(no message)"


# ---------------------------------------------------------------------------- command line

def parse_args(argv):
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--style", required=True, help="style JSON file, or a region folder (its style.json)")
    p.add_argument("--center", required=True, help="LON,LAT")
    p.add_argument("--zoom", required=True, type=float)
    p.add_argument("--size", required=True, help="WxH in logical pixels")
    p.add_argument("--out", required=True, help="PNG to write")
    p.add_argument("--bearing", type=float, default=0.0)
    p.add_argument("--pixel-ratio", type=float, default=1.0)
    p.add_argument("--only-layers", help="comma-separated layer ids to keep")
    p.add_argument("--keep-background", action="store_true", help="with --only-layers: keep background layers")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds before the render is killed")
    p.add_argument("--write-style", help="also write the rewritten style here")
    args = p.parse_args(join_values(argv))
    try:
        args.lon, args.lat = (float(v) for v in args.center.split(","))
        args.width, args.height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        p.error("--center is LON,LAT and --size is WxH")
    return args


def join_values(argv):
    """`--center -71,44` as `--center=-71,44` (argparse takes a leading '-' for an option)."""
    joined, i = [], 0
    while i < len(argv):
        if argv[i] in ("--center", "--bearing") and i + 1 < len(argv):
            joined.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
        else:
            joined.append(argv[i])
            i += 1
    return joined


def prepare(args, warnings):
    """The style to render, rewritten and filtered; the sources pruned."""
    path = os.path.join(args.style, "style.json") if os.path.isdir(args.style) else args.style
    try:
        with open(path) as f:
            style = json.load(f)
    except (OSError, ValueError) as e:
        raise Refused(f"cannot read style {path}: {e}")
    rewrite_urls(style, os.path.dirname(os.path.abspath(path)), warnings)
    pruned = []
    if args.only_layers:
        pruned = keep_layers(style, args.only_layers.split(","), args.keep_background)
    check_layers(style, warnings)
    check_files(style, warnings)
    return style, pruned


def main(argv):
    """Renders and prints the JSON report; the exit status."""
    if len(argv) == 2 and argv[0] == "--child":
        child_main(argv[1])
        return 0
    args = parse_args(argv)
    start = time.monotonic()
    report = {"ok": False, "out": os.path.abspath(args.out), "warnings": [], "errors": []}
    try:
        style, report["prunedSources"] = prepare(args, report["warnings"])
    except Refused as e:
        return finish(report, str(e))
    if args.write_style:
        with open(args.write_style, "w") as f:
            json.dump(style, f, indent=1)
    report["layers"] = [layer.get("id") for layer in style.get("layers") or []]
    job = {"style": style, "lon": args.lon, "lat": args.lat, "zoom": args.zoom, "width": args.width,
           "height": args.height, "bearing": args.bearing, "pixelRatio": args.pixel_ratio, "out": report["out"]}
    result, log, error = run_child(job, args.timeout)
    report["warnings"] += [f"renderer: {line}" for line in renderer_log(log)]
    report["seconds"] = round(time.monotonic() - start, 4)
    report["childMaxRSSMB"] = round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)
    if error:
        return finish(report, error)
    report.update(result, ok=True)
    return finish(report, None)


def finish(report, error):
    """Prints the report (and the error on stderr); the exit status."""
    if error:
        report["errors"].append(error)
        print(f"render_style.py: {error}", file=sys.stderr)
    print(json.dumps(report, indent=1))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
