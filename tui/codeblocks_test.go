package tui

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// TestCodeChooser picks the second of two code blocks by its number and by
// moving; esc copies nothing; a message without code says so.
func TestCodeChooser(t *testing.T) {
	t.Parallel()
	h := prompted(t, "show me #two", "then run it:")
	h.send(keyTab, keyTab)
	h.see("b↵ copies code")
	h.send(press('b'))
	if cmd := h.key(keyEnter); cmd != nil {
		t.Errorf("b with two blocks copied at once: %v", cmd())
	}
	h.see("Copy a code block (2)", "1  go · 3 lines · func main() {", "2  sh · 1 line · go run .",
		"1-9 copies that one · ↑↓ marks · enter copies the marked one · esc cancels")
	cmd := h.key(press('2'))
	if cmd == nil {
		t.Fatal("2 copied nothing")
	}
	if got := fmt.Sprint(cmd()); got != shBlock {
		t.Errorf("2 copied %q, want %q", got, shBlock)
	}
	h.see("sent code block 2 of 2 · sh · 1 line to the terminal")
	if h.m.top() != nil {
		t.Error("the chooser stayed open")
	}

	h.send(press('b'))
	h.key(keyEnter)
	h.see("Copy a code block (2)")
	h.send(keyDown)
	if got := fmt.Sprint(h.key(keyEnter)()); got != shBlock {
		t.Errorf("↓ enter copied %q", got)
	}
	h.send(press('b'), keyEnter)
	h.send(keyEsc)
	h.see("no code block copied")
	if h.m.top() != nil {
		t.Error("esc left the chooser open")
	}

	h.send(keyUp) // the person's turn
	h.send(press('b'))
	if cmd := h.key(keyEnter); cmd != nil {
		t.Errorf("b on a message without code copied %v", cmd())
	}
	h.see("this message has no code block")
}

// TestCodeBlockOSC52 runs the model as Bubble Tea does, writing to a
// terminal: b on a reply with one code block writes an OSC 52 sequence
// whose payload decodes to exactly the block's text.
func TestCodeBlockOSC52(t *testing.T) {
	t.Parallel()
	c, id := toolHost(t)
	cfg := hostConfig(t, c)
	cfg.SessionID = id
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg.Context = ctx
	w := &watched{Model: New(cfg)}
	opened := w.when(func(m *Model) bool {
		return m.tiles.Focused() != nil && m.tiles.Focused().State() != nil && m.tiles.Focused().State().Session.Lease != nil
	})
	replied := w.when(func(m *Model) bool {
		es := entries(m)
		return m.tiles.Focused().State().Run == client.RunIdle && len(es) > 0 && strings.Contains(es[len(es)-1].Text, "```go")
	})
	out := &osc52Writer{found: make(chan string, 1)}
	p := tea.NewProgram(w, tea.WithInput(nil), tea.WithOutput(out), tea.WithWindowSize(80, 24), tea.WithContext(ctx))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	defer func() { p.Quit(); <-done }()

	waitFor(t, opened, "the session to open")
	for _, msg := range append(typing("show code"), keyEnter) {
		p.Send(msg)
	}
	waitFor(t, replied, "the reply")
	p.Send(keyTab)
	p.Send(keyTab)
	p.Send(press('b'))
	p.Send(keyEnter)
	select {
	case payload := <-out.found:
		got, err := base64.StdEncoding.DecodeString(payload)
		if err != nil || string(got) != goBlock {
			t.Errorf("the OSC 52 payload decodes to %q (%v), want %q", got, err, goBlock)
		}
	case <-time.After(waitLimit):
		t.Fatal("no OSC 52 sequence was written")
	}
}

// waitFor waits for ch to close, with a deadline.
func waitFor(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(waitLimit):
		t.Fatalf("waited %v for %s", waitLimit, what)
	}
}

// watched is a model that closes a channel once its state satisfies a
// condition, checked after every Update on the program's goroutine.
type watched struct {
	*Model
	mu    sync.Mutex
	waits []watchedWait
}

type watchedWait struct {
	ok func(*Model) bool
	ch chan struct{}
}

// when registers a condition; the channel closes once it holds.
func (w *watched) when(ok func(*Model) bool) <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	ch := make(chan struct{})
	w.waits = append(w.waits, watchedWait{ok, ch})
	return ch
}

// Update updates the model, then checks the conditions in order: a later
// one waits for the earlier ones.
func (w *watched) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := w.Model.Update(msg)
	w.mu.Lock()
	defer w.mu.Unlock()
	for len(w.waits) > 0 && w.waits[0].ok(w.Model) {
		close(w.waits[0].ch)
		w.waits = w.waits[1:]
	}
	return w, cmd
}

// osc52Writer is a terminal that hands over the payload of the first OSC 52
// sequence written to it.
type osc52Writer struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	sent  bool
	found chan string
}

// Write keeps p and looks for a whole OSC 52 sequence.
func (o *osc52Writer) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.buf.Write(p)
	if o.sent {
		return len(p), nil
	}
	s := o.buf.String()
	_, rest, ok := strings.Cut(s, "\x1b]52;c;")
	if !ok {
		return len(p), nil
	}
	if end := strings.IndexAny(rest, "\x07\x1b"); end >= 0 {
		o.sent = true
		o.found <- rest[:end]
	}
	return len(p), nil
}
