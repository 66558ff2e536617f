#!/usr/bin/env python3
"""make bench's bookkeeping.

results: medians of the per-run records of scripts/bench.sh into bench/results.json (cases, the
         targets of issue 15 checked, validate/preview, route processing, the machine).
table:   README.md's speed section, between <!-- bench:start --> and <!-- bench:end -->, from
         bench/results.json (so the README always shows the last full run).
tiles:   the big-region section (scripts/bench_tiles.sh): trailpack's whole build of the N44W072
         tile against the GDAL chain + tippecanoe, both tile archives per zoom, the renders, the
         targets of issue 38, into bench/results-tiles.json.
scaling: a section timed at two sizes per shape (issue 40: validate on malformed long routes,
         bench/results-malformed-routes.json; the cleaner on long recordings,
         bench/results-cleaner.json): per shape the best seconds at each size, the cost per item,
         the ratio of the two; exits 1 when a ratio is over --max-ratio or the larger size's
         seconds over --max-seconds.
"""
import argparse
import json
import statistics
import sys

MB = 1_000_000
# GNU time's %M (peakRSSKB) counts kibibytes.
KIB = 1024
# Every case's peak must stay at or under `trailpack plan`'s estimate for its recipe (the figure
# the build's guard and Slurm's --mem trust), the build's and `validate --dem`'s alike (the
# release check runs validate on the same machines): the report records both, and exits 1 when
# a run's peak is over (after writing the results).
over_estimate = []


def within_estimate(entry, prefix, label, s, case):
    """Records the worst peak of tool record `s` as entry's worstPeakRSSMB and whether it is
    within the case's estimate as withinRSSBudget (both after `prefix`, camel-cased: validateDEM
    gives validateDEMWorstPeakRSSMB); an overrun fails the run."""
    def key(name):
        return prefix + name[0].upper() + name[1:] if prefix else name
    worst_bytes = max(s["peakRSSKB"]) * KIB
    entry[key("worstPeakRSSMB")] = round(worst_bytes / MB)
    entry[key("withinRSSBudget")] = worst_bytes <= case["planEstimateBytes"]
    if not entry[key("withinRSSBudget")]:
        over_estimate.append(f"{case['case']}: {label} peak {worst_bytes / MB:.0f} MB over plan's estimate "
                             f"{case['planEstimateBytes'] / MB:.0f} MB")


def median(values):
    return statistics.median(values) if values else None


def results(args):
    records = [json.loads(line) for line in open(args.records) if line.strip()]
    cases = [json.loads(line) for line in open(args.cases) if line.strip()]
    out_cases = []
    for c in cases:
        name, cells = c["case"], c["cells"]
        mcells = cells / MB

        def tool(t):
            rs = [r for r in records if r["case"] == name and r["tool"] == t]
            if not rs:
                return None
            s = {"runs": len(rs), "medianSeconds": round(median([r["seconds"] for r in rs]), 2),
                 "medianCPUSeconds": round(median([r["cpuSeconds"] for r in rs]), 2),
                 "medianPeakRSSMB": round(median([r["peakRSSKB"] for r in rs]) * 1000 / MB),
                 "seconds": [r["seconds"] for r in rs], "peakRSSKB": [r["peakRSSKB"] for r in rs]}
            if "stageSeconds" in rs[0]:
                stages = rs[0]["stageSeconds"].keys()
                s["medianStageSeconds"] = {k: round(median([r["stageSeconds"][k] for r in rs]), 2) for k in stages}
                s["medianStageCPUSeconds"] = {k: round(median([r["stageCPUSeconds"].get(k, 0) for r in rs]), 2) for k in stages}
                wall = median([r["stageSeconds"]["terrain"] for r in rs])
                cpu = median([r["stageCPUSeconds"].get("terrain", 0) for r in rs])
                s["terrainCores"] = round(cpu / wall, 2) if wall else None
            return s

        tp, one, gd = tool("trailpack"), tool("trailpack-one-contour-pass"), tool("gdal-chain")
        entry = dict(c)
        entry["float32GridMB"] = round(cells * 4 / MB)
        entry["rssBudgetMB"] = round(c["planEstimateBytes"] / MB)
        entry["trailpack"], entry["trailpackOneContourPass"], entry["gdalChain"] = tp, one, gd
        if tp:
            entry["secondsPerMillionCells"] = round(tp["medianSeconds"] / mcells, 3)
            entry["peakRSSMBPerMillionCells"] = round(tp["medianPeakRSSMB"] / mcells, 2)
            within_estimate(entry, "", "build", tp, c)
        if tp and gd:
            entry["ratioWallTime"] = round(tp["medianSeconds"] / gd["medianSeconds"], 3)
        if tp and one:
            entry["contourSplitSpeedup"] = {
                "terrainSeconds": [one["medianStageSeconds"]["terrain"], tp["medianStageSeconds"]["terrain"]],
                "ratio": round(tp["medianStageSeconds"]["terrain"] / one["medianStageSeconds"]["terrain"], 3)}
        for t in ("validate", "preview"):
            s = tool(t)
            if s:
                entry[t] = s
        vd = tool("validate-dem")
        if vd:
            entry["validateDEM"] = vd
            within_estimate(entry, "validateDEM", "validate --dem", vd, c)
            if tp:
                entry["validateDEMOverBuild"] = round(vd["medianSeconds"] / tp["medianSeconds"], 3)
        out_cases.append(entry)

    doc = {"machine": json.loads(args.machine), "loadAverage": {"start": args.load_start, "end": args.load_end},
           "terrain": out_cases, "routes": json.loads(args.routes)}
    built = [c for c in out_cases if c.get("trailpack")]
    if len(built) >= 2:
        small, large = min(built, key=lambda c: c["cells"]), max(built, key=lambda c: c["cells"])
        doc["linearity"] = {
            "smallest": small["case"], "largest": large["case"],
            "secondsPerMillionCellsRatio": round(large["secondsPerMillionCells"] / small["secondsPerMillionCells"], 3),
            "peakRSSPerMillionCellsRatio": round(large["peakRSSMBPerMillionCells"] / small["peakRSSMBPerMillionCells"], 3)}
    targets = {}
    if built:
        ratios = [c["ratioWallTime"] for c in built if "ratioWallTime" in c]
        targets["terrainBuildAtMostHalfTheGDALChain"] = {"worstRatio": max(ratios) if ratios else None,
                                                         "met": bool(ratios) and max(ratios) <= 0.5}
        cores = [c["trailpack"]["terrainCores"] for c in built if c["trailpack"].get("terrainCores")]
        targets["above1.6CoresDuringTerrain"] = {"lowest": min(cores) if cores else None, "met": bool(cores) and min(cores) > 1.6}
        targets["peakRSSWithinBudget"] = {"met": all(c["withinRSSBudget"] for c in built)}
    checked = [c for c in out_cases if "validateDEMWithinRSSBudget" in c]
    if checked:
        targets["validateDEMPeakRSSWithinBudget"] = {"met": all(c["validateDEMWithinRSSBudget"] for c in checked)}
    vd_ratios = [c["validateDEMOverBuild"] for c in built if "validateDEMOverBuild" in c]
    if vd_ratios:
        targets["validateDEMAtMost5xBuild"] = {"worstRatio": max(vd_ratios), "met": max(vd_ratios) <= 5}
    if "linearity" in doc:
        targets["largestWithin25PercentOfSmallestPerCell"] = {
            "secondsRatio": doc["linearity"]["secondsPerMillionCellsRatio"],
            "met": doc["linearity"]["secondsPerMillionCellsRatio"] <= 1.25}
    if doc["routes"]:
        targets["routePointsPerSecondPerCoreAtLeast1M"] = {"value": doc["routes"]["inputPointsPerSecond"],
                                                           "met": doc["routes"]["inputPointsPerSecond"] >= 1_000_000}
    doc["targets"] = targets
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=2, sort_keys=True)
        f.write("\n")


def fmt_s(v):
    return f"{v:.1f} s" if v >= 10 else f"{v:.2f} s"


def runs_text(n):
    return "one run of each" if n == 1 else f"medians of {n} runs"


def table(args):
    doc = json.load(open(args.results))
    m = doc["machine"]
    lines = [
        f"Measured by `make bench` on {m['nproc']} cores ({m['cpu']}), {m['memTotalKB'] / 1024 / 1024:.0f} GiB, "
        f"GDAL {m['gdal']}; {runs_text(doc['terrain'][0]['trailpack']['runs'])}, trailpack and the GDAL chain "
        f"alternating; load average {doc['loadAverage']['start']} at the start "
        f"(other work on the machine inflates wall times). Generated from `bench/results.json` by "
        "`scripts/bench_report.py`; do not edit by hand.",
        "",
        "| case | grid (cells) | trailpack | GDAL chain | ratio | CPU s trailpack / GDAL | cores in terrain | terrain stage: one contour pass -> split | s per M cells | trailpack peak RSS | MB per M cells | budget (plan's estimate) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for c in doc["terrain"]:
        tp, gd, one = c["trailpack"], c.get("gdalChain"), c.get("trailpackOneContourPass")
        split = c.get("contourSplitSpeedup")
        lines.append(
            f"| {c['case']} ({c['resolutionM']:g} m) | {c['grid'][0]} x {c['grid'][1]} ({c['cells'] / MB:.1f} M) "
            f"| {fmt_s(tp['medianSeconds'])} | {fmt_s(gd['medianSeconds']) if gd else '-'} | {c.get('ratioWallTime', '-')} "
            f"| {tp['medianCPUSeconds']:.1f} / {gd['medianCPUSeconds'] if gd else 0:.1f} "
            f"| {tp.get('terrainCores', '-')} "
            f"| {fmt_s(split['terrainSeconds'][0]) + ' -> ' + fmt_s(split['terrainSeconds'][1]) if split else '-'} "
            f"| {c['secondsPerMillionCells']:.2f} | {tp['medianPeakRSSMB']} MB | {c['peakRSSMBPerMillionCells']:.1f} | {c['rssBudgetMB']} MB |")
    lines.append("")
    if "linearity" in doc:
        lin = doc["linearity"]
        lines.append(f"Per million cells, {lin['largest']} costs {lin['secondsPerMillionCellsRatio']:.2f}x the seconds and "
                     f"{lin['peakRSSPerMillionCellsRatio']:.2f}x the peak memory of {lin['smallest']}.")
    for c in doc["terrain"]:
        if "validateDEM" in c:
            # Older results have no validate --dem peak.
            peak = (f"; worst peak RSS {c['validateDEMWorstPeakRSSMB']} MB, budget {c['rssBudgetMB']} MB"
                    if "validateDEMWorstPeakRSSMB" in c else "")
            lines.append(f"On the {c['case']} pack: `trailpack validate --dem` {fmt_s(c['validateDEM']['medianSeconds'])} "
                         f"({c['validateDEMOverBuild']:.2f}x its build{peak}).")
        if "validate" in c and "preview" in c:
            lines.append(f"On the {c['case']} pack: `trailpack validate` {fmt_s(c['validate']['medianSeconds'])} "
                         f"({c['validate']['medianPeakRSSMB']} MB), `trailpack preview` {fmt_s(c['preview']['medianSeconds'])} "
                         f"({c['preview']['medianPeakRSSMB']} MB).")
    if doc.get("routes"):
        r = doc["routes"]
        lines.append(f"Route processing (clean, resample, elevation, stats, waypoints) on one core: "
                     f"{r['inputPointsPerSecond'] / 1e6:.2f} million input points per second.")
    lines.append("")
    lines.append("Targets: " + "; ".join(f"{k}: {'met' if v.get('met') else 'NOT met'}" for k, v in doc["targets"].items()) + ".")
    text = open(args.readme).read()
    start, end = "<!-- bench:start -->", "<!-- bench:end -->"
    if start not in text or end not in text:
        sys.exit(f"{args.readme}: no {start} ... {end} markers")
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    with open(args.readme, "w") as f:
        f.write(head + start + "\n" + "\n".join(lines) + "\n" + end + tail)


def tiles(args):
    """The big-region section: medians per tool, trailpack's figures against the chain + tippecanoe,
    the tiles of both per zoom, the renders; the issue's targets checked."""
    records = [json.loads(line) for line in open(args.records) if line.strip()]
    plan = json.load(open(args.plan))["recipes"][0]
    # The readers' summaries without their per-tile lists (thousands of entries).
    ours, peer = ({k: v for k, v in json.load(open(path)).items() if k != "tiles"} for path in (args.trailpack_tiles, args.tippecanoe_tiles))
    renders = [json.loads(line) for line in open(args.renders) if line.strip()]
    tools = {}
    for tool in dict.fromkeys(r["tool"] for r in records):
        rs = [r for r in records if r["tool"] == tool]
        tools[tool] = {k: median([r[k] for r in rs]) for k in ("seconds", "cpuSeconds", "peakRSSMiB")}
        tools[tool]["runs"] = rs
    tp, chain = tools["trailpack"], tools["gdal-chain-tippecanoe"]
    import os
    pack_bytes = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(args.pack) for f in fs)
    estimate_mb = round(plan["estimatedPeakBytes"] / 2**20, 1)
    targets = {
        "buildAtMostHalfTheChain": tp["seconds"] <= 0.5 * chain["seconds"],
        "packAtMost50MB": pack_bytes <= 50 * MB,
        "tilesNoLargerThanTippecanoe": ours["bytes"] <= peer["bytes"],
        "noTileOver500kB": ours["largestTileBytes"] <= 500_000,
        "everyRenderOK": all(r["ok"] for r in renders),
    }
    worst_mib = max(r["peakRSSMiB"] for r in tp["runs"])
    targets["peakWithinPlanEstimate"] = worst_mib <= plan["estimatedPeakBytes"] / 2**20
    if not targets["peakWithinPlanEstimate"]:
        over_estimate.append(f"tiles: peak {worst_mib:.0f} MiB over plan's estimate {estimate_mb} MiB")
    doc = {"trailpack": tp, "gdalChainTippecanoe": chain, "ratio": round(tp["seconds"] / chain["seconds"], 3),
           "cpuRatio": round(tp["cpuSeconds"] / chain["cpuSeconds"], 3), "packBytes": pack_bytes, "planEstimateMB": estimate_mb,
           "tiles": {"trailpack": ours, "tippecanoe": peer, "bytesRatio": round(ours["bytes"] / peer["bytes"], 3)},
           "renders": renders, "targets": targets}
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=2, sort_keys=True)
        f.write("\n")
    print(f"  trailpack {tp['seconds']:.1f} s ({tp['cpuSeconds']:.1f} CPU-s, {tp['peakRSSMiB']:.0f} MiB, plan's estimate {estimate_mb} MiB) | "
          f"chain + tippecanoe {chain['seconds']:.1f} s ({chain['cpuSeconds']:.1f} CPU-s, {chain['peakRSSMiB']:.0f} MiB): ratio {doc['ratio']}")
    print(f"  pack {pack_bytes / MB:.1f} MB; tiles {ours['bytes'] / MB:.2f} MB against tippecanoe's {peer['bytes'] / MB:.2f} MB")
    for z in sorted(set(ours["zooms"]) | set(peer["zooms"]), key=int):
        a, b = ours["zooms"].get(z, {}), peer["zooms"].get(z, {})
        print(f"    z{z}: trailpack {a.get('tiles', 0)} tiles {a.get('bytes', 0) / 1000:.0f} kB | tippecanoe {b.get('tiles', 0)} tiles {b.get('bytes', 0) / 1000:.0f} kB")
    print("  targets: " + ", ".join(f"{k}: {'met' if v else 'MISSED'}" for k, v in targets.items()))


def scaling(args):
    rows = [json.loads(line) for line in open(args.records) if line.strip()]
    size = args.size_key
    shapes, failures = [], []
    for shape in dict.fromkeys(r["shape"] for r in rows):
        best = {}
        for r in rows:
            if r["shape"] == shape and (r[size] not in best or r["seconds"] < best[r[size]]["seconds"]):
                best[r[size]] = r
        small, large = best[min(best)], best[max(best)]
        ratio = round(large["seconds"] / small["seconds"], 2) if small["seconds"] > 0 else None
        entry = {"shape": shape, "best": [small, large], "ratio": ratio, "sizeRatio": round(large[size] / small[size], 2),
                 "microsecondsPer" + args.item.capitalize(): [round(b["seconds"] / b[size] * 1e6, 3) for b in (small, large)]}
        if "cpuSeconds" in small and small["cpuSeconds"] > 0:
            entry["cpuRatio"] = round(large["cpuSeconds"] / small["cpuSeconds"], 2)
        problems = []
        if ratio is None or ratio > args.max_ratio:
            problems.append(f"ratio {ratio} over {args.max_ratio} for {entry['sizeRatio']}x the {args.items}")
        if args.max_seconds is not None and large["seconds"] > args.max_seconds:
            problems.append(f"{large['seconds']:.2f} s at {large[size]} {args.items}, over {args.max_seconds} s")
        entry["passes"] = not problems
        failures += [f"{shape}: {p}" for p in problems]
        shapes.append(entry)
        per = entry["microsecondsPer" + args.item.capitalize()]
        print(f"  {shape}: {small[size]} {args.items} {small['seconds']:.2f} s ({per[0]:.2f} us each), "
              f"{large[size]} {args.items} {large['seconds']:.2f} s ({per[1]:.2f} us each): ratio {ratio}"
              + ("" if not problems else " FAILS: " + "; ".join(problems)))
    doc = {"section": args.section, "maxRatio": args.max_ratio, "maxSeconds": args.max_seconds, "shapes": shapes,
           "passes": not failures, "runs": rows, "loadAverageAtEnd": open("/proc/loadavg").read().split()[:3]}
    with open(args.out, "w") as f:
        f.write(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    if failures:
        print(f"bench: {args.section}: " + "; ".join(failures), file=sys.stderr)
        sys.exit(1)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("results")
    for name in ("--records", "--cases", "--routes", "--machine", "--load-start", "--load-end", "--out"):
        r.add_argument(name, required=True)
    t = sub.add_parser("table")
    t.add_argument("--results", required=True)
    t.add_argument("--readme", required=True)
    tl = sub.add_parser("tiles")
    for name in ("--records", "--plan", "--trailpack-tiles", "--tippecanoe-tiles", "--renders", "--pack", "--out"):
        tl.add_argument(name, required=True)
    sc = sub.add_parser("scaling")
    for name in ("--records", "--section", "--size-key", "--item", "--items", "--out"):
        sc.add_argument(name, required=True)
    sc.add_argument("--max-ratio", type=float, required=True)
    sc.add_argument("--max-seconds", type=float)
    a = p.parse_args()
    {"results": results, "table": table, "tiles": tiles, "scaling": scaling}[a.command](a)
    if over_estimate:
        sys.exit("bench: peak memory over plan's estimate: " + "; ".join(over_estimate))


if __name__ == "__main__":
    main()
