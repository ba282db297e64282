//go:build !unix

package main

// watchTerminal does nothing here: a console that closes ends its
// programs.
func watchTerminal(uintptr, func()) (stop func()) { return func() {} }
