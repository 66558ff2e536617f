#!/usr/bin/env python3
"""Reads a PMTiles v3 archive with the PyPI `pmtiles` reader and decodes its vector tiles with
`mapbox_vector_tile`: the test suite's independent check of trailpack's PMTiles writer (it
shares no code with trailpack's Swift reader).

    .venv/bin/python scripts/read_tiles.py ARCHIVE.pmtiles

Prints one JSON object on stdout (keys sorted):

    {"header": {...every header field; compressions and tile type by name...},
     "metadata": <the metadata JSON>,
     "bytes": <the archive file's size>, "tileDataBytes": <the tile data section's length>,
     "largestTileBytes": <the largest stored tile>,
     "zooms": {"14": {"tiles": <addressed tiles>, "bytes": <their stored bytes>}, ...},
     "tiles": [{"z", "x", "y", "tileId", "bytes",
                "layers": {"<name>": {"features": <count>, "keys": [<sorted property keys>]}}}]}

`tiles` lists every addressed tile in tile-id order (a run of identical tiles once per tile);
a tile's `bytes` are its stored (compressed) bytes, and a zoom's the sum over its addressed
tiles (a content stored once counts once per tile that uses it). Tiles are gunzipped with Python's gzip when the
header's tile compression is gzip; `layers` is null unless the tile type is MVT. The reader
package only reads gzip directories, so an archive with another internal compression is refused.

Exit status: 0 read, 1 unreadable archive or tile, 2 usage error.
"""

import argparse
import gzip
import json
import os
import sys

import mapbox_vector_tile
from pmtiles.reader import MmapSource, Reader, all_tiles
from pmtiles.tile import Compression, TileType, zxy_to_tileid


def header_json(header):
    """The header dict with enums as lower-case names."""
    out = {}
    for key, value in header.items():
        out[key] = value.name.lower() if isinstance(value, (Compression, TileType)) else value
    return out


def tile_layers(data, header):
    """{layer: {"features": n, "keys": [...]}} of one stored tile, or None when not MVT."""
    if header["tile_type"] != TileType.MVT:
        return None
    if header["tile_compression"] == Compression.GZIP:
        data = gzip.decompress(data)
    elif header["tile_compression"] != Compression.NONE:
        raise ValueError(f"tile compression {header['tile_compression'].name} is not read")
    layers = {}
    for name, layer in mapbox_vector_tile.decode(bytes(data)).items():
        features = layer.get("features", [])
        keys = sorted({key for feature in features for key in feature.get("properties", {})})
        layers[name] = {"features": len(features), "keys": keys}
    return layers


def read(path):
    """The JSON report of the archive at `path`."""
    with open(path, "rb") as f:
        get_bytes = MmapSource(f)
        reader = Reader(get_bytes)
        header = reader.header()
        if header["internal_compression"] != Compression.GZIP:
            raise ValueError(f"internal compression {header['internal_compression'].name}: "
                             "the pmtiles package reads gzip directories only")
        zooms, tiles = {}, []
        for (z, x, y), data in all_tiles(get_bytes):
            zoom = zooms.setdefault(str(z), {"tiles": 0, "bytes": 0})
            zoom["tiles"] += 1
            zoom["bytes"] += len(data)
            tiles.append({"z": z, "x": x, "y": y, "tileId": zxy_to_tileid(z, x, y), "bytes": len(data),
                          "layers": tile_layers(data, header)})
        return {"header": header_json(header), "metadata": reader.metadata(), "bytes": os.path.getsize(path),
                "tileDataBytes": header["tile_data_length"],
                "largestTileBytes": max((tile["bytes"] for tile in tiles), default=0),
                "zooms": zooms, "tiles": tiles}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", help="a .pmtiles file")
    args = parser.parse_args()
    try:
        report = read(args.archive)
    except Exception as error:  # any failure of the reader or decoder is the archive's
        print(f"read_tiles.py: {args.archive}: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    json.dump(report, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
