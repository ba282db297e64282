package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/session"
)

// Drafts keeps what the person was writing, per session, between runs
// (statefile.Drafts keeps them per terminal, in private files). The UI
// calls it only from its commands, never from Update.
type Drafts interface {
	// Load is the draft kept under a session's key, empty when none;
	// Shared says another terminal shows it too, so sending it from both
	// would send it twice.
	Load(key string) (KeptDraft, error)
	// Save keeps this terminal's draft of a session under its key; an
	// empty one forgets it (this terminal's only).
	Save(key string, d KeptDraft) error
}

// KeptDraft is what is kept of a session between runs (session.KeptDraft):
// the composer's text, and a message sent with no answer yet, which the
// next run sends again as the same request, so the host runs it once.
type KeptDraft = session.KeptDraft

// draftMsg hands back the draft kept for a session being opened.
type draftMsg struct {
	gen   int
	kept  KeptDraft
	err   error // the load failed
	saved error // a save failed: the draft of the session left was not kept
}

// loadDraft reads the draft kept for a session.
func loadDraft(d Drafts, gen int, id string) tea.Cmd {
	if d == nil {
		return nil
	}
	return func() tea.Msg {
		kept, err := d.Load(id)
		return draftMsg{gen: gen, kept: kept, err: err}
	}
}

// saveDraft keeps a session's draft; a failure is told on the status line
// (Flush does it when the program ends first).
func saveDraft(w *diskWrites, d Drafts, id string, kept KeptDraft) tea.Cmd {
	if d == nil || id == "" {
		return nil
	}
	return w.cmd(func() error { return d.Save(id, kept) }, func(err error) tea.Msg {
		if err != nil {
			return draftMsg{gen: -1, saved: err}
		}
		return nil
	})
}

// Draft is one open session's draft: its key (its host, graph and id) and
// what is kept of it.
type Draft struct {
	Key  string
	Kept KeptDraft
}

// Drafts is the draft of every open session, for the caller to keep with
// Config.Drafts after the program ends: the focused one's is the composer's
// text (or what the editor had saved, when it still ran), the others' what
// their composers held when the focus left them; with each, a message sent
// with no answer yet.
func (m *Model) Drafts() []Draft {
	if m.cfg.Watch {
		return nil
	}
	var out []Draft
	for _, d := range m.openDrafts() {
		out = append(out, d.Draft)
	}
	return out
}

// openDraft is an open session's draft, with the generation of the
// session (visitGen for the visit).
type openDraft struct {
	Draft
	gen int
}

// openDrafts is the draft of every open session, as Drafts has them.
func (m *Model) openDrafts() []openDraft {
	out := make([]openDraft, 0, len(m.tiles.All())+1)
	if v := m.visit; v != nil {
		k := KeptDraft{Text: m.composer.Kept()}
		if u := v.Unanswered(); u != nil {
			k.RequestID, k.Request, k.Op = u.RequestID, u.Text, u.Op
		}
		out = append(out, openDraft{Draft{Key: m.draftKey(v.ID()), Kept: k}, visitGen})
	}
	for _, s := range m.tiles.All() {
		text := s.Draft()
		if s == m.tiles.Focused() {
			text = m.composer.Kept()
		}
		out = append(out, openDraft{Draft{Key: m.draftKey(s.ID()), Kept: s.Kept(text)}, s.Gen()})
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
