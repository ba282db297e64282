//go:build !windows

package testbin

// exeSuffix ends a program's name here.
const exeSuffix = ""
