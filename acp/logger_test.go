package acp

import (
	"bytes"
	"strings"
	"testing"
)

// TestDiagnosticsAreInert: a diagnostic line that holds host text (a
// chime's author, an error's message) reaches stderr inert, one line.
func TestDiagnosticsAreInert(t *testing.T) {
	var b bytes.Buffer
	l := &logger{w: &b}
	l.logf("could not answer %s's chime: %v (%s)", "Bo\x1b]0;pwned\x07\u202e", "line one\nline two", "https://ada:s3cret@host.example/x")
	got := b.String()
	if strings.ContainsAny(got, "\x1b\x07\u202e") || strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "vehicle acp: could not answer Bo") ||
		strings.Contains(got, "s3cret") {
		t.Errorf("the diagnostic is not one inert line: %q", got)
	}
}
