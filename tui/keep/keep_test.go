package keep

import (
	"errors"
	"slices"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// store is every store in memory: drafts (shown ones too), history, recent.
type store struct {
	mu      sync.Mutex
	drafts  map[string]KeptDraft
	shown   []string // the keys kept while shown, in order
	history map[string][]string
	recent  []string
	fail    error // every write and load fails with it
}

func newStore() *store {
	return &store{drafts: map[string]KeptDraft{}, history: map[string][]string{}}
}

func (s *store) Load(key string) (KeptDraft, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.drafts[key], s.fail
}

func (s *store) Save(key string, d KeptDraft) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
	}
	s.drafts[key] = d
	return nil
}

func (s *store) KeepShown(key string, d KeptDraft) error {
	s.mu.Lock()
	s.shown = append(s.shown, key)
	s.mu.Unlock()
	return s.Save(key, d)
}

// history is the store as a History.
type history struct{ *store }

func (h history) Load(key string) ([]string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.history[key], h.fail
}

func (h history) Add(key, text string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.fail != nil {
		return h.fail
	}
	h.history[key] = append(h.history[key], text)
	return nil
}

// recent is the store as a Recent.
type recent struct{ *store }

func (r recent) Load() ([]string, error) { return r.recent, r.fail }
func (r recent) Save(ids []string) error { r.recent = ids; return r.fail }

// run runs a command and its batch, and returns the messages they gave.
func run(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, run(c)...)
		}
		return out
	default:
		return []tea.Msg{msg}
	}
}

// TestKeyNamesTheHostAndGraph: the same id on another host or graph is
// another session's draft.
func TestKeyNamesTheHostAndGraph(t *testing.T) {
	t.Parallel()
	if got := New(Config{}).Key("s1"); got != "s1" {
		t.Errorf("with no client the key is %q, want the id", got)
	}
	if got := New(Config{Place: "http://h g"}).Key("s1"); got != "http://h g s1" {
		t.Errorf("the key is %q", got)
	}
}

// TestDraftsLoadSaveAndComeBack: a draft saved comes back as DraftBack for
// its session; a failed save or load is Failed; nothing is kept while the
// UI only watches.
func TestDraftsLoadSaveAndComeBack(t *testing.T) {
	t.Parallel()
	st := newStore()
	k := New(Config{Drafts: st, Place: "p"})
	open := []Open{{ID: "s1", Gen: 1, Kept: KeptDraft{Text: "hello"}}, {ID: "", Gen: 2}}
	if msgs := run(k.SaveDrafts(open)); len(msgs) != 0 {
		t.Fatalf("a save that worked says %v", msgs)
	}
	if st.drafts["p s1"].Text != "hello" || len(st.drafts) != 1 {
		t.Fatalf("kept %v", st.drafts)
	}
	msgs := run(k.LoadDraft(3, "s1"))
	_, act := k.Update(msgs[0].(DraftMsg), Shown{})
	if back, ok := act.(DraftBack); !ok || back.Gen != 3 || back.Kept.Text != "hello" {
		t.Fatalf("the draft came back as %#v", act)
	}
	if got := k.Drafts(open[:1]); len(got) != 1 || got[0].Key != "p s1" || got[0].Kept.Text != "hello" {
		t.Errorf("Drafts is %v", got)
	}

	st.fail = errors.New("disk full")
	msgs = run(k.SaveDrafts(open[:1]))
	if len(msgs) != 1 {
		t.Fatalf("a failed save says %v", msgs)
	}
	if _, act := k.Update(msgs[0].(DraftMsg), Shown{}); act == nil || act.(Failed).Err != st.fail {
		t.Errorf("a failed save is reported as %#v", act)
	}
	msgs = run(k.LoadDraft(4, "s1"))
	if _, act := k.Update(msgs[0].(DraftMsg), Shown{}); act == nil || act.(Failed).Err != st.fail {
		t.Errorf("a failed load is reported as %#v", act)
	}
	if _, act := k.Update(DraftMsg{Gen: -1}, Shown{}); act != nil {
		t.Errorf("a save that said nothing is reported as %#v", act)
	}

	w := New(Config{Drafts: st, Watch: true})
	if w.SaveDrafts(open) != nil || w.Drafts(open) != nil {
		t.Error("a watching UI keeps drafts")
	}
	none := New(Config{})
	if none.LoadDraft(1, "s1") != nil || none.SaveDrafts(open) != nil || none.LoadHistory(1, "s1") != nil || none.Remember("s1", "x") != nil {
		t.Error("with no stores there are commands")
	}
	if none.HasHistory() || !New(Config{History: history{st}}).HasHistory() {
		t.Error("HasHistory is wrong")
	}
}

// TestHistoryRememberedAndBack: a text remembered lands under its session's
// key, comes back for the session being opened, and a failure is said.
func TestHistoryRememberedAndBack(t *testing.T) {
	t.Parallel()
	st := newStore()
	k := New(Config{History: history{st}, Place: "p"})
	for _, id := range []string{"s1", ""} {
		msgs := run(k.Remember(id, "text of "+id))
		if _, act := k.Update(msgs[0].(HistoryMsg), Shown{}); act != nil {
			t.Errorf("a text kept is reported as %#v", act)
		}
	}
	if !slices.Equal(st.history["p s1"], []string{"text of s1"}) || !slices.Equal(st.history[""], []string{"text of "}) {
		t.Fatalf("history is %v", st.history)
	}
	msgs := run(k.LoadHistory(VisitGen, "s1"))
	_, act := k.Update(msgs[0].(HistoryMsg), Shown{})
	if back, ok := act.(HistoryBack); !ok || back.Gen != VisitGen || !slices.Equal(back.Items, []string{"text of s1"}) {
		t.Fatalf("the history came back as %#v", act)
	}
	st.fail = errors.New("disk full")
	msgs = run(k.Remember("s1", "lost"))
	if _, act := k.Update(msgs[0].(HistoryMsg), Shown{}); act == nil || act.(Failed).Err != st.fail {
		t.Errorf("a text not kept is reported as %#v", act)
	}
}

// TestRecentKeptAndBack: the sessions open last are kept and come back,
// with whether the UI continues; with no store, none come back.
func TestRecentKeptAndBack(t *testing.T) {
	t.Parallel()
	st := newStore()
	k := New(Config{Recent: recent{st}})
	ids := []string{"a", "b"}
	run(k.SaveRecent(ids))
	ids[0] = "changed after" // what was asked for is kept, not what the slice holds later
	msgs := run(k.LoadRecent(true))
	_, act := k.Update(msgs[0].(RecentMsg), Shown{})
	if back, ok := act.(RecentBack); !ok || !back.Cont || !slices.Equal(back.IDs, []string{"a", "b"}) {
		t.Fatalf("the sessions open last came back as %#v", act)
	}
	if k.SaveRecent(nil) != nil {
		t.Error("no sessions to keep is a write")
	}
	none := New(Config{})
	if none.SaveRecent([]string{"a"}) != nil {
		t.Error("with no store there is a write")
	}
	if msg := run(none.LoadRecent(false))[0].(RecentMsg); msg.Cont || msg.IDs != nil {
		t.Errorf("with no store %v came back", msg)
	}
}

// TestFlushDoesWhatNoCommandDid: a write whose command the program never
// ran is done by Flush, once; its error is Flush's.
func TestFlushDoesWhatNoCommandDid(t *testing.T) {
	t.Parallel()
	st := newStore()
	k := New(Config{Drafts: st})
	cmd := k.SaveDrafts([]Open{{ID: "s1", Kept: KeptDraft{Text: "typed before ctrl+c"}}})
	if err := k.Flush(); err != nil || st.drafts["s1"].Text != "typed before ctrl+c" {
		t.Fatalf("Flush: %v, kept %v", err, st.drafts)
	}
	st.drafts["s1"] = KeptDraft{Text: "later"}
	run(cmd) // the command run late writes nothing again
	if st.drafts["s1"].Text != "later" {
		t.Error("a write done by Flush was done again by its command")
	}
	st.fail = errors.New("disk full")
	k.SaveDrafts([]Open{{ID: "s2"}})
	if err := k.Flush(); !errors.Is(err, st.fail) {
		t.Errorf("Flush says %v", err)
	}
}
