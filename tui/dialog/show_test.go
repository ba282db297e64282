package dialog

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// The dialogs that only show something: the errors, a text read whole, the
// help, the session's info and what a delete did.

// TestErrorsDialog shows the errors newest first, each marked and wrapped
// whole, and where the debug log is; with none it says so.
func TestErrorsDialog(t *testing.T) {
	ctx := uitest.Context()
	d := NewErrors(ctx, []string{"not_found: the session s9 is gone", "unavailable: " + strings.Repeat("down ", 30)},
		"/tmp/state/vehicle/debug.log")
	d.SetSize(80, 24)
	says(t, d, "Errors, newest first", "✗ not_found: the session s9 is gone", "✗ unavailable: down down",
		"The debug log has every request: /tmp/state/vehicle/debug.log", "esc closes this")
	v := plain(d)
	if strings.Index(v, "not_found") > strings.Index(v, "unavailable") {
		t.Errorf("not newest first:\n%s", v)
	}
	if strings.Count(flat(d), "down") != 30 {
		t.Errorf("the long error is not whole:\n%s", v)
	}
	if strings.Contains(v, "scroll") {
		t.Errorf("a text that fits offers to scroll:\n%s", v)
	}
	golden(t, "two_errors_and_the_log", v)

	none := NewErrors(ctx, nil, "")
	none.SetSize(80, 24)
	says(t, none, "No error so far.")
	if strings.Contains(flat(none), "debug log") {
		t.Error("with no debug log it names one")
	}
	one := NewError(ctx, "The session was not created", "forbidden: agents are for owners")
	one.SetSize(80, 24)
	says(t, one, "The session was not created", "✗ forbidden: agents are for owners")
}

// TestTextScrolls: a text taller than the box scrolls with ↑ and ↓ within
// its ends, and says so.
func TestTextScrolls(t *testing.T) {
	var lines []string
	for i := 1; i <= 40; i++ {
		lines = append(lines, fmt.Sprintf("line %02d", i))
	}
	d := NewReading(uitest.Context(), "Chime from Bo", strings.Join(lines, "\n"))
	d.SetSize(60, 16)
	says(t, d, "Chime from Bo", "line 01", "↑ ↓ scroll · esc closes this")
	if strings.Contains(plain(d), "✗") || strings.Contains(plain(d), "line 40") {
		t.Fatalf("a reading is marked as an error, or shows whole:\n%s", plain(d))
	}
	d.Update(up)
	if !strings.Contains(plain(d), "line 01") {
		t.Fatalf("↑ at the top moved:\n%s", plain(d))
	}
	d.Update(down)
	if v := plain(d); strings.Contains(v, "line 01") || !strings.Contains(v, "line 02") {
		t.Fatalf("↓ did not scroll a line:\n%s", v)
	}
	for range 100 {
		d.Update(down)
	}
	if v := plain(d); !strings.Contains(v, "line 40") || strings.Contains(v, "line 20") {
		t.Fatalf("↓ did not stop at the end:\n%s", v)
	}
	d.Update(up)
	if strings.Contains(plain(d), "line 40") {
		t.Fatalf("↑ from the end did not scroll back:\n%s", plain(d))
	}
}

// TestShowingDialogsClose: each closes on esc and on its own key; any
// other key that is no text leaves it open, as does a message that is no
// key.
func TestShowingDialogsClose(t *testing.T) {
	ctx := uitest.Context()
	state := &wire.State{Session: uitest.Summary("s1", "Leases", uitest.Now, nil)}
	cases := []struct {
		name   string
		d      ui.Component
		closes []tea.KeyPressMsg
	}{
		{"errors", NewErrors(ctx, []string{"x"}, ""), []tea.KeyPressMsg{esc, uitest.Key(tea.KeyF3), uitest.Press('v')}},
		{"help", NewHelp(ctx, screenKeys{ctx, true}), []tea.KeyPressMsg{esc, uitest.Key(tea.KeyF1)}},
		{"info", NewInfo(ctx, state, "demo", false, false), []tea.KeyPressMsg{esc, uitest.Key(tea.KeyF4), enter, uitest.Press('y')}},
		{"deleted", NewDeleted(ctx, "s1", "Leases", wire.DeleteOutcome{}), []tea.KeyPressMsg{esc, enter}},
		{"code blocks", NewCodeChooser(ctx, []CodeBlock{{Text: "x", Lines: 1}}), []tea.KeyPressMsg{esc}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, k := range c.closes {
				c.d.SetSize(80, 24)
				if _, act := c.d.Update(k); !closes(act) {
					t.Errorf("%s did not close it: %#v", k, act)
				}
			}
			for _, msg := range []tea.Msg{ctrl('x'), uitest.Key(tea.KeyPgDown), tea.WindowSizeMsg{Width: 1}} {
				if _, act := c.d.Update(msg); act != nil {
					t.Errorf("%v reported %#v", msg, act)
				}
			}
		})
	}
}

// screenKeys is the key map of a screen, for the help: its first two
// columns, or all three.
type screenKeys struct {
	ctx   *ui.Context
	three bool
}

func (s screenKeys) ShortHelp() []key.Binding { return []key.Binding{s.ctx.Keys.Send} }

func (s screenKeys) FullHelp() [][]key.Binding {
	k := &s.ctx.Keys
	cols := [][]key.Binding{
		{k.Send, k.Newline, k.Steer, k.Abort, k.Editor, k.TakeOver, k.Info, k.Unref},
		{k.Panes, k.PanesBack, k.Mouse, k.PageUp, k.PageDown, k.LineUp, k.LineDown, k.Bottom, k.Top},
		{k.Quit, k.Help, k.Sessions, k.Errors, k.ModelKey, k.Palette, k.Search, k.Suspend},
	}
	if !s.three {
		return cols[:2]
	}
	return cols
}

// TestHelpLists lists every key of the screen it is opened on, its
// columns side by side when they fit the box (96 cells at most), one under
// another when they do not, and scrolls a list taller than the box.
func TestHelpLists(t *testing.T) {
	ctx := uitest.Context()
	wide := NewHelp(ctx, screenKeys{ctx, false})
	wide.SetSize(200, 40)
	says(t, wide, "Keys", "enter send / follow-up", "ctrl+j newline (alt+enter too)", "tab next pane",
		"f1 or esc closes this")
	if strings.Contains(flat(wide), "↑ ↓ scroll") {
		t.Errorf("a help that fits offers to scroll:\n%s", plain(wide))
	}
	if row := lineWith(plain(wide), "send / follow-up"); !strings.Contains(row, "next pane") {
		t.Errorf("wide, the columns are not side by side: %q", row)
	}
	golden(t, "two_columns_side_by_side", plain(wide))

	three := NewHelp(ctx, screenKeys{ctx, true})
	three.SetSize(200, 60)
	says(t, three, "enter send / follow-up", "tab next pane", "ctrl+c quit")
	if row := lineWith(plain(three), "send / follow-up"); strings.Contains(row, "next pane") {
		t.Errorf("three columns wider than the box are side by side: %q", row)
	}

	narrow := NewHelp(ctx, screenKeys{ctx, false})
	narrow.SetSize(50, 60)
	if row := lineWith(plain(narrow), "send / follow-up"); strings.Contains(row, "next pane") {
		t.Errorf("narrow, the columns are side by side: %q", row)
	}
	says(t, narrow, "enter send / follow-up", "tab next pane")

	short := NewHelp(ctx, screenKeys{ctx, true})
	short.SetSize(50, 14)
	says(t, short, "↑ ↓ scroll", "enter send / follow-up")
	short.Update(uitest.Key(tea.KeyPgDown))
	if strings.Contains(plain(short), "send / follow-up") {
		t.Errorf("pgdown did not scroll:\n%s", plain(short))
	}
	for range 10 {
		short.Update(uitest.Key(tea.KeyPgDown))
	}
	if !strings.Contains(plain(short), "suspend") {
		t.Errorf("the last key is not reached:\n%s", plain(short))
	}
	short.Update(uitest.Key(tea.KeyPgUp))
	short.Update(tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt})
	short.Update(tea.KeyPressMsg{Code: tea.KeyDown, Mod: tea.ModAlt})
	for range 20 {
		short.Update(up)
	}
	if !strings.Contains(plain(short), "send / follow-up") {
		t.Errorf("↑ did not scroll back to the top:\n%s", plain(short))
	}
	if got := len(short.FullHelp()[0]); got != 4 {
		t.Errorf("the help's own keys: %d", got)
	}
}

// lineWith is the first line of s that holds sub.
func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// TestInfoDialog says what the session is, who pays, what the person may
// do and where its record lives, from the session's state as it changes.
func TestInfoDialog(t *testing.T) {
	ctx := uitest.Context()
	s := uitest.Summary("s1", "Leases", uitest.Now, nil)
	s.Profile, s.Isolation, s.Model, s.Body = wire.ProfileAgent, "bwrap", "openrouter/openai/gpt-6-luna", "ready"
	at := time.Date(2026, 10, 14, 9, 0, 0, 0, time.UTC)
	state := &wire.State{Session: s, Mirror: wire.Mirror{State: "written", DocumentID: "doc1", WrittenAt: &at}}
	d := NewInfo(ctx, state, "demo", false, false)
	d.SetSize(100, 30)
	says(t, d, "Session", "session s1 in demo", "profile agent · bwrap", "model openrouter/openai/gpt-6-luna",
		"funding house: the host's own key pays", "access you may drive it", "body ready",
		"Where the record lives", "✓ written to document doc1 at 2026-10-14 09:00:00", "esc closes this")
	golden(t, "agent_written", plain(d))

	state.Session.Funding, state.Session.Access, state.Session.Model, state.Session.Body = "byok", ui.AccessReader, "", ""
	state.Mirror = wire.Mirror{State: "off"}
	says(t, d, "funding byok: your own model key pays", "its agent reads the graph only (a viewer's session",
		"model the host's default", "body unknown", "· off: this host does not mirror")
	state.Session.Funding = "credit"
	says(t, d, "funding credit: your account's credit pays")
	state.Session.Funding = "member"
	says(t, d, "funding house: the host's own key pays")
	keyed := NewInfo(ctx, state, "demo", false, true)
	keyed.SetSize(100, 30)
	says(t, keyed, "funding house: the host's own key pays, not the key you gave (a member's session)")
	state.Session.Funding = "credit"
	says(t, keyed, "funding byok: your own model key pays from your next message (the session was on credit)")
	state.Session.Funding = "member"
	reduced := NewInfo(ctx, state, "demo", true, false)
	reduced.SetSize(100, 30)
	says(t, reduced, "access you read, not drive: your role on the graph dropped to viewer")
}

// TestDeletedDialog says both outcomes of a delete: the session in the
// host's trash, and its mirrored document in the Trash, or why not, or
// that it had none; and how to restore it.
func TestDeletedDialog(t *testing.T) {
	ctx := uitest.Context()
	trashed := wire.Deleted{SessionID: "s2", TrashedAs: "trash/s2", Mirror: &wire.MirrorRef{DocumentID: "doc2"}}
	cases := []struct {
		name    string
		outcome wire.DeleteOutcome
		want    string
	}{
		{"mirror trashed", wire.DeleteOutcome{Deleted: trashed, MirrorTrashed: true},
			"✓ its mirrored document (doc2) is in the workspace's Trash"},
		{"mirror trashed, not named", wire.DeleteOutcome{Deleted: wire.Deleted{TrashedAs: "trash/s2"}, MirrorTrashed: true},
			"✓ its mirrored document is in the workspace's Trash"},
		{"mirror not trashed", wire.DeleteOutcome{Deleted: trashed,
			MirrorErr: errors.New("vehicle: the session is deleted, but its mirrored document is not in the Trash")},
			"✗ the session is deleted, but its mirrored document is not in the Trash"},
		{"no mirror", wire.DeleteOutcome{Deleted: trashed}, "· it had no mirrored document in the graph"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := NewDeleted(ctx, "s2", "Leases and takeovers", c.outcome)
			d.SetSize(80, 24)
			says(t, d, "Deleted", "“Leases and takeovers” (s2)", "✓ session moved to the host's trash: trash/s2", c.want,
				"To restore it, the host's operator moves trash/s2 back", "enter or esc closes this")
			if strings.Contains(flat(d), "vehicle:") {
				t.Errorf("the error keeps its prefix: %s", flat(d))
			}
		})
	}
}
