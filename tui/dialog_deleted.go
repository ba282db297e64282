package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// deletedDialog says both outcomes of a delete: the session in the host's
// trash, and its mirrored document in the workspace's Trash, or why not and
// what to do.
type deletedDialog struct {
	c       *common
	id      string
	title   string
	outcome client.DeleteOutcome
	w, h    int
}

// ShortHelp lists the dialog's keys.
func (d *deletedDialog) ShortHelp() []key.Binding {
	return []key.Binding{d.c.keys.Save, d.c.keys.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *deletedDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *deletedDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update closes on confirm or cancel.
func (d *deletedDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	k, ok := msg.(tea.KeyPressMsg)
	return nil, ok && key.Matches(k, d.c.keys.Confirm, d.c.keys.Cancel)
}

// View draws the outcome.
func (d *deletedDialog) View() string {
	c, out := d.c, d.outcome
	st := c.st
	trash := SanitizeLine(out.Deleted.TrashedAs)
	lines := []string{
		"“" + SanitizeLine(d.title) + "” (" + SanitizeLine(d.id) + ")",
		"",
		st.StatusGood.Render("✓ session moved to the host's trash: " + trash),
	}
	switch {
	case out.MirrorTrashed:
		doc := ""
		if out.Deleted.Mirror != nil {
			doc = " (" + SanitizeLine(out.Deleted.Mirror.DocumentID) + ")"
		}
		lines = append(lines, st.StatusGood.Render("✓ its mirrored document"+doc+" is in the workspace's Trash"))
	case out.MirrorErr != nil:
		lines = append(lines, st.StatusError.Render("✗ "+SanitizeLine(strings.TrimPrefix(out.MirrorErr.Error(), "vehicle: "))))
	default:
		lines = append(lines, st.Notice.Render("· it had no mirrored document in the graph"))
	}
	lines = append(lines, "", st.KeyDesc.Render("To restore it, the host's operator moves "+trash+
		" back; a trashed document comes back from the workspace's Trash."), "",
		c.st.Key.Render(keyName(c.keys.Save))+st.KeyDesc.Render(" or ")+c.hint(c.keys.Dismiss, "closes this"))
	return overlayBox(st, "Deleted", strings.Join(lines, "\n"), d.w, d.h)
}
