package config

import (
	"runtime/debug"
	"strings"
)

// DevVersion is the version of a binary built from a source tree that Go
// could not stamp with a module version.
const DevVersion = "devel"

// Build describes one build of a binary: the version, and the commit and
// date it was built from when they are known.
type Build struct {
	Version string // the module version (v1.2.3, a pseudo-version, or DevVersion)
	Commit  string // the VCS revision, or ""
	Date    string // the commit's or the build's time, or ""
}

// ReadBuild describes the running binary from its build information (the
// module version, vcs.revision and vcs.time that `go build` and `go install`
// stamp). Each non-empty argument, set by a release's -ldflags -X, overrides
// the field it names.
func ReadBuild(version, commit, date string) Build {
	info, _ := debug.ReadBuildInfo()
	b := buildFrom(info)
	if v := strings.TrimSpace(version); v != "" {
		b.Version = v
	}
	if c := strings.TrimSpace(commit); c != "" {
		b.Commit = c
	}
	if d := strings.TrimSpace(date); d != "" {
		b.Date = d
	}
	return b
}

// buildFrom reads a Build from Go's build information; nil gives DevVersion.
func buildFrom(info *debug.BuildInfo) Build {
	b := Build{Version: DevVersion}
	if info == nil {
		return b
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		b.Version = v
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.time":
			b.Date = s.Value
		}
	}
	return b
}

// String is the version with the short commit and the date when known:
// "v1.2.0 (commit 1a2b3c4d5e6f, 2026-11-30T14:00:00Z)".
func (b Build) String() string {
	var extra []string
	if b.Commit != "" {
		c := b.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		extra = append(extra, "commit "+c)
	}
	if b.Date != "" {
		extra = append(extra, b.Date)
	}
	if len(extra) == 0 {
		return b.Version
	}
	return b.Version + " (" + strings.Join(extra, ", ") + ")"
}
