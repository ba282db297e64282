//go:build race

package client

// raceOn says the race detector is built in: quiet reads then tell it
// what a plain read would (stream_quiet_linux.go).
const raceOn = true
