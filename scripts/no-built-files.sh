#!/usr/bin/env bash
# Fails when a tracked file is a built program (ELF, PE or Mach-O) or is over
# 2 MB, outside testdata and third_party: git keeps every version forever, and
# every clone downloads it. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
bad=0
while IFS= read -r -d '' f; do
	case "$f" in third_party/* | */testdata/* | testdata/*) continue ;; esac
	[ -f "$f" ] || continue
	magic="$(head -c 4 "$f" | od -An -tx1 | tr -d ' \n')"
	size="$(stat -c %s "$f")"
	case "$magic" in
	7f454c46 | 4d5a* | cffaedfe | cefaedfe | feedface | feedfacf | cafebabe)
		echo "tracked built program: $f ($size bytes): git rm --cached it and add it to .gitignore"
		bad=1
		continue
		;;
	esac
	if [ "$size" -gt 2000000 ]; then
		echo "tracked file over 2 MB: $f ($size bytes): keep it out of git or in a testdata folder"
		bad=1
	fi
done < <(git ls-files -z)
exit "$bad"
