package cli

import (
	"bytes"
	"testing"
)

// TestTrimLines drops the spaces before each newline a write holds, and
// nothing else.
func TestTrimLines(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"USAGE   \n  vehicle [command]     \n", "USAGE\n  vehicle [command]\n"},
		{"no newline   ", "no newline   "},
		{"  indented\n\n   \n", "  indented\n\n\n"},
		{"tab\t \n", "tab\t\n"},
	} {
		var b bytes.Buffer
		n, err := trimLines{&b}.Write([]byte(tc.in))
		if err != nil || n != len(tc.in) || b.String() != tc.want {
			t.Errorf("Write(%q) = %d, %v, wrote %q; want %q", tc.in, n, err, b.String(), tc.want)
		}
	}
	for _, tc := range []struct {
		args []string
		want bool
	}{{[]string{"-h"}, true}, {[]string{"demo", "--help"}, true}, {[]string{"help", "ride"}, true},
		{[]string{"ride", "--session", "help"}, false}, {nil, false}} {
		if got := asksHelp(tc.args); got != tc.want {
			t.Errorf("asksHelp(%q) = %v", tc.args, got)
		}
	}
}
