package statefile

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// load is d.Load that fails the test on an error.
func load(t *testing.T, d *Drafts, key string) (string, bool) {
	t.Helper()
	draft, shared, err := d.Load(key)
	text := draft.Text
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return text, shared
}

// TestDraftsOfTwoTerminals: a terminal quitting with an empty composer
// forgets only its own draft; the draft another terminal kept is taken by
// the next terminal that opens the session, and a terminal that opens it
// while it shows there gets it marked as shared.
func TestDraftsOfTwoTerminals(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "drafts")
	a, b, c := NewDrafts(dir, "cli-laptop-pts1-aaaa"), NewDrafts(dir, "cli-laptop-pts2-bbbb"), NewDrafts(dir, "cli-laptop-pts3-cccc")
	const key = "https://sophia.example.com demo s1"
	if err := a.Save(key, Draft{Text: "what A was writing"}); err != nil {
		t.Fatal(err)
	}
	if err := b.Save(key, Draft{}); err != nil { // B quits with an empty composer
		t.Fatal(err)
	}
	if text, shared := load(t, b, key); text != "what A was writing" || shared {
		t.Fatalf("B opening the session got %q (shared %v), want A's draft", text, shared)
	}
	if text, shared := load(t, c, key); text != "what A was writing" || !shared {
		t.Errorf("C opening it while B shows it got %q (shared %v), want it marked shared", text, shared)
	}
	if err := b.Save(key, Draft{}); err != nil { // B sent it: its composer is empty
		t.Fatal(err)
	}
	if text, _ := load(t, a, key); text != "" {
		t.Errorf("after B sent the draft, A got %q", text)
	}
	if text, _ := load(t, a, "another session"); text != "" {
		t.Errorf("another session's draft: %q", text)
	}
}

// TestDraftsSavedAtOnce: terminals saving the same session at the same
// moment each keep their own draft whole.
func TestDraftsSavedAtOnce(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "drafts")
	const key = "k"
	texts := map[string]string{"cli-a": string(words(40<<10, "alpha")), "cli-b": string(words(30<<10, "beta"))}
	for round := 0; round < 100; round++ {
		var wg sync.WaitGroup
		for id, text := range texts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := NewDrafts(dir, id).Save(key, Draft{Text: text}); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	for id, text := range texts {
		got, err := os.ReadFile(filepath.Join(NewDrafts(dir, "x").sessionDir(key), NewDrafts(dir, id).writer+savedExt))
		if err != nil || string(got) != text {
			t.Errorf("%s's draft: %d bytes (%v), want %d", id, len(got), err, len(text))
		}
	}
}

// TestDraftOfATerminalThatDied: a draft left open by a terminal that no
// longer runs (killed) is taken as a kept one, not marked shared; a draft
// kept by an earlier vehicle (one file per session) is found.
func TestDraftOfATerminalThatDied(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "drafts")
	d := NewDrafts(dir, "cli-me")
	if err := d.private(d.sessionDir("s1")); err != nil {
		t.Fatal(err)
	}
	dead := filepath.Join(d.sessionDir("s1"), "2147483600-cli-gone"+openExt)
	if err := os.WriteFile(dead, []byte("left open"), 0o600); err != nil {
		t.Fatal(err)
	}
	if text, shared := load(t, d, "s1"); text != "left open" || shared {
		t.Errorf("got %q (shared %v)", text, shared)
	}
	if err := os.WriteFile(d.sessionDir("s2")+".txt", []byte("from before"), 0o600); err != nil {
		t.Fatal(err)
	}
	if text, shared := load(t, d, "s2"); text != "from before" || shared {
		t.Errorf("an earlier vehicle's draft: %q (shared %v)", text, shared)
	}
}

// TestDraftsLeftoversAreCleared: the temporary file of a save whose writer
// was killed is removed once it is stale, and never taken for a draft.
func TestDraftsLeftoversAreCleared(t *testing.T) {
	d := NewDrafts(filepath.Join(t.TempDir(), "drafts"), "cli-me")
	dir := d.sessionDir("s1")
	if err := d.private(dir); err != nil {
		t.Fatal(err)
	}
	stale, fresh := filepath.Join(dir, ".x.draft.tmp-1"), filepath.Join(dir, ".y.draft.tmp-2")
	for _, p := range []string{stale, fresh} {
		if err := os.WriteFile(p, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * staleTemp)
	_ = os.Chtimes(stale, old, old)
	if text, _ := load(t, d, "s1"); text != "" {
		t.Errorf("a temporary file was taken for a draft: %q", text)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale temporary file is still there (%v)", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a fresh temporary file (a save under way) was removed: %v", err)
	}
}

// TestDraftKeepsItsRequest: a draft with a message waiting for an answer
// comes back with its request id and text; a plain one is the text as
// typed, and a text that looks like the mark stays text.
func TestDraftKeepsItsRequest(t *testing.T) {
	dir := t.TempDir()
	key := "http://host demo sess-1"
	for _, want := range []Draft{
		{Text: "typed after", RequestID: "req-7", Op: "prompt", Request: "sent, no answer\nyet", Refs: []string{"doc-1", "doc-2"}},
		{RequestID: "req-8", Request: "only the message"},
		{Text: "just a draft"},
		{Text: `{"vehicleDraft":1,"text":"a person typed this"`},
	} {
		a := NewDrafts(dir, "cli-a")
		if err := a.Save(key, want); err != nil {
			t.Fatal(err)
		}
		got, _, err := NewDrafts(dir, "cli-b").Load(key)
		if err != nil || !got.same(want) {
			t.Errorf("kept %+v, got %+v (%v)", want, got, err)
		}
		_ = NewDrafts(dir, "cli-b").Save(key, Draft{})
	}
}

// same reports whether d and o are the same draft.
func (d Draft) same(o Draft) bool {
	return d.Text == o.Text && d.RequestID == o.RequestID && d.Op == o.Op && d.Request == o.Request &&
		strings.Join(d.Refs, "\x00") == strings.Join(o.Refs, "\x00")
}

// TestDraftPastTheReadBound: a draft Load could not read back (over
// maxDraft, its message with no answer included) is refused by Save with
// an error that says so, and the draft kept before stays; one at the bound
// is kept and read back whole. A 4.3 MB draft was written, then refused by
// the read.
func TestDraftPastTheReadBound(t *testing.T) {
	d := NewDrafts(t.TempDir(), "cli-me")
	const key = "http://host demo s1"
	if err := d.Save(key, Draft{Text: "kept before"}); err != nil {
		t.Fatal(err)
	}
	for _, big := range []Draft{
		{Text: strings.Repeat("x", maxDraft+1)},
		{Text: strings.Repeat("x", maxDraft/2), RequestID: "r1", Request: strings.Repeat("y", maxDraft/2)},
	} {
		err := d.Save(key, big)
		if err == nil || !strings.Contains(err.Error(), "not kept") || !strings.Contains(err.Error(), "4 MiB") {
			t.Errorf("a draft past the bound: %v", err)
		}
	}
	if text, _ := load(t, d, key); text != "kept before" {
		t.Errorf("the draft kept before is now %d bytes", len(text))
	}
	at := Draft{Text: strings.Repeat("z", maxDraft)}
	if err := d.Save(key, at); err != nil {
		t.Fatal(err)
	}
	if text, _ := load(t, NewDrafts(d.state, "cli-next"), key); text != at.Text {
		t.Errorf("a draft at the bound came back as %d bytes", len(text))
	}
}

// TestUnreadableDraftIsKept: a kept draft Load cannot read (an earlier
// vehicle wrote 5 MiB) is set aside under a name of its own, and the error
// names it; the quit with an empty composer that follows deletes nothing,
// and the next Load finds no draft to fail on. It was taken, then deleted
// by that quit.
func TestUnreadableDraftIsKept(t *testing.T) {
	d := NewDrafts(t.TempDir(), "cli-me")
	const key = "http://host demo s1"
	dir := d.sessionDir(key)
	if err := d.private(dir); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("a message still waiting\n", (5<<20)/24)
	if err := os.WriteFile(filepath.Join(dir, "1-cli-before"+savedExt), []byte(big), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err := d.Load(key)
	if err == nil || !strings.Contains(err.Error(), "could not be read") {
		t.Fatalf("Load: %v", err)
	}
	if err := d.Save(key, Draft{}); err != nil { // the quit with an empty composer
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 1 || !strings.Contains(err.Error(), files[0]) {
		t.Fatalf("the folder holds %v; the error: %v", files, err)
	}
	if b, _ := os.ReadFile(files[0]); string(b) != big {
		t.Errorf("the draft set aside is %d bytes, want %d", len(b), len(big))
	}
	if got, _, err := d.Load(key); err != nil || got.Text != "" {
		t.Errorf("the next Load: %q, %v", got.Text, err)
	}
}

// TestDraftKeptWhileShown: a draft kept while its terminal shows it
// replaces one the same terminal saved before and is found shared by
// another running terminal; once its writer is gone (killed: nothing saved
// at its end), the next terminal takes it whole; emptied, it is forgotten.
func TestDraftKeptWhileShown(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "drafts")
	shows, other := NewDrafts(dir, "cli-shows"), NewDrafts(dir, "cli-other")
	const key = "https://sophia.example.com demo s1"
	if err := shows.Save(key, Draft{Text: "saved when it left the session"}); err != nil {
		t.Fatal(err)
	}
	if err := shows.KeepShown(key, Draft{Text: "typed since"}); err != nil {
		t.Fatal(err)
	}
	if d, shared, err := other.Load(key); err != nil || d.Text != "typed since" || !shared {
		t.Fatalf("another running terminal got %+v (shared %v, %v), want the draft shown, shared", d, shared, err)
	}
	if _, err := os.Stat(filepath.Join(shows.sessionDir(key), shows.writer+savedExt)); !os.IsNotExist(err) {
		t.Errorf("the draft saved before is still there (%v)", err)
	}

	const key2 = "https://sophia.example.com demo s2"
	killed := NewDrafts(dir, "cli-killed")
	killed.writer = "2147483600-cli-killed" // a pid that runs nothing: killed since it kept the draft
	want := Draft{Text: "typed last", RequestID: "r-1", Op: "prompt", Request: "sent, no answer"}
	if err := killed.KeepShown(key2, want); err != nil {
		t.Fatal(err)
	}
	d, shared, err := other.Load(key2)
	if err != nil || d.Text != want.Text || d.RequestID != want.RequestID || d.Request != want.Request || shared {
		t.Fatalf("the next terminal got %+v (shared %v, %v), want %+v", d, shared, err, want)
	}
	if err := other.KeepShown(key2, Draft{}); err != nil { // emptied in the terminal that took it
		t.Fatal(err)
	}
	if d, _, _ := NewDrafts(dir, "cli-third").Load(key2); d.Text != "" {
		t.Errorf("an emptied draft came back: %q", d.Text)
	}
}
