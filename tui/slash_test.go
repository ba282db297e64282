package tui

import (
	"testing"
)

func TestParsePolicy(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"suggest": "suggest", "CO-DRIVE": "co-drive", "codrive": "co-drive",
		" mute ": "mute", "observe": "observe", "loud": "", "": ""} {
		got, ok := parsePolicy(in)
		if got != want || ok != (want != "") {
			t.Errorf("parsePolicy(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
