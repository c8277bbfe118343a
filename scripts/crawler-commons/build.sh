#!/usr/bin/env bash
# Builds crawler-commons' robots.txt parser from its source with its logging stubbed, plus a
# harness that answers "allowed?" per line, for src/robots/readers/crawler-commons.java.test.ts.
# Usage: scripts/crawler-commons/build.sh <crawler-commons git dir or work tree> <out dir>
set -euo pipefail
src="$1"; out="$2"; here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
files=(robots/SimpleRobotRules robots/BaseRobotRules robots/SimpleRobotRulesParser robots/BaseRobotsParser
  robots/RobotsExtensionData robots/RobotsExtension robots/SimpleRobotsExtensionData filters/URLFilter
  filters/basic/BasicURLNormalizer url/CrawlerURL)
for f in "${files[@]}"; do
  p="src/main/java/crawlercommons/$f.java"; mkdir -p "$work/$(dirname "$p")"
  if [ -d "$src/.git" ] || [ -f "$src/$p" ]; then cp "$src/$p" "$work/$p"; else git --git-dir="$src" show "HEAD:$p" > "$work/$p"; fi
done
mkdir -p "$out"
javac -nowarn -d "$out" $(find "$work" "$here/stubs" -name '*.java') "$here/Harness.java"
echo "built into $out"
