package main

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
)

// TestRecentIsThisTerminals (issue 36): the sessions open last are kept
// per terminal, so --continue in one terminal brings back its own wall,
// not the session another terminal of the same person had open last; the
// same terminal finds its own again.
func TestRecentIsThisTerminals(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	c, err := client.New("http://127.0.0.1:1", client.WithGraph("demo"))
	if err != nil {
		t.Fatal(err)
	}
	in := func(pane string) *app {
		env := map[string]string{"XDG_STATE_HOME": state, "TMUX_PANE": pane}
		return newApp(strings.NewReader(""), io.Discard, io.Discard, config.MapEnv(env))
	}
	const tty = "/dev/pts/3"
	if err := in("%1").recent(c).Save([]string{"s-wall-1", "s-wall-2"}); err != nil {
		t.Fatal(err)
	}
	if err := in("%2").recent(c).Save([]string{"s-other"}); err != nil {
		t.Fatal(err)
	}
	if got, err := in("%1").recent(c).Load(); err != nil || !slices.Equal(got, []string{"s-wall-1", "s-wall-2"}) {
		t.Errorf("pane %%1 brings back %v (%v), want its own wall", got, err)
	}
	if got, err := in("%3").recent(c).Load(); err != nil || len(got) != 0 {
		t.Errorf("a new pane brings back %v (%v), want nothing of another terminal's", got, err)
	}
	a := in("")
	if a.terminal(tty) != tty || in("%1").terminal(tty) != tty+" TMUX_PANE=%1" || a.terminal("") != "" {
		t.Errorf("terminal names: %q, %q", a.terminal(tty), in("%1").terminal(tty))
	}
}
