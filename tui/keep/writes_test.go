package keep

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// TestDiskWritesLandInOrder: commands run at once, in any order; a write's
// command does the writes asked for before it first, so two texts kept one
// after the other land in that order, each once (TestHistoryOutlivesTheRun
// failed under load: the text cleared last came back before the one sent).
func TestWritesLandInOrder(t *testing.T) {
	t.Parallel()
	var d Writes
	var mu sync.Mutex
	var landed []string
	entered, release := make(chan struct{}), make(chan struct{})
	write := func(s string, wait bool) func() error {
		return func() error {
			if wait {
				close(entered)
				<-release
			}
			mu.Lock()
			defer mu.Unlock()
			landed = append(landed, s)
			return nil
		}
	}
	first := d.Cmd(write("what was sent", true), nil)
	second := d.Cmd(write("a cleared draft", false), nil)
	done := make(chan struct{})
	go func() { second(); close(done) }() // the later command runs first
	select {                              // it does the earlier write first
	case <-entered:
	case <-done:
		t.Fatal("the later write's command ended without doing the earlier write first")
	case <-time.After(waitLimit):
		t.Fatal("the later write's command did not do the earlier write first")
	}
	mu.Lock()
	if len(landed) != 0 {
		t.Errorf("%q landed before the earlier write", landed)
	}
	mu.Unlock()
	close(release)
	<-done
	first()
	if err := d.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := []string{"what was sent", "a cleared draft"}; !slices.Equal(landed, want) {
		t.Errorf("landed %q, want %q, each once", landed, want)
	}
}
