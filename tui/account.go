package tui

// onAccount keeps the host's answer about the person; a failed look-up
// keeps the last one.
func (m *Model) onAccount(msg accountMsg) {
	m.dirty = msg.acc != nil // a failed look-up changes nothing shown
	if msg.err != nil || msg.acc == nil {
		return
	}
	m.account = msg.acc
	m.overlays.TellAccount(msg.acc.BYOK, m.hostOffer()) // the key dialog's own-key door, the new-session form's models
	if m.me.Principal == "" {
		m.me.Principal = msg.acc.Principal
	}
}

// hasModelKey reports whether a model key goes with the requests: given at
// start or in the key dialog. A credit session runs on it from the next
// request, so the credit's warnings no longer hold.
func (c *common) hasModelKey() bool {
	return c.key.Given() || (c.cfg.Client != nil && c.cfg.Client.ModelKey() != "")
}
