package client_test

import "github.com/sophia-labs/vehicle/client/wire/wiretest"

// The values the lazy state's tests through a client and host
// (state_lazy_host_test.go, state_lazy_bench_test.go) fold, from
// client/wire/wiretest as client/wire's state tests have them.
var (
	stTS       = wiretest.TS
	stMe       = wiretest.Me
	stEvent    = wiretest.Event
	stSnapshot = wiretest.Snapshot
	benchJSON  = wiretest.JSON
)
