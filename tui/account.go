package tui

import (
	"errors"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
)

// keepRefusal keeps a refusal that names the doors and opens the key
// dialog when a key would cure it; create says the refusal was a create's.
func (m *Model) keepRefusal(err error, create bool) {
	var e *client.Error
	if !errors.As(err, &e) {
		return
	}
	d := e.Doors()
	cures := dialog.KeyCures(e.Code)
	if d == nil && !cures {
		return
	}
	m.refusal = &dialog.Refusal{Code: e.Code, Message: e.Message, Doors: d, Create: create && cures}
	if s := m.tiles.Focused(); !create && s != nil && s.State() != nil {
		m.refusal.Funding = s.State().Session.Funding
	}
	if cures {
		_ = m.openKeyDialog(m.refusal) // in a session the account is known; after a create, onManageAction asks for it
	}
}

// onAccount keeps the host's answer about the person; a failed look-up
// keeps the last one.
func (m *Model) onAccount(msg accountMsg) {
	m.dirty = msg.acc != nil // a failed look-up changes nothing shown
	if msg.err != nil || msg.acc == nil {
		return
	}
	m.account = msg.acc
	m.tellKeyDialog()
	m.tellNewSession()
	if m.me.Principal == "" {
		m.me.Principal = msg.acc.Principal
	}
}

// hasModelKey reports whether a model key goes with the requests: given at
// start or in the key dialog. A credit session runs on it from the next
// request, so the credit's warnings no longer hold.
func (c *common) hasModelKey() bool {
	return c.keyGiven || (c.cfg.Client != nil && c.cfg.Client.ModelKey() != "")
}
