#!/usr/bin/env bash
# Rewrites the built-in opening books, benches/openings/<variant>.epd, one per game that
# `menagerie variants` lists: 1000 balanced positions each, seed 2026, the per-variant defaults of
# `menagerie book` (random plies, judging nodes, 80 cp margin). The book depends on the seed alone,
# not on the threads, so this reproduces the shipped files exactly from the same build.
#   scripts/make-books.sh [VARIANT...]      default: every game; about 45 minutes on 2 cores
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
menagerie="${MENAGERIE:-$repo/target/release/menagerie}"
if [ ! -x "$menagerie" ]; then
  (cd "$repo" && cargo build --release --quiet)
fi
if [ $# -eq 0 ]; then
  set -- $("$menagerie" variants | awk '{print $1}')
fi
for variant in "$@"; do
  echo "== $variant" >&2
  "$menagerie" book --variant "$variant" --count 1000 --seed 2026 --threads "$(nproc)" \
    --out "$repo/benches/openings/$variant.epd"
done
