package keep

import (
	"errors"
	"slices"
	"testing"
	"time"
)

// screen is a UI as the keeper reads it: a focus, the focused tile, a visit,
// the composer's changes and the open drafts.
type screen struct {
	now   Shown
	texts map[int]string // each open session's draft, by generation
	ids   map[int]string
}

func (u *screen) shown() Shown {
	now := u.now
	now.Open = func() []Open {
		var out []Open
		for _, gen := range []int{VisitGen, 1, 2} {
			if id, ok := u.ids[gen]; ok {
				out = append(out, Open{ID: id, Gen: gen, Kept: KeptDraft{Text: u.texts[gen]}})
			}
		}
		return out
	}
	return now
}

// type changes the focused tile's draft.
func (u *screen) typeText(text string) {
	u.texts[u.now.Tile] += text
	u.now.Edits++
}

// TestShownDraftsKeptAsTheUIRuns: none is kept before the session's kept
// draft came back; then a draft is kept when the focus moves and at a
// pause in typing (not one cut short by typing), and one that did not
// change is not kept again.
func TestShownDraftsKeptAsTheUIRuns(t *testing.T) {
	t.Parallel()
	st := newStore()
	k := New(Config{Drafts: st})
	k.SetPause(time.Hour)
	u := &screen{now: Shown{Tile: 1}, texts: map[int]string{}, ids: map[int]string{1: "alpha", 2: "beta"}}
	if cmd := k.Look(u.shown()); len(run(cmd)) != 0 || len(st.shown) != 0 {
		t.Fatalf("a draft was kept before its kept draft came back: %v", st.shown)
	}
	for gen := 1; gen <= 2; gen++ {
		k.Update(DraftMsg{Gen: gen}, u.shown())
	}
	if k.Loaded() != 2 {
		t.Fatalf("%d kept drafts came back, want 2", k.Loaded())
	}
	u.now.Tile = 2 // the focus moves: both drafts kept, empty
	run(k.Look(u.shown()))
	if !slices.Equal(st.shown, []string{"alpha", "beta"}) {
		t.Fatalf("kept %v when the focus first moved", st.shown)
	}
	u.now.Tile = 1
	run(k.Look(u.shown()))
	if len(st.shown) != 2 {
		t.Fatalf("unchanged drafts kept again: %v", st.shown)
	}

	u.typeText("for alpha")
	pause := k.Look(u.shown())
	if pause == nil || len(st.shown) != 2 {
		t.Fatal("typing asked for no pause, or kept a draft at once")
	}
	if k.Look(u.shown()) != nil {
		t.Error("a second pause is waited for while one is")
	}
	cut := u.now.Edits
	u.typeText("!")
	if cmd, _ := k.Update(PauseMsg{Edits: cut}, u.shown()); cmd == nil || len(st.shown) != 2 {
		t.Fatal("a pause cut short by typing kept the draft, or waits for no next one")
	}
	cmd, _ := k.Update(PauseMsg{Edits: u.now.Edits}, u.shown()) // a pause nothing cut short
	run(cmd)
	if !slices.Equal(st.shown[2:], []string{"alpha"}) || st.drafts["alpha"].Text != "for alpha!" {
		t.Fatalf("a pause in typing kept %v (%v)", st.shown, st.drafts)
	}

	st.fail = errors.New("disk full")
	u.now.Focus = 3 // to a pane
	u.typeText(" more")
	msgs := run(k.Look(u.shown()))
	if len(msgs) != 1 {
		t.Fatalf("a draft not kept says %v", msgs)
	}
	if _, act := k.Update(msgs[0].(DraftMsg), u.shown()); act == nil || !errors.Is(act.(Failed).Err, st.fail) {
		t.Errorf("a draft not kept while shown is reported as %#v", act)
	}
}

// TestVisitDraftKeptOnceItCameBack: the visit's draft is kept once its own
// kept draft came back, and not for another visit opened since.
func TestVisitDraftKeptOnceItCameBack(t *testing.T) {
	t.Parallel()
	st := newStore()
	k := New(Config{Drafts: st})
	first, second := new(int), new(int)
	u := &screen{now: Shown{Tile: -1, Visit: first}, texts: map[int]string{VisitGen: "chime"}, ids: map[int]string{VisitGen: "room"}}
	k.Update(DraftMsg{Gen: VisitGen}, u.shown())
	u.now.Focus = 5
	run(k.Look(u.shown()))
	if !slices.Equal(st.shown, []string{"room"}) {
		t.Fatalf("the visit's draft kept under %v", st.shown)
	}
	u.now.Visit, u.texts[VisitGen] = second, "another"
	u.now.Focus = 6
	run(k.Look(u.shown()))
	if len(st.shown) != 1 {
		t.Errorf("another visit's draft was kept before its kept one came back: %v", st.shown)
	}
}

// TestShownNotKeptWhileWatching: a watching UI, or drafts kept only at the
// end, keep nothing as the UI runs.
func TestShownNotKeptWhileWatching(t *testing.T) {
	t.Parallel()
	u := &screen{now: Shown{Tile: 1, Focus: 2, Edits: 3}, texts: map[int]string{}, ids: map[int]string{1: "s"}}
	for _, k := range []*Keeper{New(Config{Drafts: newStore(), Watch: true}), New(Config{Drafts: onlySaves{}})} {
		k.Update(DraftMsg{Gen: 1}, u.shown())
		if k.Look(u.shown()) != nil {
			t.Error("a draft is kept as the UI runs")
		}
		if cmd, _ := k.Update(PauseMsg{Edits: 3}, u.shown()); cmd != nil {
			t.Error("a pause keeps a draft")
		}
	}
	var k Keeper
	if k.shown.waitPause(1) == nil {
		t.Error("the default pause is no command")
	}
	if open(Shown{}) != nil {
		t.Error("no open drafts are some")
	}
}

// onlySaves is Drafts that keeps nothing while shown.
type onlySaves struct{}

func (onlySaves) Load(string) (KeptDraft, error) { return KeptDraft{}, nil }
func (onlySaves) Save(string, KeptDraft) error   { return nil }
