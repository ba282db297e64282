//go:build !race

package raceon

// On is false: the race detector is not built in.
const On = false
