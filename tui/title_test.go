package tui

import (
	"strings"
	"testing"
)

// TestTitlesShowNoMarkdown draws a session whose title is markdown.
func TestTitlesShowNoMarkdown(t *testing.T) {
	snap := snapshot(lease("user:ada", "cli-me"))
	title := "## **Leases** and `claims`"
	snap.Session.Title = &title
	m := opened(t, testConfig(t), 80, 24, snap, nil)
	got := screen(m)
	if !strings.Contains(got, "vehicle · Leases and claims") || strings.Contains(got, "**") {
		t.Errorf("the header shows raw markdown:\n%s", got)
	}
	if w := m.View().WindowTitle; w != "vehicle · Leases and claims" {
		t.Errorf("the window title is %q", w)
	}
}
