package keep

import tea "charm.land/bubbletea/v2"

// LoadDraft reads the draft kept for the session id being opened, of
// generation gen (VisitGen for the visit).
func (k *Keeper) LoadDraft(gen int, id string) tea.Cmd {
	d := k.cfg.Drafts
	if d == nil {
		return nil
	}
	key := k.Key(id)
	return func() tea.Msg {
		kept, err := d.Load(key)
		return DraftMsg{Gen: gen, Kept: kept, Err: err}
	}
}

// SaveDrafts keeps the drafts of open (none while the UI only watches); a
// failure is told on the status line (Flush does it when the program ends
// first).
func (k *Keeper) SaveDrafts(open []Open) tea.Cmd {
	d := k.cfg.Drafts
	if d == nil || k.cfg.Watch {
		return nil
	}
	var cmds []tea.Cmd
	for _, o := range open {
		if o.ID == "" {
			continue
		}
		key, kept := k.Key(o.ID), o.Kept
		cmds = append(cmds, k.writes.Cmd(func() error { return d.Save(key, kept) }, func(err error) tea.Msg {
			if err != nil {
				return DraftMsg{Gen: -1, Saved: err}
			}
			return nil
		}))
	}
	return tea.Batch(cmds...)
}

// Drafts is the draft of every open session, for the caller to keep after
// the program ends (none while the UI only watches).
func (k *Keeper) Drafts(open []Open) []Draft {
	if k.cfg.Watch {
		return nil
	}
	var out []Draft
	for _, o := range open {
		out = append(out, Draft{Key: k.Key(o.ID), Kept: o.Kept})
	}
	return out
}

// Draft is one open session's draft: its key (its host, graph and id) and
// what is kept of it.
type Draft struct {
	Key  string
	Kept KeptDraft
}

// Open is an open session's draft, as the root has it: the session's id,
// its generation (VisitGen for the visit's) and what to keep of it.
type Open struct {
	ID   string
	Gen  int
	Kept KeptDraft
}

// LoadHistory reads the history kept for the session id being opened, of
// generation gen.
func (k *Keeper) LoadHistory(gen int, id string) tea.Cmd {
	h := k.cfg.History
	if h == nil {
		return nil
	}
	key := k.Key(id)
	return func() tea.Msg {
		items, err := h.Load(key)
		return HistoryMsg{Gen: gen, Items: items, Err: err}
	}
}

// Remember keeps text as the newest of the history of the session id (""
// for none: the global history only), by a command (a failure is said on
// the status line; Flush does it when the program ends first).
func (k *Keeper) Remember(id, text string) tea.Cmd {
	h := k.cfg.History
	if h == nil {
		return nil
	}
	key := ""
	if id != "" {
		key = k.Key(id)
	}
	return k.writes.Cmd(func() error { return h.Add(key, text) },
		func(err error) tea.Msg { return HistoryMsg{Gen: -1, Err: err} })
}

// LoadRecent reads the sessions open last; cont says the UI started with
// --continue and opens them.
func (k *Keeper) LoadRecent(cont bool) tea.Cmd {
	r := k.cfg.Recent
	if r == nil {
		return func() tea.Msg { return RecentMsg{Cont: cont} }
	}
	return func() tea.Msg {
		ids, err := r.Load()
		return RecentMsg{IDs: ids, Cont: cont, Err: err}
	}
}

// SaveRecent keeps ids as the sessions open last; a failure costs only the
// offer next time (Flush does it when the program ends first).
func (k *Keeper) SaveRecent(ids []string) tea.Cmd {
	r := k.cfg.Recent
	if r == nil || len(ids) == 0 {
		return nil
	}
	ids = append([]string(nil), ids...)
	return k.writes.Cmd(func() error { _ = r.Save(ids); return nil }, nil)
}
