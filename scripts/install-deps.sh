#!/usr/bin/env bash
# Installs the Debian packages trailpack needs, if any is missing (zip: the tests make .zip DEMs). Swift itself comes with the
# machine (swift.org toolchain); everything else is a Debian package. libegl1 ... libcurl4: what
# the test suite's MapLibre renderer (mapli, scripts/render_style.py) loads at run time, headless
# through Mesa's surfaceless EGL (software rasteriser swrast_dri.so from libgl1-mesa-dri). chromium and
# libjs-three: the preview's 3D page (three.min.js) and its stills and browser tests (headless, SwiftShader WebGL).
set -euo pipefail
packages=(libgdal-dev gdal-bin libpng-dev zlib1g-dev libssl-dev libcairo2-dev libfreetype-dev fonts-dejavu-core pkg-config make python3-venv zip
  libegl1 libgl1 libegl-mesa0 libgl1-mesa-dri libcurl4 chromium libjs-three)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update
$sudo apt-get install -y --no-install-recommends "${missing[@]}"
