package main

import (
	"fmt"
	"path/filepath"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/inert"
	"github.com/sophia-labs/vehicle/internal/statefile"
	"github.com/sophia-labs/vehicle/tui"
)

// drafts is where this terminal keeps its drafts: the state folder's
// drafts/, per session and per terminal (named by the client's id); nil
// when there is no state folder.
func (a *app) drafts(c *client.Client) tui.Drafts {
	dir, err := config.StateDir(a.Env)
	if err != nil || c == nil {
		return nil
	}
	return statefile.NewDrafts(filepath.Join(dir, "drafts"), c.ClientID())
}

// history is where the input history is kept: the state folder's history/,
// per session and across sessions; nil when there is no state folder.
func (a *app) history() tui.History {
	dir, err := config.StateDir(a.Env)
	if err != nil {
		return nil
	}
	return statefile.NewHistory(filepath.Join(dir, "history"))
}

// keepDraft saves the open session's draft when the UI ends. When it cannot
// be kept, stderr says why and holds the draft, so it is not lost.
func (a *app) keepDraft(d tui.Drafts, m *tui.Model) {
	key, text := m.Draft()
	if key == "" || d == nil {
		return
	}
	if err := d.Save(key, text); err != nil {
		fmt.Fprintf(a.ErrOut, "vehicle: %s\nvehicle: your draft, to copy:\n%s\n", inert.Line(err.Error()), inert.Text(text))
	}
}
