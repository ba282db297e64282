package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui/picker"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// walk is a model whose run calls a tool in each of its first n turns, then
// says it is over: one prompt makes a transcript of 2n+2 items.
type walk struct{ n int }

// Turn answers one turn of the walk.
func (w walk) Turn(_ context.Context, req vehicletest.TurnRequest) vehicletest.Reply {
	if req.Step > w.n {
		return vehicletest.Reply{Deltas: []string{"the walk is over"}}
	}
	text := fmt.Sprintf("step %d of the walk", req.Step)
	if req.Step%5 == 0 {
		text += "\n\n- a list\n- of two"
	}
	return vehicletest.Reply{Deltas: []string{text}, ToolCalls: []vehicletest.ToolUse{
		{Name: "read_page", Args: fmt.Sprintf(`{"page":%d}`, req.Step), Result: fmt.Sprintf("page %d", req.Step)}}}
}

// longWalk is a host with one session of a walk of n tool rounds, its first
// message the only one that says "aardvark", and a client of it.
// walkSteps is the walk the tests read: long enough for several folds
// (about 360 items: twins fold 100 at a time, a lazy open leaves
// client.LazyTail).
const walkSteps = 120

// walkMessages is the position line's count of a walk of walkSteps.
func walkMessages() string { return ui.Thousands(2*walkSteps + 2) }

func longWalk(t *testing.T, n int) (*vehicletest.Server, *client.Client, string) {
	t.Helper()
	srv := vehicletest.NewServer(t, vehicletest.WithDeterministicIDs(), vehicletest.WithModel(walk{n}),
		vehicletest.WithLimits(vehicletest.Limits{MaxTurns: n + 10, MaxCostUSD: 1000, TurnCostUSD: 1e-9}))
	c := person(t, srv, "ada-token", "cli-one")
	id := newSession(t, c, "Walk")
	ctx := t.Context()
	if _, err := c.Prompt(ctx, id, "the aardvark question"); err != nil {
		t.Fatal(err)
	}
	for since := int64(0); ; {
		w, err := c.Watch(ctx, id, since, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range w.Events {
			if ev.Type == client.EvRunSettled {
				return srv, c, id
			}
		}
		since = w.Cursor
	}
}

// twins are the same session opened in two models at w x h, watching: lazy
// (InspectLazy, NewStateLazy) and eager (Inspect, NewState).
func twins(t *testing.T, c *client.Client, id string, w, h int) (lazy, eager *Model) {
	t.Helper()
	ls, err := c.InspectLazy(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := c.Inspect(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t)
	cfg.Watch = true
	lazy, eager = newModel(t, cfg, w, h), newModel(t, cfg, w, h)
	open(lazy, id)
	open(eager, id)
	feed(lazy, session.OpenedMsg{Gen: lazy.tiles.Gen(), ID: id, Principal: "user:ada", Snap: &ls.Snapshot, Lazy: ls})
	feed(eager, session.OpenedMsg{Gen: eager.tiles.Gen(), ID: id, Principal: "user:ada", Snap: snap})
	lazy.transcript.SetFoldChunk(100) // several folds in a test's session
	return lazy, eager
}

// same fails unless both models show the same screen; it returns it.
func same(t *testing.T, lazy, eager *Model, what string) string {
	t.Helper()
	a, b := screen(lazy), screen(eager)
	if a != b {
		t.Fatalf("%s: the lazy screen differs from the eager one:\n%s\n---- eager:\n%s", what, a, b)
	}
	return a
}

// selIndex is the position of the selected entry, -1 when none.
func selIndex(m *Model) int { return m.transcript.SelectedIndex() }

// The TUI opens a long session lazily through the host: few entries folded,
// the last reply on screen.
func TestLongSessionOpensLazily(t *testing.T) {
	t.Parallel()
	a, all := watchLongWalk(t)
	st := a.m.tiles.Focused().State()
	if st.Earlier() == 0 || len(st.Entries) > 3*client.LazyTail {
		t.Fatalf("opened with %d entries folded and %d items left: want the tail only", len(st.Entries), st.Earlier())
	}
	a.send(keyPgUp)
	a.see(" of " + ui.Thousands(all) + " · ") // every message counted, folded or not
}

// Paging up to the top of a long session shows what an eagerly opened one
// shows, page by page, and ends on the first message.
func TestLongSessionPagesToTheTop(t *testing.T) {
	t.Parallel()
	_, c, id := longWalk(t, walkSteps)
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel() // the host is only read, each size has its own models
			lazy, eager := twins(t, c, id, size[0], size[1])
			same(t, lazy, eager, "opened")
			for k := 0; ; k++ {
				feed(lazy, keyPgUp)
				feed(eager, keyPgUp)
				s := same(t, lazy, eager, fmt.Sprintf("page %d up", k+1))
				if strings.Contains(s, "message 1 of "+walkMessages()) {
					if !strings.Contains(s, "the aardvark question") {
						t.Fatalf("at the top, the first message is not shown:\n%s", s)
					}
					break
				}
				if k > 3000 {
					t.Fatalf("paging up never reached the top:\n%s", s)
				}
			}
			if lazy.tiles.Focused().State().Earlier() != 0 {
				t.Fatalf("at the top, %d items are not folded", lazy.tiles.Focused().State().Earlier())
			}
			feed(lazy, keyPgDown, keyPgDown)
			feed(eager, keyPgDown, keyPgDown)
			same(t, lazy, eager, "two pages down again")
		})
	}
}

// ctrl+home, home in the entries pane, and a search for a word of the first
// message reach it in a long session opened lazily.
func TestLongSessionJumpsAndSearches(t *testing.T) {
	t.Parallel()
	_, c, id := longWalk(t, walkSteps)
	lazy, eager := twins(t, c, id, 80, 24)
	feed(lazy, keyCtrlHome)
	feed(eager, keyCtrlHome)
	if s := same(t, lazy, eager, "ctrl+home"); !strings.Contains(s, "the aardvark question") || !strings.Contains(s, "message 1 of "+walkMessages()) {
		t.Fatalf("ctrl+home: want the first message:\n%s", s)
	}

	lazy, eager = twins(t, c, id, 80, 24)
	for _, m := range []*Model{lazy, eager} {
		feed(m, keyShiftTab, keyHome)
	}
	if s := same(t, lazy, eager, "home in the entries pane"); !strings.Contains(s, "the aardvark question") || selIndex(lazy) != 0 {
		t.Fatalf("home in the entries pane: want the first message selected (sel %d):\n%s", selIndex(lazy), s)
	}

	lazy, eager = twins(t, c, id, 120, 40)
	for _, m := range []*Model{lazy, eager} {
		feed(m, keyCtrlF)
		feed(m, typing("aardvark")...)
	}
	if s := same(t, lazy, eager, "search"); !strings.Contains(s, "1 of 1") || !strings.Contains(s, "the aardvark question") {
		t.Fatalf("search for a word of the first message: want it found:\n%s", s)
	}
}

// Moving the selection up across a fold keeps the selected entry, the open
// chip and the position line as they are with every entry folded; a note
// after an entry not folded yet shows once it is.
func TestLongSessionSelectionAcrossAFold(t *testing.T) {
	t.Parallel()
	_, c, id := longWalk(t, walkSteps)
	lazy, eager := twins(t, c, id, 80, 24)
	note := client.PlacedNotice{After: eager.tiles.Focused().State().Entries[3].EntryID,
		Entry: client.Entry{Kind: client.EntryNotice, Event: client.EvSessionForked, Subject: "s-elsewhere", Rev: 1}}
	for _, m := range []*Model{lazy, eager} {
		feed(m, session.NotesMsg{Gen: m.tiles.Gen(), Placed: []client.PlacedNotice{note}})
		feed(m, keyShiftTab, keyUp, press('o'))
	}
	same(t, lazy, eager, "a chip opened")
	before := len(lazy.tiles.Focused().State().Entries)
	for k := 0; k < 200; k++ {
		feed(lazy, keyUp)
		feed(eager, keyUp)
		same(t, lazy, eager, fmt.Sprintf("%d up", k+1))
	}
	shift := len(lazy.tiles.Focused().State().Entries) - before
	if shift == 0 {
		t.Fatal("200 entries up folded nothing")
	}
	if got, want := selIndex(lazy)+lazy.tiles.Focused().Hidden(), selIndex(eager); got != want {
		t.Fatalf("selection after the fold: %d (+%d not folded), eager %d", selIndex(lazy), lazy.tiles.Focused().Hidden(), want)
	}
	for _, m := range []*Model{lazy, eager} {
		feed(m, keyCtrlEnd, keyPgUp)
	}
	same(t, lazy, eager, "back at the end, a page up")
	for _, m := range []*Model{lazy, eager} {
		feed(m, keyCtrlHome)
	}
	if s := same(t, lazy, eager, "the top"); !strings.Contains(s, "forked as s-elsewhere") {
		t.Fatalf("the note after an early entry is not shown:\n%s", s)
	}
}

// The picker's preview decodes only the last turns of a lazily read
// snapshot; one of them that does not decode is the preview's error.
func TestPeekSnapshotDecodesTheLastTurns(t *testing.T) {
	t.Parallel()
	var items []string
	for i := range 50 {
		items = append(items, fmt.Sprintf(`{"entryId":"e%d","role":"user","text":"turn %d"}`, i, i))
	}
	data := `{"session":{"sessionId":"s1"},"cursor":9,"transcript":[` + strings.Join(items, ",") + `]}`
	ls, err := client.DecodeLazySnapshot([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := peekSnapshot(ls, nil)
	if err != nil || len(snap.Transcript) != picker.PreviewTurns || snap.Transcript[picker.PreviewTurns-1].Text != "turn 49" ||
		snap.Session.SessionID != "s1" {
		t.Fatalf("peek: %v, %+v", err, snap)
	}
	items[49] = `{"entryId":"e49","role":"user","text":7}`
	ls, _ = client.DecodeLazySnapshot([]byte(`{"transcript":[` + strings.Join(items, ",") + `]}`))
	if _, err := peekSnapshot(ls, nil); err == nil || !strings.Contains(err.Error(), "item 49") {
		t.Fatalf("an item that does not decode: %v", err)
	}
}

// An item of a lazily read transcript that does not decode shows as
// unreadable, its bytes quoted, between the items around it.
func TestUnreadableItemShows(t *testing.T) {
	t.Parallel()
	data := `{"session":{"sessionId":"s1","graphId":"demo","status":"idle"},"cursor":3,"transcript":[` +
		`{"entryId":"e1","role":"user","text":"before it"},` +
		`{"entryId":"e2","role":"assistant","text":7},` +
		`{"entryId":"e3","role":"assistant","text":"after it"}]}`
	ls, err := client.DecodeLazySnapshot([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t)
	cfg.Watch = true
	m := newModel(t, cfg, 80, 24)
	open(m, "s1")
	feed(m, session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: &ls.Snapshot, Lazy: ls})
	s := screen(m)
	for _, want := range []string{"before it", "unreadable item", `"{\"entryId\":\"e2\"`, "after it"} {
		if !strings.Contains(s, want) {
			t.Fatalf("want %q on screen:\n%s", want, s)
		}
	}
}

// After the first frame the rest of a long session is folded in the
// background, a chunk a message, without a key: the screen stays as it was
// and every entry is there for a search or a jump to the top.
func TestLongSessionFoldsAfterTheFirstFrame(t *testing.T) {
	t.Parallel()
	a, all := watchLongWalk(t)
	if a.m.tiles.Focused().State().Earlier() == 0 {
		t.Fatal("everything was folded before the first frame")
	}
	a.until("every item folded", func(string) bool { return a.m.tiles.Focused().State().Earlier() == 0 })
	if n := len(a.m.tiles.Focused().State().Entries); n < all { // the notes of the session's events come on top
		t.Fatalf("%d entries after the background fold, want %d", n, all)
	}
	if s := screen(a.m); !a.m.transcript.Following() || !strings.Contains(s, fmt.Sprintf("step %d of the walk", walkSteps-1)) ||
		!strings.Contains(s, "the walk is over") {
		t.Fatalf("the background fold moved the window (follow %v):\n%s", a.m.transcript.Following(), s)
	}
}

// watchLongWalk opens a walk of walkSteps tool rounds through the host at 80x24,
// watching, until its last reply shows; all is how many entries the whole
// snapshot makes.
func watchLongWalk(t *testing.T) (a *harness, all int) {
	t.Helper()
	_, c, id := longWalk(t, walkSteps)
	snap, err := c.Inspect(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	all = len(client.NewState(client.Me{Principal: "user:ada"}, snap).Entries)
	cfg := hostConfig(t, c)
	cfg.SessionID, cfg.Watch = id, true
	a = drive(t, "lazy", cfg, 80, 24)
	a.see("the walk is over")
	return a, all
}
