package slash

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// cmds are a few commands as the palette's table names them.
var cmds = []Cmd{
	{Slash: "new", Name: "New session", Words: "start create clear"},
	{Slash: "export", Name: "Export the transcript", Words: "save write"},
	{Slash: "search", Name: "Search the transcript", Words: "find look"},
	{Name: "Only in the palette", Words: "zzzz"},
}

// TestNearest: a name a command begins, a word of a command's, else the
// command spelled at most two letters off; none for a name far from all,
// and a command the palette alone runs is never the nearest.
func TestNearest(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{"ne": "new", "CLEAR": "new", "find": "search", "exprot": "export",
		"serch": "search", "zzzz": "", "frobnicate": ""} {
		got, ok := Nearest(name, cmds)
		if got.Slash != want || ok != (want != "") {
			t.Errorf("Nearest(%q) = %q, %v; want %q", name, got.Slash, ok, want)
		}
	}
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "abc", 3}, {"kitten", "sitting", 3}, {"é", "e", 1}, {"same", "same", 0}} {
		if d := editDistance(c.a, c.b); d != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, d, c.d)
		}
	}
}

// send is the question's answer that sends the draft as text.
type send struct{ ui.Note }

// TestUnknown: a name that is no command is said so, with the nearest
// one, on the status line and in the question, which offers to keep the
// draft, run the nearest instead, or send the text (the caller's answer);
// a hostile name is made inert.
func TestUnknown(t *testing.T) {
	t.Parallel()
	ctx := uitest.Context()
	note, ask := Unknown(ctx, Parse("/clear all"), cmds, "Send it as text?", "send it", send{})
	if note != "/clear is not a command; the nearest is /new (New session) · ctrl+p lists them" {
		t.Errorf("the note is %q", note)
	}
	ask.SetSize(100, 30)
	view := xansi.Strip(ask.View())
	for _, s := range []string{"Not a command", "(ctrl+p lists them all).", "Send it as text?", "▸ keep it in the composer", "run /new instead", "send it"} {
		if !strings.Contains(view, s) {
			t.Errorf("the question does not say %q:\n%s", s, view)
		}
	}
	down := tea.KeyPressMsg{Code: tea.KeyDown}
	ask.Update(down)
	if _, act := ask.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); !has(act, RunNearest{Slash: "new"}) {
		t.Errorf("run the nearest: %#v", act)
	}
	_, ask = Unknown(ctx, Parse("/clear"), cmds, "", "send it", send{})
	ask.Update(down)
	ask.Update(down)
	if _, act := ask.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); !has(act, send{}) {
		t.Errorf("send it: %#v", act)
	}

	note, ask = Unknown(ctx, Line{Kind: Command, Name: "zz\x1b[2J"}, cmds, "", "send it", nil)
	ask.SetSize(100, 30)
	if note != "/zz␛[2J is not a command · ctrl+p lists them" || strings.Contains(xansi.Strip(ask.View()), "instead") {
		t.Errorf("with none near: %q\n%s", note, xansi.Strip(ask.View()))
	}
	if (RunNearest{}).Source() != ui.FromSlash {
		t.Error("RunNearest is not of FromSlash")
	}
}

// has reports whether act holds want.
func has(act, want ui.Action) bool {
	found := false
	ui.Each(act, func(a ui.Action) { found = found || a == want })
	return found
}
