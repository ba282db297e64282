// Package testexit ends a test binary without the race detector's second
// of sleep.
//
// Built with -race, a program that exits with code 0 sleeps a second first
// (GORACE's atexit_sleep_ms), so that goroutines still running may report
// races: every test binary of `go test -race ./...` that passed did, some
// thirty seconds of the suite's time on two cores. Our tests end what they
// start, and a race found while a test runs fails that test already, so a
// test binary's TestMain ends it with Exit instead:
//
//	func TestMain(m *testing.M) { testexit.Main(m) }
package testexit

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// Main runs the package's tests and exits with their code.
func Main(m *testing.M) { Exit(m.Run()) }

// Exit ends the test binary with code, as os.Exit does, but without the race
// detector's sleep; with coverage asked for, it is os.Exit itself (the
// exit hooks may write the profile).
func Exit(code int) {
	if code != 0 || !raceOn || testing.CoverMode() != "" {
		os.Exit(code)
	}
	quickExit(code)
}

// waitingPerCPU is how many parallel tests Waiting runs per CPU.
const waitingPerCPU = 3

// Waiting lets a package whose tests mostly wait (on sockets, on programs
// in a pty, on a stream's pace) rather than compute run three parallel
// tests per CPU at once instead of one, unless the command line says
// -parallel. Call it in TestMain before m.Run.
func Waiting() {
	if !flag.Parsed() {
		flag.Parse()
	}
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(waitingPerCPU*runtime.GOMAXPROCS(0)))
	}
}
