#!/usr/bin/env bash
# make dist: trailpack with the Swift runtime linked in, for nodes that have only Debian's runtime
# packages. Writes dist/trailpack-<version>-linux-<arch>.tar.gz (bin/trailpack,
# runtime-packages.txt, NOTICE.txt, LICENSES/, PROVENANCE.md) and dist/runtime-packages.txt (for the
# Dockerfile). Fails when the binary needs a libswift*.so, or when the Debian packages owning the
# libraries it links differ from scripts/runtime-packages.txt (fonts-dejavu-core is read at run
# time, not linked).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/dist
swift build -c release --product trailpack --static-swift-stdlib --scratch-path "$scratch"
binary="$scratch/release/trailpack"

if ldd "$binary" | grep -E 'libswift|libFoundation|lib_Foundation|not found'; then
  echo "dist: $binary still needs the libraries above" >&2; exit 1
fi
# The package owning each library the binary names (DT_NEEDED), as Debian's shlibs would.
linked=$(objdump -p "$binary" | awk '$1 == "NEEDED" { print $2 }' | while read -r lib; do
  path=$(ldd "$binary" | awk -v l="$lib" '$1 == l && $3 ~ /^\// { print $3 } $1 ~ "/" l "$" { print $1 }' | head -1)
  [ -n "$path" ] || { echo "dist: $lib not found" >&2; exit 1; }
  real=$(readlink -f "$path")   # dpkg knows a file by one of its names (merged /usr)
  for name in "$path" "$real" "${real#/usr}" "/usr$path"; do
    dpkg -S "$name" 2>/dev/null | head -1 | cut -d: -f1 | grep . && break
  done || { echo "dist: no Debian package owns $path" >&2; exit 1; }
done | sort -u)
expected=$(grep -v '^fonts-dejavu-core$' scripts/runtime-packages.txt | sort -u)
if [ "$linked" != "$expected" ]; then
  echo "dist: the binary links libraries of these packages:" >&2; echo "$linked" >&2
  echo "but scripts/runtime-packages.txt (less fonts-dejavu-core) lists:" >&2; echo "$expected" >&2
  exit 1
fi

version=$("$binary" --version | awk 'NR == 1 { print $2 }')
name="trailpack-$version-linux-$(uname -m)"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/trailpack/bin" "$stage/trailpack/LICENSES" dist
install -m 755 "$binary" "$stage/trailpack/bin/trailpack"
strip "$stage/trailpack/bin/trailpack"
cp scripts/runtime-packages.txt "$stage/trailpack/"
cp data/PROVENANCE.md "$stage/trailpack/"
cp scripts/dist-NOTICE.txt "$stage/trailpack/NOTICE.txt"
swift_root=$(dirname "$(dirname "$(command -v swift)")")
cp "$swift_root/share/swift/LICENSE.txt" "$stage/trailpack/LICENSES/Swift-runtime-LICENSE.txt"
tar -C "$stage" --sort=name --owner=0 --group=0 --mtime=@0 -czf "dist/$name.tar.gz" trailpack
cp scripts/runtime-packages.txt dist/
echo "dist/$name.tar.gz: $(du -h "dist/$name.tar.gz" | cut -f1); needs: $(tr '\n' ' ' < scripts/runtime-packages.txt)"
