//go:build race

// Package raceon says whether the race detector is built in, for a test
// that explores a pure function at random or exhaustively to spend less of
// its budget where the detector slows it tenfold and, with one goroutine,
// can find nothing (the Go tree's own tests do the same with race.Enabled).
// .ci/run runs those packages once more without it, whole.
package raceon

// On is true: the race detector is built in.
const On = true
