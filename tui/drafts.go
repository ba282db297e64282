package tui

import tea "charm.land/bubbletea/v2"

// Drafts keeps what the person was writing, per session, between runs
// (statefile.Drafts keeps them per terminal, in private files). The UI
// calls it only from its commands, never from Update.
type Drafts interface {
	// Load is the draft kept under a session's key, "" when none; shared
	// says another terminal shows it too, so sending it from both would send
	// it twice.
	Load(key string) (text string, shared bool, err error)
	// Save keeps this terminal's draft of a session under its key; ""
	// forgets it (this terminal's only).
	Save(key, text string) error
}

// draftMsg hands back the draft kept for a session being opened.
type draftMsg struct {
	gen    int
	text   string
	shared bool  // another terminal shows it too
	err    error // the load failed
	saved  error // a save failed: the draft of the session left was not kept
}

// loadDraft reads the draft kept for a session.
func loadDraft(d Drafts, gen int, id string) tea.Cmd {
	if d == nil {
		return nil
	}
	return func() tea.Msg {
		text, shared, err := d.Load(id)
		return draftMsg{gen: gen, text: text, shared: shared, err: err}
	}
}

// saveDraft keeps a session's draft; a failure is told on the status line.
func saveDraft(d Drafts, id, text string) tea.Cmd {
	if d == nil || id == "" {
		return nil
	}
	return func() tea.Msg {
		if err := d.Save(id, text); err != nil {
			return draftMsg{gen: -1, saved: err}
		}
		return nil
	}
}

// onDraft puts a kept draft in the composer, unless the person has begun
// writing already.
func (m *Model) onDraft(msg draftMsg) {
	if msg.saved != nil {
		m.failed(msg.saved)
		return
	}
	s := m.current(msg.gen)
	if s == nil || msg.err != nil || msg.text == "" {
		return
	}
	if s != m.sess { // a tile without the focus: its composer is its draft
		if s.draft == "" {
			s.draft = msg.text
			m.needsNote(s, needDraft)
		}
		return
	}
	if !m.composer.Blank() {
		return
	}
	m.composer.SetValue(msg.text)
	m.note = "your draft is back in the composer"
	if msg.shared {
		m.note = "your draft is back in the composer, and open in another of your terminals too: send it from one only"
	}
}

// Draft is one open session's draft: its key (its host, graph and id) and
// the text its composer held.
type Draft struct{ Key, Text string }

// Drafts is the draft of every open session, for the caller to keep with
// Config.Drafts after the program ends: the focused one's is the composer's
// text, the others' what their composers held when the focus left them.
func (m *Model) Drafts() []Draft {
	if m.cfg.Watch {
		return nil
	}
	out := make([]Draft, 0, len(m.tiles))
	for _, s := range m.tiles {
		text := s.draft
		if s == m.sess {
			text = m.composer.Kept()
		}
		out = append(out, Draft{Key: m.draftKey(s.id), Text: text})
	}
	return out
}

// draftKey names a session's draft: the same id on another host or graph
// is another session.
func (m *Model) draftKey(id string) string {
	if m.cfg.Client == nil {
		return id
	}
	return m.cfg.Client.GardendURL() + " " + m.cfg.Client.Graph() + " " + id
}
