package dialog

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// groupedKeys is a screen whose keys are grouped by where they work.
type groupedKeys struct{ ctx *ui.Context }

func (g groupedKeys) ShortHelp() []key.Binding  { return nil }
func (g groupedKeys) FullHelp() [][]key.Binding { return nil }
func (g groupedKeys) Notation() string          { return "a↵ is a letter, then enter." }
func (g groupedKeys) Groups() []ui.KeyGroup {
	k := &g.ctx.Keys
	return []ui.KeyGroup{
		{Where: "in a session", Keys: []key.Binding{k.Send, k.Newline, k.Steer, k.Editor}},
		{Where: "line editing", Keys: ui.LineEditing()},
		{Where: "room pane", Keys: []key.Binding{ui.Proposed(k.Accept), ui.Proposed(k.Reject)}},
	}
}

// TestHelpGroups: a screen that groups its keys is drawn by place, each
// place's name over its keys, after the line that says what the notation
// means; in two columns when the box is wide, one when it is narrow.
func TestHelpGroups(t *testing.T) {
	ctx := uitest.Context()
	wide := NewHelp(ctx, groupedKeys{ctx})
	wide.SetSize(120, 60)
	says(t, wide, "a↵ is a letter, then enter.", "in a session", "line editing", "room pane", "a↵ accept a chime",
		"ctrl+g edit in $EDITOR (ctrl+x ctrl+e too)", "ctrl+y yank: put back what the last kill took")
	if row := lineWith(plain(wide), "room pane"); !strings.Contains(row, "│ ") || strings.Index(row, "room pane") < 30 {
		t.Errorf("wide, the places are not in two columns: %q", row)
	}
	narrow := NewHelp(ctx, groupedKeys{ctx})
	narrow.SetSize(60, 80)
	if row := lineWith(plain(narrow), "room pane"); strings.Index(row, "room pane") > 4 {
		t.Errorf("narrow, a place is in a second column: %q", row)
	}
	says(t, narrow, "enter send / follow-up", "x↵ reject a chime")
}

// TestHelpDrawnAgainWhenItsKeysChange: the help keeps its lines while it
// scrolls, and draws them again when what they come from changes while it
// shows: a key rebound, one no longer bound, the width, the styles.
func TestHelpDrawnAgainWhenItsKeysChange(t *testing.T) {
	ctx := uitest.Context()
	d := NewHelp(ctx, groupedKeys{ctx})
	d.SetSize(60, 80)
	says(t, d, "enter send / follow-up", "ctrl+g edit in $EDITOR")
	ctx.Keys.Send.SetHelp("f9", "send it now")
	says(t, d, "f9 send it now")
	ctx.Keys.Editor.SetEnabled(false)
	if got := flat(d); strings.Contains(got, "ctrl+g edit in $EDITOR") {
		t.Errorf("a key no longer bound is still listed: %s", got)
	}
	d.SetSize(120, 60)
	if row := lineWith(plain(d), "room pane"); strings.Index(row, "room pane") < 30 {
		t.Errorf("after a wider screen, the places are not in two columns: %q", row)
	}
	before := d.View()
	st := *ctx.Styles // other styles, as a new theme brings
	st.Key = st.Key.Foreground(lipgloss.Color("#123456"))
	ctx.Styles = &st
	if after := d.View(); after == before || !strings.Contains(after, "38;2;18;52;86mf9") {
		t.Errorf("new styles do not draw the keys listed: %q", after)
	}
}
