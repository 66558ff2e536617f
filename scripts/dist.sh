#!/usr/bin/env bash
# make dist: trailpack with the Swift runtime linked in, for nodes that have only Debian's runtime
# packages. Writes dist/trailpack-<version>-linux-<arch>.tar.gz (bin/trailpack,
# runtime-packages.txt, NOTICE.txt, LICENSES/, PROVENANCE.md) and dist/runtime-packages.txt (for the
# Dockerfile). Fails when the binary needs a libswift*.so; when the Debian packages owning the
# libraries it links (DT_NEEDED) differ from scripts/runtime-packages.txt less the data packages
# (fonts-dejavu-core, ca-certificates: read at run time); or when a library it loads belongs to a
# package that installing that list would not bring (apt-cache depends --recurse).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/dist
swift build -c release --product trailpack --static-swift-stdlib --scratch-path "$scratch"
binary="$scratch/release/trailpack"
list=scripts/runtime-packages.txt

if ldd "$binary" | grep -E 'libswift|libFoundation|lib_Foundation|not found'; then
  echo "dist: $binary still needs the libraries above" >&2; exit 1
fi

# The Debian package owning a library file (dpkg knows it by one of its names: merged /usr).
owner_of() {
  local real name
  real=$(readlink -f "$1")
  for name in "$1" "$real" "${real#/usr}" "/usr$1"; do
    dpkg -S "$name" 2>/dev/null | head -1 | cut -d: -f1 | grep . && return 0
  done
  echo "dist: no Debian package owns $1" >&2; return 1
}

linked=$(objdump -p "$binary" | awk '$1 == "NEEDED" { print $2 }' | while read -r lib; do
  path=$(ldd "$binary" | awk -v l="$lib" '$1 == l && $3 ~ /^\// { print $3 } $1 ~ "/" l "$" { print $1 }' | head -1)
  [ -n "$path" ] || { echo "dist: $lib not found" >&2; exit 1; }
  owner_of "$path"
done | sort -u)
expected=$(grep -vE '^(fonts-dejavu-core|ca-certificates)$' "$list" | sort -u)
if [ "$linked" != "$expected" ]; then
  echo "dist: the binary links libraries of these packages:" >&2; echo "$linked" >&2
  echo "but $list (less the data packages) lists:" >&2; echo "$expected" >&2
  exit 1
fi
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
  --no-replaces --no-enhances $(cat "$list") | grep -v '^ ' | sort -u)
# Every library it loads, by each of its names, and the packages owning them (one dpkg call).
names=$(ldd "$binary" | awk '$3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' | while read -r path; do
  real=$(readlink -f "$path"); echo "$path $real ${real#/usr} /usr$path"; done)
owned=$(tr ' ' '\n' <<< "$names" | sort -u | xargs dpkg -S 2>/dev/null || true)
while read -r a b c d; do
  grep -qF -e ": $a" -e ": $b" -e ": $c" -e ": $d" <<< "$owned" || { echo "dist: no Debian package owns $a" >&2; exit 1; }
done <<< "$names"
loaded=$(cut -d: -f1 <<< "$owned" | tr -d ' ' | tr ',' '\n' | sort -u)
if missing=$(comm -23 <(echo "$loaded") <(echo "$closure")) && [ -n "$missing" ]; then
  echo "dist: libraries of these packages are loaded but $list does not bring them:" >&2
  echo "$missing" >&2; exit 1
fi

version=$("$binary" --version | awk 'NR == 1 { print $2 }')
name="trailpack-$version-linux-$(uname -m)"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/trailpack/bin" "$stage/trailpack/LICENSES" dist
install -m 755 "$binary" "$stage/trailpack/bin/trailpack"
strip "$stage/trailpack/bin/trailpack"
cp "$list" data/PROVENANCE.md "$stage/trailpack/"
cp scripts/dist-NOTICE.txt "$stage/trailpack/NOTICE.txt"
swift_root=$(dirname "$(dirname "$(command -v swift)")")
cp "$swift_root/share/swift/LICENSE.txt" "$stage/trailpack/LICENSES/Swift-runtime-LICENSE.txt"
rm -f dist/trailpack-*.tar.gz
tar -C "$stage" --sort=name --owner=0 --group=0 --mtime=@0 -czf "dist/$name.tar.gz" trailpack
cp "$list" dist/
echo "dist/$name.tar.gz: $(du -h "dist/$name.tar.gz" | cut -f1); needs: $(tr '\n' ' ' < "$list")"
