//go:build !race

package client

// raceOn says the race detector is built in (race_on.go).
const raceOn = false
