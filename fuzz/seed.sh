#!/bin/sh
# Fills fuzz/corpus/<target>/ with starting inputs taken from the repository:
# the presets (network), every ROP folder as rop.yaml + function.glsl (rop),
# the cells of every macro table (expr), a few byte strings (build_network),
# font files (font), and for the file readers (points, point_list, texture,
# volume, project_file, svg, mesh) the kept inputs, the assets and the point files of
# the tests.
# Run from anywhere; existing corpus files are kept.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
corpus="$here/corpus"
mkdir -p "$corpus/network" "$corpus/rop" "$corpus/expr" "$corpus/build_network" "$corpus/font"
for t in points point_list texture volume project_file svg mesh; do
    mkdir -p "$corpus/$t"
    cp "$root"/tests/fuzz-regressions/$t/* "$corpus/$t/"
done
cp "$root"/assets/svg/*.svg "$corpus/svg/"
cp "$root"/assets/checker.png "$root"/assets/studio.hdr "$corpus/texture/"
find "$root"/assets/volumes -type f -size -64k -name '*.png' -exec cp {} "$corpus/texture/" \;
for f in "$root"/assets/instances/*; do
    # The first byte picks the reader: 0 CSV, 1 OBJ, 2 PLY.
    case "$f" in
        *.csv) k='\000' ;;
        *.obj) k='\001' ;;
        *.ply) k='\002' ;;
        *) continue ;;
    esac
    { printf "$k"; cat "$f"; } > "$corpus/point_list/$(basename "$f")"
done
cp "$root"/presets/ropkit.yaml "$corpus/project_file/" 2>/dev/null || true
cp "$root"/presets/*.yaml "$corpus/network/"
cp "$root"/tests/fuzz-regressions/network/* "$corpus/network/" 2>/dev/null || true
for dir in "$root"/rops/*/*/; do
    name=$(basename "$dir")
    { cat "$dir/rop.yaml"; printf '\n---8<---\n'; cat "$dir/function.glsl"; } > "$corpus/rop/$name"
done
# Macro rows are flow lists, one a line: each quoted cell becomes an input.
n=0
grep -h '^ *- \[' "$root"/rops/*/*/rop.yaml | grep -o "\"[^\"]*\"\|'[^']*'" | sort -u |
while IFS= read -r cell; do
    n=$((n + 1))
    printf '%s' "$cell" | sed "s/^['\"]//; s/['\"]\$//" > "$corpus/expr/cell$n"
done
for i in 1 2 3 4 5 6 7 8; do
    head -c $((i * 16)) /dev/urandom > "$corpus/build_network/random$i"
done
# Fonts: the bundled one and the test fonts (cubic, composite, dense).
cp "$root"/assets/fonts/*.ttf "$root"/tests/fixtures/fonts/*.?tf "$corpus/font/"
echo "seeded $(ls "$corpus"/* | wc -l) inputs in $corpus"
