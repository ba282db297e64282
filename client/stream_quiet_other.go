//go:build !linux

package client

import "net"

// quiet returns c: the quiet reads are Linux's (stream_quiet_linux.go).
func quiet(c net.Conn) net.Conn { return c }

// holder is a connection that can hold its arrivals back (Linux's).
func holder(net.Conn) arrivalHolder { return nil }
