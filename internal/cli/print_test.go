package cli

import (
	"bytes"
	"errors"
	"testing"
)

// TestPrintErrorIsInert prints an error that carries a host's escape
// sequences and a URL with a password: one line, the escapes shown as
// pictures, the password gone.
func TestPrintErrorIsInert(t *testing.T) {
	var b bytes.Buffer
	PrintError(&b, errors.New("cannot reach https://ada:hunter2@host/x: \x1b]0;pwned\x07\x1b[2J\nnext\u200b"))
	want := "vehicle: cannot reach https://[redacted]@host/x: ␛]0;pwned␇␛[2J next\\u200b\n"
	if b.String() != want {
		t.Errorf("PrintError wrote %q, want %q", b.String(), want)
	}
}
