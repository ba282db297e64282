//go:debug updatemaxprocs=0

// The runtime settings of the UI's process. updatemaxprocs=0 keeps Go's
// sysmon from reading the cgroup's CPU limit again every time it wakes (Go
// 1.25 and later re-read it at most once a second to follow a changed limit):
// idle on a live stream with the host's keepalive every 15 s, the UI woke 16
// to 28 times a minute with it off against 44 to 81 with it on, most of the
// difference on sysmon's thread (measured when it was set; today's idle
// figures are in docs/benchmarks.md, "Quiet"). GOMAXPROCS is
// still set from the limit at start; an interactive program need not follow
// a limit changed while it runs.

package main

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// oneProc runs the UI's Go code on one processor (GOMAXPROCS 1) unless the
// environment sets GOMAXPROCS, when carried says the binary holds the
// carried Bubble Tea (third_party/bubbletea). The UI is one event loop fed
// by a few goroutines that wait (a stream's reader, a command's request):
// it never has two things to compute at once, and with a second processor
// idle each hand-off between goroutines (a batch of deltas read, handed to
// the loop, drawn) woke a thread to run it, which then spun and slept
// again. While the 20 KB reply streamed in, one processor halved the
// context switches (5,390 to 2,760) and took a tenth less CPU; idle with
// the lease kept, it halved the wake-ups of a forced collection
// (docs/benchmarks.md, issue 38). Upstream's Bubble Tea (a `go install`
// build, which ignores go.work) keeps Go's default: its renderer's own
// goroutine races the return from $EDITOR on one processor and left the
// screen blank about once in twenty (TestEditorRoundTrip on that build).
func oneProc(env func(string) (string, bool), carried bool) {
	if _, set := env("GOMAXPROCS"); !set && carried {
		runtime.GOMAXPROCS(1)
	}
}

// carriedTea reports whether the build holds the carried Bubble Tea: the
// module replaced by the folder under third_party (go.work's, or a replace).
func carriedTea(info *debug.BuildInfo, ok bool) bool {
	if !ok || info == nil {
		return false
	}
	for _, m := range info.Deps {
		if m.Path == "charm.land/bubbletea/v2" {
			return m.Replace != nil && strings.Contains(m.Replace.Path, "third_party/bubbletea")
		}
	}
	return false
}
