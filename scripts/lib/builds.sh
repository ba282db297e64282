# builds.sh: the tree at a baseline revision and this tree, built side by
# side for a whole-process script to measure in one run (sourced, not run;
# from the repository's root):
#
#   . scripts/lib/builds.sh BASELINE_REV
#
# It makes a temporary folder ($tmp, removed on exit with the baseline's
# worktree), builds BASELINE_REV's commands into $tmp/base/ (from a
# worktree of its own: this tree's files are not touched) and this tree's
# into $tmp/new/, and scripts/quietbench into $tmp/quietbench; sets b and n
# (the two vehicle binaries) and qb, and prints what was built.
base_rev=${1:?a baseline revision}
tmp=$(mktemp -d)
cleanup() {
	git worktree remove --force "$tmp/src" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
git worktree add --detach --quiet "$tmp/src" "$base_rev"
(cd "$tmp/src" && go build -o "$tmp/base/" ./cmd/...)
go build -o "$tmp/new/" ./cmd/...
go build -o "$tmp/quietbench" ./scripts/quietbench
b=$tmp/base/vehicle n=$tmp/new/vehicle qb=$tmp/quietbench
echo "# baseline $(git rev-parse --short "$base_rev"), this tree $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (modified)'); $(go version)"
