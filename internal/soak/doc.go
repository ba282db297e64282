// Package soak holds the long run: three clients of two people doing random
// operations through a fault proxy against the reference host, each following
// its sessions with a client.Stream, for as long as VEHICLE_SOAK says.
//
//	VEHICLE_SOAK=30m VEHICLE_SOAK_SEED=1 go test -run TestSoak -timeout 40m -v ./internal/soak
//
// Without VEHICLE_SOAK the test skips.
package soak
