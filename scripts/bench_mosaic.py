"""The 2x2 DEM mosaic of `make bench`'s area-16x case, cut as a provider cuts its tiles.

Usage: bench_mosaic.py TILE OUT_PREFIX

TILE is one north-up GeoTIFF (the White Mountains tile at 1 arc-second). Writes
OUT_PREFIX-00.tif, -10.tif, -01.tif and -11.tif (column east, row north): four tiles of one
continuous surface, the tile and its mirror images across its east and north edges, each tile
as large as TILE and overlapping its neighbours by TILE's overlap with itself shifted a whole
degree (three pixels at 1.000833 degrees over 3,601): the overlapping pixels are the same
ground and hold the same values in both tiles, as neighbouring SRTM or Copernicus tiles do.

Shifted copies of the tile (the mosaic's first form) put the tile's east edge and its west
edge on the same ground: up to 880 m apart, a cliff no provider's mosaic has, on which the
written contours' 7-decimal rounding alone moved vertices tenths of a metre off their level
(issue 40). Run by scripts/bench.sh with the interpreter of Debian's python3-gdal.
"""
import os
import sys

import numpy as np
from osgeo import gdal

gdal.UseExceptions()


def surface(a, step):
    """The tile at the bottom left of a (step + n)-square surface, mirrored across its last
    column (east) and then across its first row (north): every mirror's edge continues the tile."""
    n = a.shape[0]
    size = step + n
    s = np.empty((size, size), dtype=a.dtype)
    s[step:, :n] = a
    s[step:, n:] = a[:, n - 2:n - 2 - step:-1]
    s[:step, :] = s[step + 1:2 * step + 1, :][::-1]
    return s


def main():
    tile, prefix = sys.argv[1], sys.argv[2]
    src = gdal.Open(tile)
    band = src.GetRasterBand(1)
    a = band.ReadAsArray()
    n = a.shape[0]
    ulx, px, _, uly, _, py = src.GetGeoTransform()
    if a.shape[1] != n or px != -py:
        sys.exit(f"bench_mosaic: {tile}: expected a square tile with square pixels, found {a.shape} and {px} x {py}")
    # Tiles start a whole number of pixels apart, the nearest to one degree, so the pixel
    # centres of an overlap coincide.
    step = round(1 / px)
    s = surface(a, step)
    driver = gdal.GetDriverByName("GTiff")
    for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        out = f"{prefix}-{dx}{dy}.tif"
        dst = driver.Create(out + ".tmp.tif", n, n, 1, band.DataType, options=["TILED=YES"])
        dst.SetGeoTransform((ulx + dx * step * px, px, 0, uly + dy * step * px, 0, py))
        dst.SetProjection(src.GetProjection())
        b = dst.GetRasterBand(1)
        if band.GetNoDataValue() is not None:
            b.SetNoDataValue(band.GetNoDataValue())
        b.SetUnitType(band.GetUnitType())
        b.WriteArray(s[(1 - dy) * step:(1 - dy) * step + n, dx * step:dx * step + n])
        dst = None
        os.replace(out + ".tmp.tif", out)


if __name__ == "__main__":
    main()
