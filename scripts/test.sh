#!/usr/bin/env bash
# The whole test suite, as CI runs it: formatting, lints, the tests (optimised test profile with
# debug assertions, so every make-move is validated), then the deep perft counts in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy -D warnings"
cargo clippy --all-targets -- -D warnings
echo "== cargo test"
cargo test
echo "== deep perft (release)"
cargo test --release --test perft_suites -- --ignored
