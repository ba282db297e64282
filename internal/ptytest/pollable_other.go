//go:build !unix

package ptytest

import "os"

// pollable returns f: there is no pty to hang up here.
func pollable(f *os.File) *os.File { return f }
