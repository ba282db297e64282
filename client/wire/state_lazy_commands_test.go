package wire_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// stLongCommands is the test snapshot with n more exchanges, each a user turn
// made by its own command and a reply; every seventh command failed.
func stLongCommands(n int) *wire.Snapshot {
	snap := stSnapshot()
	for i := range n {
		c := wire.Command{CommandID: fmt.Sprintf("k%d", i), RequestID: fmt.Sprintf("r%d", i), Op: wire.OpPrompt,
			Status: wire.StatusCompleted, Disposition: "started"}
		if i%7 == 0 {
			c.Status, c.Error = wire.StatusFailed, fmt.Sprintf("failure %d: \"é\" <b>\n", i)
		}
		snap.Commands = append(snap.Commands, c)
		snap.Transcript = append(snap.Transcript,
			wire.TranscriptItem{EntryID: fmt.Sprintf("u%d", i), Role: "user", Text: fmt.Sprintf("question %d", i), Timestamp: stTS(5)},
			wire.TranscriptItem{EntryID: fmt.Sprintf("a%d", i), Role: "assistant", Text: "reply", Timestamp: stTS(6)})
	}
	return snap
}

func TestStateLazyCommands(t *testing.T) {
	t.Parallel()
	const n = 1500 // well over the commands decoded on open
	data, err := json.Marshal(stLongCommands(n))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("the snapshot decodes only the last commands", func(t *testing.T) {
		ls := mustLazy(t, data)
		if len(ls.Commands) >= n/2 || ls.Commands[len(ls.Commands)-1].CommandID != fmt.Sprintf("k%d", n-1) {
			t.Fatalf("%d commands decoded, the last %+v; want only the last few", len(ls.Commands), ls.Commands[len(ls.Commands)-1])
		}
	})
	t.Run("folding everything pairs every turn and lists every command as eager does", func(t *testing.T) {
		eager, lazy := foldBoth(t, data)
		if !reflect.DeepEqual(lazy.Commands, eager.Commands) {
			t.Fatalf("lazy has %d commands, eager %d; they differ", len(lazy.Commands), len(eager.Commands))
		}
		if e := stEntryByID(t, lazy, "u7"); e.CommandID != "k7" || e.Failure != "failure 7: \"é\" <b>\n" {
			t.Errorf("u7: command %q failure %q, want k7 and its failure", e.CommandID, e.Failure)
		}
	})
	t.Run("the last turns are paired before anything earlier is folded", func(t *testing.T) {
		lazy := wire.NewStateLazy(stMe(), mustLazy(t, data))
		if e := stEntryByID(t, lazy, fmt.Sprintf("u%d", n-1)); e.CommandID != fmt.Sprintf("k%d", n-1) {
			t.Errorf("the last turn's command %q, want k%d", e.CommandID, n-1)
		}
	})
	t.Run("an event for an early command finds it, as eager does", func(t *testing.T) {
		var snap wire.Snapshot
		if err := json.Unmarshal(data, &snap); err != nil {
			t.Fatal(err)
		}
		eager, lazy := wire.NewState(stMe(), &snap), wire.NewStateLazy(stMe(), mustLazy(t, data))
		turns := eager.Session.Turns
		ev := stEvent(t, 11, 11, wire.EvCommandCompleted, `{"commandId":"k3","disposition":"late"}`)
		eager.Apply(ev)
		lazy.Apply(ev)
		if len(lazy.Commands) != len(eager.Commands) || lazy.Session.Turns != turns {
			t.Fatalf("lazy: %d commands, %d turns; eager %d commands, %d turns", len(lazy.Commands), lazy.Session.Turns, len(eager.Commands), turns)
		}
		k := len(snap.Commands) - n + 3 // k3
		if got := lazy.Commands[k]; got.CommandID != "k3" || got.Disposition != "late" || !reflect.DeepEqual(got, eager.Commands[k]) {
			t.Errorf("k3 is %+v, want %+v", got, eager.Commands[k])
		}
	})
	t.Run("an early command's id written with escapes is found", func(t *testing.T) {
		snap := stLongCommands(n)
		k := len(snap.Commands) - n + 3
		snap.Commands[k].CommandID = "k<3>/é" // json.Marshal writes \u003c and \u003e
		esc, err := json.Marshal(snap)
		if err != nil {
			t.Fatal(err)
		}
		lazy := wire.NewStateLazy(stMe(), mustLazy(t, esc))
		lazy.Apply(stEvent(t, 11, 11, wire.EvCommandCompleted, `{"commandId":"k<3>/é","disposition":"late"}`))
		if got := lazy.Commands[k]; len(lazy.Commands) != len(snap.Commands) || got.CommandID != "k<3>/é" || got.Disposition != "late" {
			t.Errorf("%d commands, the early one %+v; want %d, it completed late", len(lazy.Commands), got, len(snap.Commands))
		}
	})
	t.Run("a new command does not decode the earlier ones", func(t *testing.T) {
		lazy := wire.NewStateLazy(stMe(), mustLazy(t, data))
		before := len(lazy.Commands)
		lazy.Apply(stEvent(t, 11, 11, wire.EvCommandAccepted, `{"commandId":"new","op":"prompt","status":"accepted"}`))
		if len(lazy.Commands) != before+1 || lazy.Commands[before].CommandID != "new" {
			t.Errorf("%d commands (the last %+v), want %d with new last", len(lazy.Commands), lazy.Commands[len(lazy.Commands)-1], before+1)
		}
	})
}

func TestStateLazyCommandsOfTheWrongShape(t *testing.T) {
	data, err := json.Marshal(stLongCommands(600))
	if err != nil {
		t.Fatal(err)
	}
	// Earlier commands that are not objects of strings: the open checks
	// only their nesting, and decoding them later keeps what decodes.
	odd := strings.Replace(string(data), `{"commandId":"k1",`, `"x",5,{"op":7},{"commandId":"k1",`, 1)
	ls, err := wire.DecodeLazySnapshot([]byte(odd))
	if err != nil {
		t.Fatalf("the open refused earlier commands it does not read yet: %v", err)
	}
	s := wire.NewStateLazy(stMe(), ls)
	for s.Earlier() > 0 {
		s.FoldEarlier(256)
	}
	s.Apply(stEvent(t, 11, 11, wire.EvCommandCompleted, `{"commandId":"k2","disposition":"late"}`))
	if len(s.Commands) != 604 || s.Commands[2].CommandID != "" || s.Commands[6].CommandID != "k2" || s.Commands[6].Disposition != "late" {
		t.Errorf("%d commands, %+v and %+v; want 604, the odd ones empty, k2 completed late", len(s.Commands), s.Commands[2], s.Commands[6])
	}
	// The last commands, decoded on open, are checked as before.
	bad := strings.Replace(string(data), `{"commandId":"k599",`, `{"commandId":599,`, 1)
	if _, err := wire.DecodeLazySnapshot([]byte(bad)); err == nil {
		t.Error("a last command of the wrong type decoded")
	}
}
