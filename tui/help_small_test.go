package tui

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

// TestHelpSmallStaysInItsBorder (issue 36, "Layout"): at 40x12 the help
// (f1) draws inside its border at every line it scrolls to: the box is as
// wide as the screen whatever lines show (a narrower one let the screen
// under it show beside its border), every row between its corners ends at
// its border, and no line is cut to "…" (a place's name wider than the box
// wrapped inside it and pushed a line out); scrolling reaches every key.
func TestHelpSmallStaysInItsBorder(t *testing.T) {
	t.Parallel()
	for _, at := range []string{"session", "picker"} {
		t.Run(at, func(t *testing.T) {
			m := opened(t, testConfig(t), 40, 12, snapshot(lease("user:ada", "cli-me")), nil)
			if at == "picker" {
				m.focus = focusPicker
			}
			feed(m, keyPress("f1"))
			seen, last := map[string]bool{}, ""
			for range 200 {
				view := xansi.Strip(m.View().Content)
				if view == last {
					break // the help's end: ↓ moves it no more
				}
				last = view
				rows := strings.Split(strings.TrimSuffix(view, "\n"), "\n")
				top, bottom := -1, -1
				for i, r := range rows {
					if strings.HasPrefix(r, "╭") {
						top = i
					}
					if strings.HasPrefix(r, "╰") {
						bottom = i
					}
				}
				if top < 0 || bottom < 0 || len(rows) != 12 {
					t.Fatalf("the box has no corners at the screen's left edge:\n%s", strings.Join(rows, "\n"))
				}
				for _, r := range rows[top : bottom+1] {
					if xansi.StringWidth(r) != 40 || !strings.HasSuffix(r, "╮") && !strings.HasSuffix(r, "│") && !strings.HasSuffix(r, "╯") {
						t.Fatalf("a row of the box does not end at its border:\n%q\n%s", r, strings.Join(rows, "\n"))
					}
					inner := strings.TrimSpace(strings.Trim(r, "│"))
					if inner == "…" {
						t.Fatalf("a line of keys was cut to “…”:\n%s", strings.Join(rows, "\n"))
					}
					seen[inner] = true
				}
				feed(m, keyDown)
			}
			for _, want := range []string{"ctrl+c quit", "alt+z zoom a tile / the wall", "esc     close"} {
				if !seen[want] {
					t.Errorf("scrolling never showed %q", want)
				}
			}
		})
	}
}
