#!/usr/bin/env python3
"""Shortest walk by length over an OpenStreetMap file, with pyroutelib3: the test suite's
independent router (it shares no code with trailpack's TrailGraph).

    .venv/bin/python scripts/independent_route.py FILE LON,LAT LON,LAT [LON,LAT ...]

FILE is OSM XML (.osm, .osm.gz, .osm.bz2) or OSM PBF (.osm.pbf), both read by pyroutelib3 itself.
The points are the start, optional vias and the end; each is snapped to the nearest node of a
way a hiker may walk. Every such way costs 1.0 per metre (pure length, no preference between
paths, tracks or roads). Prints to stdout

    {"lengthM": ..., "haversineLengthM": ..., "legs": [...], "snaps": [...], "coords": [[lon, lat], ...]}

with `lengthM` the WGS84 ellipsoidal (Vincenty) length of `coords` in metres and each leg
`{"fromNode", "toNode", "lengthM", "vertices"}`. Exits 1 with a message on stderr when a leg has
no route, 2 on bad arguments.

Which ways a hiker may walk (`LengthFootProfile`): every way with a `highway` tag (or only the
values given with `--highways`), closed by pyroutelib3's foot rules (`foot` = no/private closes;
any other `foot` value opens; else `access` = no/private closes; `motorroad=yes` closes). Only
`oneway:foot` (yes/true/1, -1/reverse, no) binds a hiker: unlike pyroutelib3's FootProfile, a
plain `oneway` binds cyclists, not hikers, as in the pack SPEC. Known difference from trailpack's
routing contract: with `access=private`, a `foot` value other than yes/designated/permissive
(e.g. `destination`) opens the way here and closes it there.
"""

import argparse
import json
import math
import re
import sys
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from pyroutelib3 import find_route
from pyroutelib3.osm import FootProfile, Graph

EARTH_RADIUS_M = 6371008.8
"""Mean Earth radius for haversine lengths, metres (the same as pyroutelib3's, in km)."""

POINT_PATTERN = re.compile(r"^-?[0-9.]+,-?[0-9.]+$")
"""A `LON,LAT` argument."""

WGS84_A_M = 6378137.0
WGS84_F = 1 / 298.257223563


class LengthFootProfile(FootProfile):
    """pyroutelib3's foot profile with every walkable way at penalty 1.0 (cost = metres) and
    only `oneway:foot` binding hikers."""

    def __init__(self, highways: Optional[Sequence[str]] = None) -> None:
        super().__init__(name="foot-length")
        self.highways = set(highways) if highways else None

    def way_penalty(self, way_tags: Mapping[str, str]) -> Optional[float]:
        """1.0 for a walkable way, None for a way that is no trail or is closed to hikers."""
        highway = self.get_active_highway_value(way_tags)
        if not highway or (self.highways is not None and highway not in self.highways):
            return None
        return 1.0 if self.is_allowed(way_tags) else None

    def get_active_oneway_value(self, tags: Mapping[str, str]) -> str:
        """`oneway:foot` alone; a plain `oneway` binds cyclists, not hikers."""
        return tags.get("oneway:foot", "")


def haversine_m(a: Tuple[float, float], b: Tuple[float, float]) -> float:
    """Great-circle distance in metres between two (lat, lon) points in degrees."""
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(h))


def vincenty_m(a: Tuple[float, float], b: Tuple[float, float]) -> float:
    """WGS84 ellipsoidal distance in metres between two (lat, lon) points in degrees (Vincenty's
    inverse formula; sub-millimetre for trail steps). Falls back to haversine if it does not converge."""
    if a == b:
        return 0.0
    f, a_m = WGS84_F, WGS84_A_M
    b_m = a_m * (1 - f)
    u1, u2 = math.atan((1 - f) * math.tan(math.radians(a[0]))), math.atan((1 - f) * math.tan(math.radians(b[0])))
    sin_u1, cos_u1, sin_u2, cos_u2 = math.sin(u1), math.cos(u1), math.sin(u2), math.cos(u2)
    big_l = math.radians(b[1] - a[1])
    lam = big_l
    for _ in range(200):
        sin_lam, cos_lam = math.sin(lam), math.cos(lam)
        sin_sigma = math.hypot(cos_u2 * sin_lam, cos_u1 * sin_u2 - sin_u1 * cos_u2 * cos_lam)
        if sin_sigma == 0:
            return 0.0
        cos_sigma = sin_u1 * sin_u2 + cos_u1 * cos_u2 * cos_lam
        sigma = math.atan2(sin_sigma, cos_sigma)
        sin_alpha = cos_u1 * cos_u2 * sin_lam / sin_sigma
        cos2_alpha = 1 - sin_alpha ** 2
        cos_2sm = cos_sigma - 2 * sin_u1 * sin_u2 / cos2_alpha if cos2_alpha else 0.0
        c = f / 16 * cos2_alpha * (4 + f * (4 - 3 * cos2_alpha))
        previous, lam = lam, big_l + (1 - c) * f * sin_alpha * (
            sigma + c * sin_sigma * (cos_2sm + c * cos_sigma * (-1 + 2 * cos_2sm ** 2)))
        if abs(lam - previous) < 1e-12:
            break
    else:
        return haversine_m(a, b)
    u_sq = cos2_alpha * (a_m ** 2 - b_m ** 2) / b_m ** 2
    big_a = 1 + u_sq / 16384 * (4096 + u_sq * (-768 + u_sq * (320 - 175 * u_sq)))
    big_b = u_sq / 1024 * (256 + u_sq * (-128 + u_sq * (74 - 47 * u_sq)))
    delta_sigma = big_b * sin_sigma * (cos_2sm + big_b / 4 * (
        cos_sigma * (-1 + 2 * cos_2sm ** 2) - big_b / 6 * cos_2sm * (-3 + 4 * sin_sigma ** 2) * (-3 + 4 * cos_2sm ** 2)))
    return b_m * big_a * (sigma - delta_sigma)


def line_length_m(positions: Sequence[Tuple[float, float]], distance=vincenty_m) -> float:
    """Sum of the step lengths in metres along (lat, lon) positions."""
    return sum(distance(p, q) for p, q in zip(positions, positions[1:]))


def parse_point(text: str) -> Tuple[float, float]:
    """`LON,LAT` in degrees -> (lat, lon), pyroutelib3's order."""
    try:
        lon, lat = (float(v) for v in text.strip().split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected LON,LAT in degrees, got {text!r}")
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        raise argparse.ArgumentTypeError(f"{text!r} is no lon,lat in degrees")
    return (lat, lon)


def load_graph(path: str, highways: Optional[Sequence[str]]) -> Graph:
    """The walkable graph of an OSM XML or PBF file."""
    with open(path, "rb") as f:
        return Graph.from_file(LengthFootProfile(highways), f)


def snap(graph: Graph, point: Tuple[float, float]) -> Dict:
    """The nearest walkable node to a (lat, lon) point, with the snap distance in metres."""
    node = graph.find_nearest_node(point)
    return {"point": lon_lat(point), "node": node.osm_id, "nodeCoord": lon_lat(node.position),
            "distanceM": round(vincenty_m(point, node.position), 3)}


def lon_lat(position: Tuple[float, float]) -> List[float]:
    """(lat, lon) -> [lon, lat] rounded to 7 decimals."""
    return [round(position[1], 7), round(position[0], 7)]


def route(graph: Graph, node_ids: List[int]) -> Tuple[List[Dict], List[int]]:
    """Legs between consecutive nodes and the node ids of the whole walk (each joint once).
    Raises LookupError naming the leg when two nodes have no route."""
    legs, walk = [], [node_ids[0]]
    for k, (start, end) in enumerate(zip(node_ids, node_ids[1:])):
        path = [start] if start == end else find_route(graph, start, end, step_limit=None)
        if not path:
            raise LookupError(f"no route for leg {k + 1} (node {start} to node {end})")
        positions = [graph.get_node(n).position for n in path]
        legs.append({"fromNode": start, "toNode": end, "lengthM": round(line_length_m(positions), 3),
                     "vertices": len(path)})
        walk.extend(path[1:])
    return legs, walk


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("osm", help="OSM XML (.osm, .osm.gz, .osm.bz2) or PBF (.osm.pbf) file")
    parser.add_argument("points", nargs="+", type=parse_point, metavar="LON,LAT",
                        help="start, vias, end (at least two)")
    parser.add_argument("--highways", help="comma-separated highway values to walk (default: every value)")
    # A point such as -71.36,44.49 starts with "-": shield it from argparse's option parsing.
    argv = [" " + a if POINT_PATTERN.match(a) else a for a in (sys.argv[1:] if argv is None else argv)]
    args = parser.parse_args(argv)
    if len(args.points) < 2:
        parser.error("give at least a start and an end")
    graph = load_graph(args.osm, args.highways.split(",") if args.highways else None)
    if not graph.nodes:
        print(f"independent_route: {args.osm} has no way a hiker may walk", file=sys.stderr)
        return 1
    snaps = [snap(graph, p) for p in args.points]
    try:
        legs, walk = route(graph, [s["node"] for s in snaps])
    except LookupError as e:
        print(f"independent_route: {e}", file=sys.stderr)
        return 1
    positions = [graph.get_node(n).position for n in walk]
    print(json.dumps({
        "lengthM": round(line_length_m(positions), 3),
        "haversineLengthM": round(line_length_m(positions, haversine_m), 3),
        "legs": legs, "snaps": snaps, "nodes": walk,
        "coords": [lon_lat(p) for p in positions],
    }, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
