package wire_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// lazySnapshotCases are snapshots whose transcripts exercise what the fold
// reads: tool calls and results, a chime's turn, escapes, non-ASCII text,
// repeated entry ids, empty and null fields.
func lazySnapshotCases() map[string]*wire.Snapshot {
	cases := map[string]*wire.Snapshot{"basic": stSnapshot(), "empty": {Session: stSnapshot().Session}}
	s := stSnapshot()
	s.Transcript = append(s.Transcript,
		wire.TranscriptItem{EntryID: "e5", Role: "user", Text: "[bob collaborator]\nlook \"here\"\n\ttab", Timestamp: stTS(5)},
		wire.TranscriptItem{EntryID: "e6", Role: "assistant", Text: "café ☕ <b> \u2028 \\ done", Timestamp: stTS(6),
			ToolCalls: []wire.ToolCall{{ID: "t2", Name: "read"}, {ID: "t3", Name: "write"}}},
		wire.TranscriptItem{EntryID: "e7", Role: "toolResult", Text: "", ToolName: "read", IsError: true, Timestamp: stTS(7)},
		wire.TranscriptItem{EntryID: "e8", Role: "toolResult", Text: "ok", ToolName: "other", Timestamp: stTS(8)},
		wire.TranscriptItem{EntryID: "e8", Role: "user", Text: "a repeated id", Timestamp: stTS(9)},
		wire.TranscriptItem{Role: "user", Text: "no id"},
		wire.TranscriptItem{EntryID: "e9", Role: "custom", Text: strings.Repeat("long ", 5000)},
	)
	cases["varied"] = s
	return cases
}

// foldBoth folds the same snapshot bytes eagerly and lazily (every text then
// decoded) and fails the test when the entries differ.
func foldBoth(t *testing.T, data []byte) (eager, lazy *wire.State) {
	t.Helper()
	var snap wire.Snapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		t.Fatalf("eager decode: %v", err)
	}
	ls, err := wire.DecodeLazySnapshot(data)
	if err != nil {
		t.Fatalf("lazy decode: %v", err)
	}
	if ls.Items.Len() != len(snap.Transcript) {
		t.Fatalf("lazy snapshot has %d items, eager %d", ls.Items.Len(), len(snap.Transcript))
	}
	eager, lazy = wire.NewState(stMe(), &snap), wire.NewStateLazy(stMe(), ls)
	for lazy.Earlier() > 0 {
		if lazy.FoldEarlier(max(len(lazy.Entries), 1)) == 0 && lazy.Earlier() > 0 {
			t.Fatalf("FoldEarlier added nothing with %d items left", lazy.Earlier())
		}
	}
	if ch := lazy.DecodeText(0, len(lazy.Entries)); ch != 0 {
		t.Fatalf("decoding every text changed %v", ch)
	}
	if lazy.Undecoded() != 0 {
		t.Fatalf("%d texts left undecoded", lazy.Undecoded())
	}
	if got, want := stDump(lazy), stDump(eager); got != want {
		t.Fatalf("lazy state:\n%s\neager state:\n%s", got, want)
	}
	if !reflect.DeepEqual(lazy.Entries, eager.Entries) {
		t.Fatalf("entries differ:\nlazy  %+v\neager %+v", lazy.Entries, eager.Entries)
	}
	return eager, lazy
}

func TestStateLazyMatchesEager(t *testing.T) {
	for name, snap := range lazySnapshotCases() {
		t.Run(name, func(t *testing.T) {
			data, err := json.Marshal(snap)
			if err != nil {
				t.Fatal(err)
			}
			foldBoth(t, data)
			items, err := mustLazy(t, data).Items.Items()
			if err != nil || !reflect.DeepEqual(items, snap.Transcript) && len(items)+len(snap.Transcript) > 0 {
				t.Fatalf("Items() = %+v, %v; want %+v", items, err, snap.Transcript)
			}
		})
	}
}

func mustLazy(t *testing.T, data []byte) *wire.LazySnapshot {
	t.Helper()
	ls, err := wire.DecodeLazySnapshot(data)
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

func TestStateLazyFoldsTheTailFirst(t *testing.T) {
	snap := stSnapshot()
	snap.Transcript = nil
	for i := range 500 {
		snap.Transcript = append(snap.Transcript, wire.TranscriptItem{EntryID: "e" + itoa(i), Role: "assistant", Text: "reply " + itoa(i)})
	}
	// The tail's first item is a tool result: the fold starts at its call.
	at := 500 - wire.LazyTail
	snap.Transcript[at-1].ToolCalls = []wire.ToolCall{{ID: "t1", Name: "read"}}
	snap.Transcript[at] = wire.TranscriptItem{EntryID: "r1", Role: "toolResult", ToolName: "read", Text: "result"}
	data, _ := json.Marshal(snap)
	s := wire.NewStateLazy(stMe(), mustLazy(t, data))
	if s.Earlier() != at-1 || len(s.Entries) != wire.LazyTail+1 || s.Undecoded() != 0 {
		t.Fatalf("after open: %d earlier, %d entries, %d undecoded; want %d, %d, 0",
			s.Earlier(), len(s.Entries), s.Undecoded(), at-1, wire.LazyTail+1)
	}
	if chip := s.Entries[1]; chip.Kind != wire.EntryTool || chip.EntryID != "r1" || chip.Text != "result" {
		t.Fatalf("the tool result was not folded into its chip: %+v", chip)
	}
	last := &s.Entries[len(s.Entries)-1]
	if last.Text != "reply 499" {
		t.Fatalf("last entry %+v", last)
	}
	// A streamed reply and a repeated message find their entries after a fold.
	s.Apply(stDelta(t, "m1", "stream"))
	added := s.FoldEarlier(10)
	if added != 10 || s.Earlier() != at-11 || s.Undecoded() != 10 {
		t.Fatalf("FoldEarlier(10) = %d, %d earlier, %d undecoded", added, s.Earlier(), s.Undecoded())
	}
	first := &s.Entries[0]
	if !first.Lazy() || first.Text != "" || s.EntryText(0) != "reply "+itoa(at-11) || s.Undecoded() != 10 {
		t.Fatalf("first entry %+v (text %q): want it lazy, its text read on demand and not kept", first, s.EntryText(0))
	}
	s.DecodeText(0, 4)
	if first.Lazy() || s.Undecoded() != 6 {
		t.Fatalf("after DecodeText(0, 4): %+v, %d undecoded", first, s.Undecoded())
	}
	s.Apply(stDelta(t, "m1", " on"))
	if e := s.Entries[len(s.Entries)-1]; e.Text != "stream on" {
		t.Fatalf("the stream lost its entry after a fold: %+v", e)
	}
	ch := s.Apply(stEvent(t, snap.Cursor+1, 100, wire.EvMessageCompleted, `{"entryId":"e499","role":"assistant","text":"edited"}`))
	if e := s.Entries[len(s.Entries)-2]; ch == 0 || e.Text != "edited" {
		t.Fatalf("a repeated message after a fold changed %v: %+v", ch, e)
	}
	for k := 0; s.Earlier() > 0; k++ {
		s.FoldEarlier(7 + k%3*50) // small folds, to use the free slots before Entries
		s.Apply(stDelta(t, "m1", "."))
	}
	if len(s.Entries) != 501 {
		t.Fatalf("after folding everything: %d entries", len(s.Entries))
	}
	for i, e := range s.Entries[:at-1] {
		if e.EntryID != "e"+itoa(i) || s.EntryText(i) != "reply "+itoa(i) {
			t.Fatalf("entry %d after the folds: %+v (text %q)", i, e, s.EntryText(i))
		}
	}
	if e := s.Entries[len(s.Entries)-1]; !strings.HasPrefix(e.Text, "stream on.") {
		t.Fatalf("the stream lost its entry after the folds: %+v", e)
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// An item that is JSON but not a transcript item shows as an unreadable
// entry with its bytes; the items around it are read as usual. An item that
// is not JSON makes the answer refused, as a whole decode refuses it.
func TestStateLazyUnreadableItems(t *testing.T) {
	for _, bad := range []string{`{"entryId":"e3","role":"assistant","text":"bad escape \x here"}`,
		`{"entryId":"e4","role":"assistant","text":"raw` + "\x01" + `control"}`} {
		if _, err := wire.DecodeLazySnapshot([]byte(`{"transcript":[` + bad + `]}`)); err == nil {
			t.Errorf("%s: an item that is not JSON was taken", bad)
		}
	}
	data := []byte(`{"session":{"sessionId":"s1"},"cursor":3,"transcript":[
		{"entryId":"e1","role":"user","text":"fine"},
		{"entryId":5,"role":"user","text":"wrong id type"},
		"not an item",
		{"entryId":"e3","role":"assistant","text":7},
		{"entryId":"e4","role":"assistant","text":"a list","toolCalls":{"x":1}},
		{"entryId":"e5","role":"assistant","text":"fine too","timestamp":"yesterday"},
		{"entryId":"e6","role":"assistant","text":"last"}
	]}`)
	ls, err := wire.DecodeLazySnapshot(data)
	if err != nil {
		t.Fatal(err)
	}
	s := wire.NewStateLazy(stMe(), ls)
	want := []struct {
		unreadable bool
		text       string
	}{{false, "fine"}, {true, `wrong id type`}, {true, `not an item`}, {true, `:7`}, {true, `a list`}, {true, `yesterday`}, {false, "last"}}
	if len(s.Entries) != len(want) {
		t.Fatalf("%d entries, want %d:\n%s", len(s.Entries), len(want), stDump(s))
	}
	for i, w := range want {
		e := s.Entries[i]
		if e.Unreadable != w.unreadable || !strings.Contains(e.Text, w.text) {
			t.Errorf("entry %d: unreadable %v text %q; want %v and a text containing %q", i, e.Unreadable, e.Text, w.unreadable, w.text)
		}
	}
	if _, err := ls.Items.Item(1); err == nil || !strings.Contains(err.Error(), "item 1") {
		t.Fatalf("Item(1) error = %v, want one naming the item", err)
	}
}

func TestDecodeLazySnapshotRefuses(t *testing.T) {
	for name, data := range map[string]string{
		"not an object":        `[1,2]`,
		"transcript not array": `{"transcript":{"a":1}}`,
		"cut short":            `{"session":{"sessionId":"s1"},"transcript":[{"entryId":"e1"`,
		"trailing bytes":       `{"cursor":1} {}`,
		"wrong field type":     `{"cursor":"one","transcript":[]}`,
	} {
		if _, err := wire.DecodeLazySnapshot([]byte(data)); err == nil {
			t.Errorf("%s: %s decoded", name, data)
		}
	}
}
