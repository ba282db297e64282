package main

import (
	"runtime"
	"testing"
)

// TestOneProc: the UI runs on one processor unless GOMAXPROCS says
// otherwise.
func TestOneProc(t *testing.T) {
	was := runtime.GOMAXPROCS(3)
	defer runtime.GOMAXPROCS(was)
	oneProc(func(k string) (string, bool) { return "", false })
	if n := runtime.GOMAXPROCS(0); n != 1 {
		t.Errorf("GOMAXPROCS %d with no GOMAXPROCS in the environment, want 1", n)
	}
	runtime.GOMAXPROCS(3)
	oneProc(func(k string) (string, bool) { return "3", k == "GOMAXPROCS" })
	if n := runtime.GOMAXPROCS(0); n != 3 {
		t.Errorf("GOMAXPROCS %d where the environment sets it, want the environment's 3", n)
	}
}
