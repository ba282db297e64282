package statefile

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestHistoryKeptPerSessionAndAcross: what is added to a session's history
// comes back for it, newest last, and across sessions after the session's
// own; a new History (another run) reads the same.
func TestHistoryKeptPerSessionAndAcross(t *testing.T) {
	state := t.TempDir()
	h, dir := NewHistory(state), filepath.Join(state, HistoryDir)
	for _, a := range []struct{ key, text string }{{"s1", "first"}, {"s1", "second"}, {"s2", "elsewhere"}, {"s1", "second"}, {"", "no session"}} {
		if err := h.Add(a.key, a.text); err != nil {
			t.Fatal(err)
		}
	}
	got, err := NewHistory(state).Load("s1")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"elsewhere", "no session", "first", "second"}; !slices.Equal(got, want) {
		t.Errorf("s1's history is %q, want %q", got, want)
	}
	if got, _ := h.Load("s3"); !slices.Equal(got, []string{"first", "elsewhere", "second", "no session"}) {
		t.Errorf("a new session's history is %q, want the global one", got)
	}
	if runtime.GOOS != "windows" {
		st, _ := os.Stat(dir)
		if st.Mode().Perm() != 0o700 {
			t.Errorf("the folder is %v", st.Mode().Perm())
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		for _, f := range files {
			if st, _ := os.Stat(f); st.Mode().Perm() != 0o600 {
				t.Errorf("%s is %v", f, st.Mode().Perm())
			}
		}
	}
}

// TestHistoryIsBounded keeps the newest texts of a session and of the
// global history.
func TestHistoryIsBounded(t *testing.T) {
	t.Parallel()
	h := NewHistory(t.TempDir())
	for i := range HistorySession + 3 {
		if err := h.Add("s1", fmt.Sprintf("text %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	own, _ := h.read(h.path("s1"))
	if len(own) != HistorySession || own[0].Text != "text 3" {
		t.Errorf("%d texts kept, the oldest %q", len(own), own[0].Text)
	}
}

// TestHistoryKeepsABigTextWhole: a 180 KB draft cleared into the history
// (a big paste) comes back whole from a new History (the next run); it was
// cut to its first 65,536 bytes, mid-line. One past HistoryEntry is not
// kept, and the error says so: never a part of it.
func TestHistoryKeepsABigTextWhole(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	var b strings.Builder
	for i := 0; b.Len() < 180_000; i++ {
		fmt.Fprintf(&b, "line %d of a big paste, <with> \"quotes\" & tabs\t\n", i)
	}
	big := b.String()
	if err := NewHistory(state).Add("s1", big); err != nil {
		t.Fatal(err)
	}
	got, err := NewHistory(state).Load("s1")
	if err != nil || len(got) != 1 || got[0] != big {
		t.Fatalf("the %d-byte text came back as %d texts (%v), the last %d bytes", len(big), len(got), err, len(got[len(got)-1]))
	}
	huge := strings.Repeat("\x01", HistoryEntry+1) // each byte 6 in JSON: the worst case
	err = NewHistory(state).Add("s1", huge)
	if err == nil || !strings.Contains(err.Error(), "not kept") || !strings.Contains(err.Error(), "256 KiB") {
		t.Errorf("a text past the bound: %v", err)
	}
	if got, _ := NewHistory(state).Load("s1"); len(got) != 1 || got[0] != big {
		t.Errorf("after a text past the bound the history holds %d texts", len(got))
	}
	if err := NewHistory(state).Add("s1", huge[:HistoryEntry]); err != nil {
		t.Errorf("a text at the bound, each byte escaped: %v", err)
	}
	if got, _ := NewHistory(state).Load("s1"); len(got) == 0 || got[len(got)-1] != huge[:HistoryEntry] {
		t.Errorf("a text at the bound did not come back whole")
	}
}

// TestHistoryWritersAtOnce: two terminals adding at once each keep every
// text (one writer at a time), and no lock is left.
func TestHistoryWritersAtOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := NewHistory(dir)
			for i := range 25 {
				if err := h.Add("s1", fmt.Sprintf("w%d-%d", w, i)); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	own, _ := NewHistory(dir).read(NewHistory(dir).path("s1"))
	if len(own) != 50 {
		t.Errorf("%d texts kept of 50 added by two writers", len(own))
	}
	if locks, _ := filepath.Glob(filepath.Join(dir, HistoryDir, "*.lock")); len(locks) != 0 {
		t.Errorf("locks left: %v", locks)
	}
}

// TestHistoryRefusesALink never reads through a link in place of a
// history file.
func TestHistoryRefusesALink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	h := NewHistory(dir)
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte(`{"at":"2026-10-14T09:30:00Z","text":"planted"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(h.dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, h.path("s1")); err != nil {
		t.Fatal(err)
	}
	if got, err := h.Load("s1"); err == nil || slices.Contains(got, "planted") {
		t.Errorf("a link was read: %q, %v", got, err)
	}
}
