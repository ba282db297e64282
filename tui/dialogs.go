package tui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
)

// focus is where keys go: one screen or one dialog at a time. Dialogs and
// the help overlay remember the focus to return to.
type focus int

const (
	focusSession       focus = iota // the open session's composer
	focusPicker                     // the session picker
	focusRoom                       // the open session's room pane: pending chimes and the policy
	focusQueue                      // the open session's queue lane
	focusEntries                    // selecting a transcript entry to copy or fork
	focusVisit                      // chiming into another person's room
	focusHelp                       // the help overlay
	focusRename                     // the rename dialog
	focusConfirmDelete              // the delete confirmation
	focusOffer                      // take over or watch a session another terminal drives
	focusDeleted                    // what a delete did
)

// overlay reports whether f is drawn over a screen.
func (f focus) overlay() bool { return f >= focusHelp }

// pane reports whether f is one of the open session's panes.
func (f focus) pane() bool {
	return f == focusSession || f == focusRoom || f == focusQueue || f == focusEntries
}

// lineInput is a one-line text input without a blinking cursor.
type lineInput struct{ value []rune }

// String is the input's text.
func (l *lineInput) String() string { return string(l.value) }

// set replaces the text.
func (l *lineInput) set(s string) { l.value = []rune(s) }

// update edits the text with a key; it reports whether the key was one.
func (l *lineInput) update(msg tea.KeyPressMsg) bool {
	switch msg.String() {
	case "backspace", "ctrl+h":
		if len(l.value) > 0 {
			l.value = l.value[:len(l.value)-1]
		}
		return true
	case "ctrl+u":
		l.value = nil
		return true
	}
	k := msg.Key()
	if k.Text == "" || k.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
		return false
	}
	l.insert(k.Text)
	return true
}

// insert adds text (a key's or a paste's) without its control characters.
func (l *lineInput) insert(s string) {
	for _, r := range s {
		if r >= 0x20 && r != 0x7f && !(r >= 0x80 && r <= 0x9f) {
			l.value = append(l.value, r)
		}
	}
}

// view draws the text and a cursor block.
func (l *lineInput) view(st *theme.Styles) string {
	return st.Body.Render(string(l.value)) + st.Key.Render("▏")
}

// overlayBox draws a dialog: a titled box at most width cells wide.
func overlayBox(st *theme.Styles, title, body string, width int) string {
	inner := max(min(width-4, 96), 10)
	lines := []string{st.OverlayTitle.Render(title), ""}
	for _, l := range strings.Split(xansi.Wrap(body, inner, ""), "\n") {
		lines = append(lines, xansi.Truncate(l, inner, "…"))
	}
	return st.Overlay.Render(strings.Join(lines, "\n"))
}

// placeOver draws box centred over the lines of a region, keeping what is
// around it.
func placeOver(region []string, box string, width int) []string {
	bl := strings.Split(box, "\n")
	bw := lipgloss.Width(box)
	top := max((len(region)-len(bl))/2, 0)
	left := max((width-bw)/2, 0)
	out := append([]string(nil), region...)
	for i, l := range bl {
		r := top + i
		if r >= len(out) {
			break
		}
		bg := out[r]
		out[r] = pad(xansi.Truncate(bg, left, ""), left) + l + xansi.Cut(bg, left+bw, width)
	}
	return out
}

// helpBox is the help overlay: every key of the current screen.
func helpBox(st *theme.Styles, h help.Model, km help.KeyMap, width int) string {
	h.SetWidth(max(min(width-4, 96), 20))
	body := h.FullHelpView(km.FullHelp()) + "\n\n" + st.KeyDesc.Render("f1, ctrl+g or esc closes this")
	return overlayBox(st, "Keys", body, width)
}

// helpStyles maps the theme onto bubbles/help's styles.
func helpStyles(st *theme.Styles) help.Styles {
	return help.Styles{
		Ellipsis:       st.KeyDesc,
		ShortKey:       st.Key,
		ShortDesc:      st.KeyDesc,
		ShortSeparator: st.Rule,
		FullKey:        st.Key,
		FullDesc:       st.KeyDesc,
		FullSeparator:  st.Rule,
	}
}

// renameBox is the rename dialog.
func renameBox(st *theme.Styles, s client.Summary, in *lineInput, width int) string {
	body := "Title for " + SanitizeLine(s.SessionID) + ":\n" + in.view(st) + "\n\n" +
		st.KeyDesc.Render("enter saves (empty clears it) · esc cancels")
	return overlayBox(st, "Rename", body, width)
}

// deleteBox is the delete confirmation, naming the session.
func deleteBox(st *theme.Styles, s client.Summary, width int) string {
	body := "Delete “" + SanitizeLine(s.DisplayTitle()) + "” (" + SanitizeLine(s.SessionID) + ")?\n" +
		"The host moves it to its trash; its mirrored document goes to the workspace's Trash.\n\n" +
		st.Key.Render("y") + st.KeyDesc.Render(" delete · ") + st.Key.Render("n") + st.KeyDesc.Render(" keep it")
	return overlayBox(st, "Delete session", body, width)
}

// offerBox offers to take over a session another terminal of the person
// drives, or to watch it.
func offerBox(st *theme.Styles, holder *client.Lease, width int) string {
	who := "your other terminal"
	if holder != nil && holder.ClientID != "" {
		who += " (" + shortID(holder.ClientID) + ")"
	}
	body := "This session is driven from " + who + ".\n\n" +
		st.Key.Render("t") + st.KeyDesc.Render("  take over: that terminal becomes a watcher") + "\n" +
		st.Key.Render("w") + st.KeyDesc.Render("  watch from here: enter then sends the driver chimes")
	return overlayBox(st, "Take over or watch?", body, width)
}

// deletedView is what a delete did, for its dialog.
type deletedView struct {
	id      string
	title   string
	outcome client.DeleteOutcome
}

// deletedBox says both outcomes of a delete: the session in the host's
// trash, and its mirrored document in the workspace's Trash, or why not and
// what to do.
func deletedBox(st *theme.Styles, d *deletedView, width int) string {
	out := d.outcome
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
		st.Key.Render("enter")+st.KeyDesc.Render(" or ")+st.Key.Render("esc")+st.KeyDesc.Render(" closes this"))
	return overlayBox(st, "Deleted", strings.Join(lines, "\n"), width)
}
