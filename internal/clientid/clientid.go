// Package clientid makes the client ids a terminal claims a session's lease
// with readable: cli-<host>-<terminal>-<random>, e.g. cli-laptop-pts3-1a2b,
// so that the take-over dialog, the lease pane and the "taken over" notice
// can name the other terminal ("laptop, pts/3") instead of a random string.
package clientid

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Bounds of the readable parts, in bytes.
const (
	maxHost = 20
	maxTTY  = 12
)

// noTTY stands in for the terminal when stdin is not one.
const noTTY = "notty"

// New makes a client id for a host name and a terminal's device name (as
// TTY returns it, e.g. /dev/pts/3; "" for none): cli-<host>-<tty>-<4 hex
// digits>. The host is its first DNS label; both are lower-cased, cut to
// [a-z0-9-] (the terminal to [a-z0-9]) and bounded, so the id is at most 42
// bytes.
func New(host, tty string) string {
	var b [2]byte
	_, _ = rand.Read(b[:])
	return "cli-" + hostPart(host) + "-" + ttyPart(tty) + "-" + hex.EncodeToString(b[:])
}

// ForThisTerminal is New with this computer's host name and the terminal on
// stdin.
func ForThisTerminal() string {
	host, _ := os.Hostname()
	return New(host, TTY())
}

// hostPart is the host name's first label as [a-z0-9] words joined by '-'.
func hostPart(host string) string {
	host, _, _ = strings.Cut(strings.ToLower(strings.TrimSpace(host)), ".")
	var b strings.Builder
	dash := false
	for _, r := range host {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	s := strings.TrimRight(b.String()[:min(b.Len(), maxHost)], "-")
	if s == "" {
		return "host"
	}
	return s
}

// ttyPart is the terminal's name under /dev with only [a-z0-9] kept:
// /dev/pts/3 is pts3, /dev/ttys004 is ttys004.
func ttyPart(tty string) string {
	tty = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(tty)), "/dev/")
	var b strings.Builder
	for _, r := range tty {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	s := b.String()[:min(b.Len(), maxTTY)]
	if s == "" {
		return noTTY
	}
	return s
}

// made matches the ids New makes.
var made = regexp.MustCompile(`^cli-([a-z0-9]+(?:-[a-z0-9]+)*)-([a-z0-9]{1,12})-[0-9a-f]{4}$`)

// pts matches a pseudo-terminal's part, to show it as pts/N.
var pts = regexp.MustCompile(`^pts([0-9]+)$`)

// Label is what to show for a client id: "laptop, pts/3" for an id New
// made, "laptop" when that terminal was none, and the id itself for any
// other (which the caller, as for all host text, sanitises before drawing).
func Label(id string) string {
	if len(id) > len("cli-")+maxHost+1+maxTTY+5 {
		return id
	}
	m := made.FindStringSubmatch(id)
	if m == nil {
		return id
	}
	host, tty := m[1], m[2]
	switch {
	case tty == noTTY:
		return host
	case pts.MatchString(tty):
		tty = "pts/" + pts.FindStringSubmatch(tty)[1]
	}
	return host + ", " + tty
}

// TTY is the device name of the terminal on stdin (e.g. /dev/pts/3), or ""
// when stdin is not a terminal or its name cannot be found.
func TTY() string { return ttyOf(os.Stdin, "/proc/self/fd/0") }

// ttyOf names the terminal f is open on: the link the system keeps for its
// descriptor when there is one (Linux's /proc), else the terminal device
// under /dev that is the same file.
func ttyOf(f *os.File, link string) string {
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return ""
	}
	if name, err := os.Readlink(link); err == nil && terminalPath(name) && same(fi, name) {
		return name
	}
	for _, pattern := range []string{"/dev/pts/*", "/dev/tty*", "/dev/console"} {
		names, _ := filepath.Glob(pattern)
		for _, name := range names {
			if same(fi, name) {
				return name
			}
		}
	}
	return ""
}

// terminalPath reports whether a device path names a terminal.
func terminalPath(name string) bool {
	return strings.HasPrefix(name, "/dev/pts/") || strings.HasPrefix(name, "/dev/tty") || name == "/dev/console"
}

// same reports whether the file at name is fi.
func same(fi os.FileInfo, name string) bool {
	other, err := os.Stat(name)
	return err == nil && os.SameFile(fi, other)
}
