package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/clientid"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/inert"
	"github.com/sophia-labs/vehicle/internal/statefile"
	"github.com/sophia-labs/vehicle/tui"
)

// drafts is where this terminal keeps its drafts: the state folder's
// drafts/, per session and per terminal (named by the client's id). With
// no state folder, a store that keeps none and says so when a draft is to
// be kept; nil with no client.
func (a *app) drafts(c *client.Client) tui.Drafts {
	if c == nil {
		return nil
	}
	dir, err := config.StateDir(a.Env)
	if err != nil {
		return noDrafts{}
	}
	return draftStore{statefile.NewDrafts(dir, c.ClientID())}
}

// noDrafts is the drafts with no state folder to keep them in: none to
// load, and a draft to keep is refused, saying why (so the UI says it, and
// at its end prints the draft and exits 1), never dropped in silence.
type noDrafts struct{}

// Load finds no draft.
func (noDrafts) Load(string) (tui.KeptDraft, error) { return tui.KeptDraft{}, nil }

// Save refuses any draft but an empty one.
func (noDrafts) Save(_ string, k tui.KeptDraft) error {
	if k.Text == "" && k.RequestID == "" {
		return nil
	}
	return errNoStateFolder
}

// errNoStateFolder says why no draft is kept with no state folder.
var errNoStateFolder = errors.New("your draft was not kept: there is no folder for vehicle's state; set XDG_STATE_HOME or HOME")

// draftStore is statefile's drafts as the UI keeps them.
type draftStore struct{ d *statefile.Drafts }

// Load is the draft kept for a session, with the message that waited for
// an answer, if any.
func (s draftStore) Load(key string) (tui.KeptDraft, error) {
	d, shared, err := s.d.Load(key)
	return tui.KeptDraft{Text: d.Text, RequestID: d.RequestID, Op: d.Op, Request: d.Request, Refs: d.Refs, Shared: shared}, err
}

// Save keeps this terminal's draft of a session.
func (s draftStore) Save(key string, k tui.KeptDraft) error {
	return s.d.Save(key, stateDraft(k))
}

// KeepShown keeps this terminal's draft of a session while it shows it,
// so a UI killed loses at most what was typed in the last seconds.
func (s draftStore) KeepShown(key string, k tui.KeptDraft) error {
	return s.d.KeepShown(key, stateDraft(k))
}

// stateDraft is a draft as statefile keeps it.
func stateDraft(k tui.KeptDraft) statefile.Draft {
	return statefile.Draft{Text: k.Text, RequestID: k.RequestID, Op: k.Op, Request: k.Request, Refs: k.Refs}
}

// recent keeps which sessions were open last on the client's host and
// graph in this terminal, in the state folder's recent/: --continue brings
// back this terminal's wall, not the one another terminal had open last.
// nil when there is no state folder.
func (a *app) recent(c *client.Client) tui.Recent {
	dir, err := config.StateDir(a.Env)
	if err != nil || c == nil {
		return nil
	}
	return statefile.NewRecent(dir, c.GardendURL()+" "+c.Graph()+" "+a.terminal(clientid.TTY()))
}

// terminalIDs are the variables terminals and multiplexers set to name one
// window, tab or pane; a device name (tty) is reused once its terminal
// closes, so the first of these that is set is kept beside it.
var terminalIDs = []string{"TMUX_PANE", "WEZTERM_PANE", "KITTY_WINDOW_ID", "TERM_SESSION_ID", "WT_SESSION", "WINDOWID"}

// terminal names the terminal the UI runs in: its device (tty, "" for
// none) and the first of terminalIDs that is set.
func (a *app) terminal(tty string) string {
	for _, name := range terminalIDs {
		if v, ok := a.Env(name); ok && v != "" {
			return tty + " " + name + "=" + v
		}
	}
	return tty
}

// history is where the input history is kept: the state folder's history/,
// per session and across sessions; nil when there is no state folder.
func (a *app) history() tui.History {
	dir, err := config.StateDir(a.Env)
	if err != nil {
		return nil
	}
	return statefile.NewHistory(dir)
}

// keepDrafts saves the open sessions' drafts when the UI ends and reports
// whether every one was kept. When one cannot be kept, what is said on w
// (stderr, once the leases are given up) says why and holds the draft, so
// it is not lost.
func (a *app) keepDrafts(w io.Writer, d tui.Drafts, m *tui.Model) bool {
	if d == nil {
		return true
	}
	kept := true
	for _, dr := range m.Drafts() {
		if err := d.Save(dr.Key, dr.Kept); err != nil {
			kept = false
			text := dr.Kept.Text
			if dr.Kept.Request != "" {
				text = strings.TrimSpace(dr.Kept.Request + "\n\n" + text) // the message with no answer first
			}
			fmt.Fprintf(w, "vehicle: %s\nvehicle: your draft, to copy:\n%s\n", inert.Line(err.Error()), inert.Text(text))
		}
	}
	return kept
}
