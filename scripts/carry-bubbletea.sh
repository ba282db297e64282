#!/usr/bin/env bash
# The carried copy of charm.land/bubbletea/v2 in third_party/bubbletea is the
# published module at VERSION with third_party/bubbletea.patch applied, less
# the upstream repository's own tooling files. This script rebuilds it from
# the Go module proxy (--write) or checks that it is exactly that (--check,
# run by .ci/run). To drop the copy once upstream draws on demand: delete
# third_party/bubbletea*, the replace line in go.mod, this script and its CI
# step, then go get charm.land/bubbletea/v2@<that version>.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=v2.1.1
MODULE=charm.land/bubbletea/v2
mode="${1:---check}"

src="$(cd "$(mktemp -d)" && GOFLAGS=-mod=mod go mod download -json "$MODULE@$VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
[ -d "$src" ] || { echo "carry-bubbletea: cannot download $MODULE@$VERSION from the module proxy"; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$src" "$work/bubbletea"
chmod -R u+w "$work/bubbletea"
(cd "$work/bubbletea" && rm -rf .github .gitignore .golangci.yml .goreleaser.yml Taskfile.yaml)
(cd "$work" && patch -s -p1 <"$OLDPWD/third_party/bubbletea.patch")

case "$mode" in
--write)
	rm -rf third_party/bubbletea
	cp -r "$work/bubbletea" third_party/bubbletea
	echo "third_party/bubbletea: $MODULE@$VERSION with third_party/bubbletea.patch"
	;;
--check)
	if ! diff -r "$work/bubbletea" third_party/bubbletea; then
		echo "carry-bubbletea: third_party/bubbletea is not $MODULE@$VERSION with third_party/bubbletea.patch;"
		echo "put the change in the patch and run scripts/carry-bubbletea.sh --write"
		exit 1
	fi
	echo "third_party/bubbletea is $MODULE@$VERSION with third_party/bubbletea.patch"
	;;
*)
	echo "usage: scripts/carry-bubbletea.sh [--check|--write]"
	exit 2
	;;
esac
