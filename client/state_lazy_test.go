package client_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// lazySnapshotCases are snapshots whose transcripts exercise what the fold
// reads: tool calls and results, a chime's turn, escapes, non-ASCII text,
// repeated entry ids, empty and null fields.
func lazySnapshotCases() map[string]*client.Snapshot {
	cases := map[string]*client.Snapshot{"basic": stSnapshot(), "empty": {Session: stSnapshot().Session}}
	s := stSnapshot()
	s.Transcript = append(s.Transcript,
		client.TranscriptItem{EntryID: "e5", Role: "user", Text: "[bob collaborator]\nlook \"here\"\n\ttab", Timestamp: stTS(5)},
		client.TranscriptItem{EntryID: "e6", Role: "assistant", Text: "café ☕ <b> \u2028 \\ done", Timestamp: stTS(6),
			ToolCalls: []client.ToolCall{{ID: "t2", Name: "read"}, {ID: "t3", Name: "write"}}},
		client.TranscriptItem{EntryID: "e7", Role: "toolResult", Text: "", ToolName: "read", IsError: true, Timestamp: stTS(7)},
		client.TranscriptItem{EntryID: "e8", Role: "toolResult", Text: "ok", ToolName: "other", Timestamp: stTS(8)},
		client.TranscriptItem{EntryID: "e8", Role: "user", Text: "a repeated id", Timestamp: stTS(9)},
		client.TranscriptItem{Role: "user", Text: "no id"},
		client.TranscriptItem{EntryID: "e9", Role: "custom", Text: strings.Repeat("long ", 5000)},
	)
	cases["varied"] = s
	return cases
}

// foldBoth folds the same snapshot bytes eagerly and lazily (every text then
// decoded) and fails the test when the entries differ.
func foldBoth(t *testing.T, data []byte) (eager, lazy *client.State) {
	t.Helper()
	var snap client.Snapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		t.Fatalf("eager decode: %v", err)
	}
	ls, err := client.DecodeLazySnapshot(data)
	if err != nil {
		t.Fatalf("lazy decode: %v", err)
	}
	if ls.Items.Len() != len(snap.Transcript) {
		t.Fatalf("lazy snapshot has %d items, eager %d", ls.Items.Len(), len(snap.Transcript))
	}
	eager, lazy = client.NewState(stMe(), &snap), client.NewStateLazy(stMe(), ls)
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

func mustLazy(t *testing.T, data []byte) *client.LazySnapshot {
	t.Helper()
	ls, err := client.DecodeLazySnapshot(data)
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

func TestStateLazyDecodesOnlyTheTail(t *testing.T) {
	snap := stSnapshot()
	snap.Transcript = nil
	for i := range 500 {
		snap.Transcript = append(snap.Transcript, client.TranscriptItem{EntryID: "e" + itoa(i), Role: "assistant", Text: "reply " + itoa(i)})
	}
	data, _ := json.Marshal(snap)
	s := client.NewStateLazy(stMe(), mustLazy(t, data))
	if got := s.Undecoded(); got != 500-client.LazyTail {
		t.Fatalf("undecoded after open = %d, want %d", got, 500-client.LazyTail)
	}
	last := &s.Entries[len(s.Entries)-1]
	if last.Lazy() || last.Text != "reply 499" {
		t.Fatalf("last entry %+v: want its text decoded", last)
	}
	first := &s.Entries[0]
	if !first.Lazy() || first.Text != "" || s.EntryText(0) != "reply 0" {
		t.Fatalf("first entry %+v (text %q): want it lazy, its text read on demand", first, s.EntryText(0))
	}
	if s.Undecoded() != 500-client.LazyTail {
		t.Fatal("EntryText kept the text it decoded")
	}
	s.DecodeText(0, 10)
	if first.Lazy() || first.Text != "reply 0" || s.Undecoded() != 500-client.LazyTail-10 {
		t.Fatalf("after DecodeText(0, 10): %+v, %d undecoded", first, s.Undecoded())
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// An item whose bytes do not decode shows as an unreadable entry with its
// bytes; the items around it are read as usual.
func TestStateLazyUnreadableItems(t *testing.T) {
	data := []byte(`{"session":{"sessionId":"s1"},"cursor":3,"transcript":[
		{"entryId":"e1","role":"user","text":"fine"},
		{"entryId":5,"role":"user","text":"wrong id type"},
		"not an item",
		{"entryId":"e3","role":"assistant","text":"bad escape \x here"},
		{"entryId":"e4","role":"assistant","text":"raw` + "\x01" + `control"},
		{"entryId":"e5","role":"assistant","text":"fine too","timestamp":"yesterday"},
		{"entryId":"e6","role":"assistant","text":"last"}
	]}`)
	ls, err := client.DecodeLazySnapshot(data)
	if err != nil {
		t.Fatal(err)
	}
	s := client.NewStateLazy(stMe(), ls)
	want := []struct {
		unreadable bool
		text       string
	}{{false, "fine"}, {true, `wrong id type`}, {true, `not an item`}, {true, `bad escape \\x here`}, {true, `control`}, {true, `yesterday`}, {false, "last"}}
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
		if _, err := client.DecodeLazySnapshot([]byte(data)); err == nil {
			t.Errorf("%s: %s decoded", name, data)
		}
	}
}
