package client_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// A session long enough that its answer is kept in several blocks reads the
// same through InspectLazy as through Inspect, held compressed, and a later completed message
// that repeats a lazy entry is folded as it is for an eager one.
func TestInspectLazyAgainstHost(t *testing.T) {
	t.Parallel()
	srv := vehicletest.NewServer(t)
	c := dial(t, srv, adaToken, "demo", client.WithClientID("c1"))
	ctx := ctxT(t)
	cr, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		t.Fatal(err)
	}
	id, since := cr.Session.SessionID, cr.Cursor
	for i := 0; ; i++ {
		text := "#long 120 please"
		if i%2 == 0 {
			text = "#tool look it up"
		}
		if _, err := c.Prompt(ctx, id, text); err != nil {
			t.Fatal(err)
		}
		since = waitFor(t, c, id, since, client.EvRunSettled).Seq
		if i%4 != 3 {
			continue
		}
		snap, err := c.Inspect(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		// More than two blocks, and more items than a lazy state folds at open.
		if raw, _ := json.Marshal(snap); len(raw) > 160<<10 && len(snap.Transcript) > 2*client.LazyTail {
			break
		}
	}
	snap, err := c.Inspect(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := c.InspectLazy(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if ls.Items.Held() > ls.Items.Size()/2 {
		t.Fatalf("the answer of %d bytes is held in %d: not compressed", ls.Items.Size(), ls.Items.Held())
	}
	items, err := lazyItems(ls.Items)
	if err != nil || !reflect.DeepEqual(items, snap.Transcript) {
		t.Fatalf("lazy items (%v) differ from Inspect's: %d against %d", err, len(items), len(snap.Transcript))
	}
	ls.Items = nil
	if !reflect.DeepEqual(ls.Snapshot, client.Snapshot{Session: snap.Session, Cursor: snap.Cursor, Commands: snap.Commands,
		Queue: snap.Queue, Chimes: snap.Chimes, Stats: snap.Stats, Tools: snap.Tools, Mirror: snap.Mirror}) {
		t.Fatalf("lazy snapshot's other fields differ:\n%+v\n%+v", ls.Snapshot, snap)
	}
	ls, _ = c.InspectLazy(ctx, id)
	eager, lazy := client.NewState(stMe(), snap), client.NewStateLazy(stMe(), ls)
	if lazy.Earlier() == 0 {
		t.Fatalf("all %d items were folded at open", ls.Items.Len())
	}
	for lazy.Earlier() > 0 {
		lazy.FoldEarlier(len(lazy.Entries))
	}
	if undecoded(lazy) == 0 {
		t.Fatal("the earlier items' texts were decoded as they were folded")
	}
	first := snap.Transcript[0]
	again := stEvent(t, snap.Cursor+1, 100, client.EvMessageCompleted,
		`{"entryId":"`+first.EntryID+`","role":"user","text":"edited"}`)
	if a, b := eager.Apply(again), lazy.Apply(again); a != b {
		t.Fatalf("repeated message changed %v eagerly, %v lazily", a, b)
	}
	lazy.DecodeText(0, len(lazy.Entries))
	if !reflect.DeepEqual(lazy.Entries, eager.Entries) {
		t.Fatal("entries differ after the repeated message")
	}
}

// A refusal reaches InspectLazy as it reaches Inspect: the host's error,
// with its code.
func TestInspectLazyRefused(t *testing.T) {
	srv := vehicletest.NewServer(t)
	c := dial(t, srv, adaToken, "demo", client.WithClientID("c1"))
	_, lerr := c.InspectLazy(ctxT(t), "s-none")
	_, err := c.Inspect(ctxT(t), "s-none")
	if client.ErrorCode(lerr) != client.CodeNotFound || lerr.Error() != err.Error() {
		t.Fatalf("InspectLazy: %v; Inspect: %v; want the same not_found", lerr, err)
	}
}

// lazyItems decodes every item of t, stopping at the first that does not
// decode.
func lazyItems(t *client.Transcript) ([]client.TranscriptItem, error) {
	out := make([]client.TranscriptItem, t.Len())
	for i := range out {
		it, err := t.Item(i)
		if err != nil {
			return nil, err
		}
		out[i] = it
	}
	return out, nil
}

// undecoded is how many of s's entries still keep their text undecoded.
func undecoded(s *client.State) int {
	n := 0
	for i := range s.Entries {
		if s.Entries[i].Lazy() {
			n++
		}
	}
	return n
}
