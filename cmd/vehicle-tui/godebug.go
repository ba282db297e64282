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

import "runtime"

// oneProc runs the UI's Go code on one processor (GOMAXPROCS 1) unless the
// environment sets GOMAXPROCS. The UI is one event loop fed by a few
// goroutines that wait (a stream's reader, a command's request): it never
// has two things to compute at once, and with a second processor idle each
// hand-off between goroutines (a batch of deltas read, handed to the loop,
// drawn) woke a thread to run it, which then spun and slept again. While
// the 20 KB reply streamed in, one processor halved the context switches
// (5,390 to 2,760) and took a tenth less CPU (docs/benchmarks.md, issue 38).
func oneProc(env func(string) (string, bool)) {
	if _, set := env("GOMAXPROCS"); !set {
		runtime.GOMAXPROCS(1)
	}
}
