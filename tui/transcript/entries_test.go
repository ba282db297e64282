package transcript

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// conversation is a short session: a question, a reply calling a tool, its
// chip, a reply with one code block, a question and a reply with two.
func conversation() []wire.Entry {
	at := uitest.Now
	return []wire.Entry{
		{Key: 0, Kind: wire.EntryMessage, Role: wire.RoleUser, EntryID: "e1", Text: "What is a lease?", Time: at, Rev: 1},
		{Key: 1, Kind: wire.EntryMessage, Role: wire.RoleAssistant, EntryID: "e2", Text: "Let me look.", Time: at, Rev: 1,
			ToolCalls: []wire.ToolCall{{ID: "t1", Name: "search_documents"}}},
		{Key: 2, Kind: wire.EntryTool, ToolName: "search_documents", ToolState: wire.ToolOK, ToolCallID: "t1",
			ToolArgs: `{"query":"leases","limit":3}`, Text: "three results", Time: at, Rev: 1},
		{Key: 3, Kind: wire.EntryMessage, Role: wire.RoleAssistant, EntryID: "e3", Time: at.Add(time.Minute), Rev: 1,
			Text: "A lease gives one driver.\n\n```go\nlease := claim()\n```\n"},
		{Key: 4, Kind: wire.EntryMessage, Role: wire.RoleUser, EntryID: "e4", Text: "And two blocks?", Time: at, Rev: 1},
		{Key: 5, Kind: wire.EntryMessage, Role: wire.RoleAssistant, EntryID: "e5", Time: at, Rev: 1,
			Text: "First:\n\n```sh\nls\n```\n\nSecond:\n\n```py\nprint(1)\n```\n"},
	}
}

// opened is a transcript of es, w x h, the entries pane focused and the
// last entry selected.
func opened(ctx *ui.Context, es []wire.Entry, w, h int) (*Transcript, *fakeSource) {
	tr := New(ctx)
	src := &fakeSource{es: es}
	tr.Open(src)
	tr.SetSize(w, h)
	tr.EntriesChanged()
	tr.SetMarked(true)
	tr.EnterEntries()
	return tr, src
}

// plain is the transcript's window without styling.
func plain(tr *Transcript) string { return xansi.Strip(tr.View()) }

// press sends the keys to tr one by one, and returns the last answer.
func press(tr *Transcript, keys ...tea.KeyPressMsg) (tea.Cmd, ui.Action) {
	var cmd tea.Cmd
	var act ui.Action
	for _, k := range keys {
		cmd, act = tr.Update(k)
	}
	return cmd, act
}

// flat is what an action holds, Batches unfolded.
func flat(a ui.Action) []ui.Action {
	var out []ui.Action
	ui.Each(a, func(a ui.Action) { out = append(out, a) })
	return out
}

var enter = uitest.Key(tea.KeyEnter)

// TestSelectionMovesOverSelectableEntries: the entries pane starts at the
// last entry, marks it with a bar, and ↑↓ step over what cannot be
// selected (a streaming reply, a notice); the bar goes with the focus.
func TestSelectionMovesOverSelectableEntries(t *testing.T) {
	es := conversation()
	es = append(es[:5:5], wire.Entry{Key: 10, Kind: wire.EntryNotice, Notice: "run aborted", Rev: 1}, es[5],
		wire.Entry{Key: 11, Kind: wire.EntryMessage, Role: wire.RoleAssistant, MessageID: "m9", Streaming: true, Text: "stream", Rev: 1})
	tr, _ := opened(uitest.Context(), es, 60, 40)
	if sel := tr.Selected(); sel == nil || sel.Key != 5 {
		t.Fatalf("the entries pane starts at %+v, want the last reply (key 5)", sel)
	}
	if !strings.Contains(plain(tr), "▌ First:") {
		t.Errorf("the selected reply is not marked:\n%s", plain(tr))
	}
	press(tr, uitest.Key(tea.KeyUp))
	if sel := tr.Selected(); sel.Key != 4 {
		t.Errorf("↑ over a notice selected key %d, want 4", sel.Key)
	}
	press(tr, uitest.Key(tea.KeyDown), uitest.Key(tea.KeyDown))
	if sel := tr.SelectedIndex(); sel != 6 {
		t.Errorf("↓↓ to the end selected %d, want 6 (the streaming reply is not selectable)", sel)
	}
	press(tr, uitest.Key(tea.KeyUp), uitest.Key(tea.KeyUp), uitest.Key(tea.KeyUp))
	if sel := tr.Selected(); sel.Key != 2 || !strings.Contains(plain(tr), "▌ ⚙ search_documents ✓ ok") {
		t.Errorf("three ↑ selected %d:\n%s", sel.Key, plain(tr))
	}
	tr.SetMarked(false)
	if strings.Contains(plain(tr), "▌") {
		t.Errorf("unfocused, the selection is still marked:\n%s", plain(tr))
	}
	if _, act := press(tr, uitest.Key(tea.KeyUp)); act != nil || tr.Selected().Key != 2 {
		t.Errorf("unfocused, ↑ moved the selection or acted: %#v", act)
	}
}

// TestEntryKeysProposeThenAct: every key that is text proposes what it
// does, naming it, and acts once enter confirms it; copying a message puts
// its text on the clipboard and gives the keys back.
func TestEntryKeysProposeThenAct(t *testing.T) {
	tr, _ := opened(uitest.Context(), conversation(), 60, 40)
	cases := []struct {
		key  rune
		note string
	}{
		{'y', "y: enter copies the marked entry · typing goes to the composer"},
		{'f', "f: enter forks a new session before the marked entry · typing goes to the composer"},
		{'b', "b: enter copies a code block of the marked message · typing goes to the composer"},
		{'o', "o: enter opens or closes the marked tool call · typing goes to the composer"},
		{'g', "g: enter goes to the first message · typing goes to the composer"},
		{'G', "G: enter goes to the last message · typing goes to the composer"},
		{'/', "/: enter searches the transcript · typing goes to the composer"},
	}
	for _, c := range cases {
		if _, act := press(tr, uitest.Press(c.key)); act != (ui.Note{Text: c.note}) {
			t.Errorf("%c proposed %#v", c.key, act)
		}
		if !tr.Armed() || tr.Disarm() != string(c.key) || tr.Armed() {
			t.Errorf("%c is not the armed key", c.key)
		}
	}
	press(tr, uitest.Press('y'))
	cmd, act := press(tr, enter)
	got := flat(act)
	if cmd == nil || len(got) != 2 || got[0] != (ui.Note{Text: "sent the entry to the terminal as OSC 52 (50 characters): the clipboard, if it allows"}) || got[1] != (ui.Done{}) {
		t.Errorf("y↵ on the last reply: cmd %v, %#v", cmd != nil, act)
	}
	press(tr, uitest.Press('/'))
	if _, act := press(tr, enter); act != (OpenSearch{}) {
		t.Errorf("/↵ reported %#v", act)
	}
	press(tr, uitest.Press('y'))
	tr.SetMarked(false)
	if tr.Armed() {
		t.Error("the pane lost the focus and kept the y armed")
	}
	if _, act := press(tr, uitest.Press('z')); act != nil {
		t.Errorf("z (no key of the pane) reported %#v", act)
	}
}

// TestForkNeedsAMessageAnIDAndTheRight: f↵ forks before a message with an
// id; on a chip, on an entry not saved yet, or while watching it says why
// it does not.
func TestForkNeedsAMessageAnIDAndTheRight(t *testing.T) {
	tr, src := opened(uitest.Context(), conversation(), 60, 40)
	press(tr, uitest.Key(tea.KeyUp), uitest.Key(tea.KeyUp))
	if got := flat(second(press(tr, uitest.Press('f'), enter))); len(got) != 2 || got[0] != (Fork{EntryID: "e3"}) {
		t.Errorf("f↵ on e3: %#v", got)
	}
	press(tr, uitest.Key(tea.KeyUp))
	if _, act := press(tr, uitest.Press('f'), enter); act != (ui.Note{Text: "fork needs a message: select one, not a tool call"}) {
		t.Errorf("f↵ on a chip: %#v", act)
	}
	src.es[5].EntryID = ""
	press(tr, uitest.Press('G'), enter)
	if got := flat(second(press(tr, uitest.Press('f'), enter))); len(got) != 2 ||
		got[0] != (ui.Note{Text: "this entry has no id yet: fork once it is saved"}) {
		t.Errorf("f↵ on an unsaved entry: %#v", got)
	}
	ctx := uitest.Context()
	ctx.Watch = true
	w, _ := opened(ctx, conversation(), 60, 40)
	if got := flat(second(press(w, uitest.Press('f'), enter))); len(got) != 2 ||
		got[0] != (ui.Note{Text: "watching read-only: fork from a terminal that may drive"}) {
		t.Errorf("f↵ while watching: %#v", got)
	}
}

// TestFirstAndLast: g↵ folds every earlier item through the Source and
// selects the first message, the window at its top; G↵ selects the last
// and follows the end again.
func TestFirstAndLast(t *testing.T) {
	tr := New(uitest.Context())
	src := lazySource()
	tr.Open(src)
	tr.SetSize(60, 12)
	tr.EntriesChanged()
	tr.SetMarked(true)
	tr.EnterEntries()
	press(tr, uitest.Press('g'), enter)
	if src.Hidden() != 0 || tr.SelectedIndex() != 0 || tr.Selected().Key != 0 || tr.Following() {
		t.Fatalf("g↵: %d hidden, selected %d, following %v", src.Hidden(), tr.SelectedIndex(), tr.Following())
	}
	view := plain(tr)
	if !strings.Contains(view, "turn 0") || !strings.Contains(view, "message 1 of 100") {
		t.Errorf("g↵ does not show the first message and where it is:\n%s", view)
	}
	press(tr, uitest.Press('G'), enter)
	if tr.Selected().Key != 99 || !tr.Following() || !strings.Contains(plain(tr), "turn 99") {
		t.Errorf("G↵: selected %+v, following %v:\n%s", tr.Selected(), tr.Following(), plain(tr))
	}
}

// TestNothingToSelect: with no finished message nor chip the entries pane
// does not start, and its keys give the focus back; with no session, too.
func TestNothingToSelect(t *testing.T) {
	tr := New(uitest.Context())
	tr.SetSize(60, 10)
	tr.SetMarked(true)
	if tr.HasSelectable() || tr.EnterEntries() {
		t.Error("with no session the entries pane starts")
	}
	if _, act := press(tr, uitest.Key(tea.KeyUp)); act != (ui.Done{}) {
		t.Errorf("↑ with no session: %#v", act)
	}
	tr.Open(&fakeSource{es: []wire.Entry{
		{Key: 1, Kind: wire.EntryNotice, Notice: "session started", Rev: 1},
		{Key: 2, Kind: wire.EntryMessage, Role: wire.RoleAssistant, Streaming: true, MessageID: "m1", Text: "so far", Rev: 1},
		{Key: 3, Kind: wire.EntryMessage, Role: wire.RoleUser, Text: "  ", Rev: 1},
	}})
	if tr.HasSelectable() || tr.EnterEntries() {
		t.Error("the entries pane starts with nothing to select")
	}
	if _, act := press(tr, uitest.Key(tea.KeyUp)); act != (ui.Done{}) {
		t.Errorf("↑ with nothing to select: %#v", act)
	}
}

// TestEntriesStartWhereTheWindowIs: scrolled up, the entries pane starts at
// the last entry that starts on screen, and the window stays put.
func TestEntriesStartWhereTheWindowIs(t *testing.T) {
	tr := New(uitest.Context())
	tr.Open(&fakeSource{es: turns(0, 30)})
	tr.SetSize(60, 13)
	tr.EntriesChanged()
	tr.Scroll(-40)
	before := plain(tr)
	first, line := tr.Window()
	tr.SetMarked(true)
	if !tr.EnterEntries() {
		t.Fatal("no entry to select")
	}
	if tr.Selected().Key != 21 || tr.Following() {
		t.Errorf("selected %d (following %v), want turn 21, the last starting on screen:\n%s", tr.Selected().Key, tr.Following(), before)
	}
	if f, l := tr.Window(); f != first || l != line || !strings.Contains(plain(tr), "▌you") {
		t.Errorf("the window moved from %d:%d to %d:%d:\n%s", first, line, f, l, plain(tr))
	}
}

// TestEntryHint says what the keys do on the selected entry: a chip's,
// a message's, the code key only for a message with code.
func TestEntryHint(t *testing.T) {
	tr, _ := opened(uitest.Context(), conversation(), 60, 40)
	want := "entries: ↑↓ select · y↵ copies · b↵ copies code · f↵ forks before · esc back"
	if got := tr.Hint(); got != want {
		t.Errorf("on a reply with code the hint is\n%q, want\n%q", got, want)
	}
	press(tr, uitest.Key(tea.KeyUp))
	if got := tr.Hint(); got != "entries: ↑↓ select · y↵ copies · f↵ forks before · esc back" {
		t.Errorf("on a question the hint is %q", got)
	}
	press(tr, uitest.Key(tea.KeyUp), uitest.Key(tea.KeyUp))
	if got := tr.Hint(); got != "entries: ↑↓ select · o/enter opens/closes · y↵ copies the result · esc back" {
		t.Errorf("on a chip the hint is %q", got)
	}
	if len(tr.ShortHelp()) != 10 || len(tr.FullHelp()) != 2 || len(tr.FullHelp()[1]) != 5 {
		t.Errorf("the pane's keys: %d, %v", len(tr.ShortHelp()), tr.FullHelp())
	}
}

// second is the action of an Update's answer.
func second(_ tea.Cmd, a ui.Action) ui.Action { return a }
