#!/usr/bin/env bash
# The carried modules in third_party/ (third_party/README.md): each is a
# published module at a version with third_party/NAME.patch applied, less the
# upstream repository's own tooling files; go.work points builds from this
# tree at them. This script rebuilds them from the Go module proxy (--write)
# or checks that each is exactly that (--check, run by .ci/run).
#
#   scripts/carry.sh [--check|--write] [NAME...]
#
# To drop one once upstream releases its change in a version this module can
# take: delete third_party/NAME and NAME.patch, its line here and its replace
# in go.work, then go get MODULE@that-version.
set -euo pipefail
cd "$(dirname "$0")/.."
carried=(
	"bubbletea charm.land/bubbletea/v2 v2.1.1"
)
mode="${1:---check}"
[[ $# -gt 0 ]] && shift
case "$mode" in --check | --write) ;; *)
	echo "usage: scripts/carry.sh [--check|--write] [NAME...]"
	exit 2
	;;
esac
root="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
for entry in "${carried[@]}"; do
	read -r name module version <<<"$entry"
	if [[ $# -gt 0 ]] && [[ " $* " != *" $name "* ]]; then continue; fi
	src="$(cd "$work" && GOFLAGS=-mod=mod GOWORK=off go mod download -json "$module@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
	[[ -d $src ]] || { echo "carry: cannot download $module@$version from the module proxy"; exit 1; }
	cp -r "$src" "$work/$name"
	chmod -R u+w "$work/$name"
	(cd "$work/$name" && rm -rf .github .gitignore .golangci.yml .goreleaser.yml Taskfile.yaml)
	(cd "$work" && patch -s -p1 <"$root/third_party/$name.patch")
	if [[ $mode == --write ]]; then
		rm -rf "third_party/$name"
		cp -r "$work/$name" "third_party/$name"
		echo "third_party/$name: $module@$version with third_party/$name.patch"
	elif diff -r "$work/$name" "third_party/$name"; then
		echo "third_party/$name is $module@$version with third_party/$name.patch"
	else
		echo "carry: third_party/$name is not $module@$version with third_party/$name.patch;"
		echo "put the change in the patch and run scripts/carry.sh --write $name"
		status=1
	fi
done
exit $status
