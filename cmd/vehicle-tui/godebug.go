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
