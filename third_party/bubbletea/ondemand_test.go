package tea

import (
	"bytes"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// frameOutput is a program's output that counts the writes made to it.
type frameOutput struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	writes int
}

func (o *frameOutput) Write(b []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.writes++
	return o.buf.Write(b)
}

func (o *frameOutput) has(s string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return strings.Contains(o.buf.String(), s)
}

func (o *frameOutput) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.writes
}

// countModel shows how many messages it has counted.
type countModel struct{ n int }

type countMsg struct{}

func (m countModel) Init() Cmd { return nil }

func (m countModel) Update(msg Msg) (Model, Cmd) {
	if _, ok := msg.(countMsg); ok {
		m.n++
	}
	return m, nil
}

func (m countModel) View() View { return NewView("count " + countCode(m.n)) }

// countCode names a count by three letters that all differ from another
// count's, so the renderer, which writes only the cells that changed, writes
// the three together.
func countCode(n int) string { return string([]rune{rune('A' + n), rune('K' + n), rune('U' + n)}) }

func startCountProgram(t *testing.T, fps int, idle func()) (*Program, *frameOutput) {
	t.Helper()
	out := &frameOutput{}
	p := NewProgram(countModel{},
		WithWindowSize(80, 24),
		WithEnvironment([]string{"TERM=xterm-256color"}),
		WithInput(nil),
		WithOutput(out),
		WithFPS(fps),
	)
	p.rendererIdle = idle
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	t.Cleanup(func() {
		p.Quit()
		if err := <-done; err != nil {
			t.Errorf("program ended with %v", err)
		}
	})
	return p, out
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s after 10s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// The first frame is drawn as soon as it is rendered, not at a tick: at one
// frame a second a ticker would draw it a second after the start.
func TestFirstFrameDrawnAtOnce(t *testing.T) {
	start := time.Now()
	_, out := startCountProgram(t, 1, nil)
	waitFor(t, "first frame", func() bool { return out.has(countCode(0)) })
	if took := time.Since(start); took > 900*time.Millisecond {
		t.Fatalf("first frame after %v; want it at once, before the first tick of a 1 fps ticker", took)
	}
}

// Once a frame is drawn and nothing else is rendered, the renderer's
// goroutine waits with no timer armed: an idle program sleeps.
func TestRendererSleepsWhenIdle(t *testing.T) {
	var out *frameOutput
	var sleptAfterFrame atomic.Bool
	var ready atomic.Bool
	_, out = startCountProgram(t, 60, func() {
		if ready.Load() && out.has(countCode(0)) {
			sleptAfterFrame.Store(true)
		}
	})
	ready.Store(true)
	waitFor(t, "first frame", func() bool { return out.has(countCode(0)) })
	waitFor(t, "renderer asleep with no timer after the frame", sleptAfterFrame.Load)
}

// Views rendered within a frame's time of the last frame are drawn together
// when that time is up: the frame rate stays a ceiling.
func TestViewsWithinAFrameDrawnTogether(t *testing.T) {
	p, out := startCountProgram(t, 2, nil)
	waitFor(t, "first frame", func() bool { return out.has(countCode(0)) })
	before := out.count()
	for range 10 {
		p.Send(countMsg{})
	}
	waitFor(t, "the tenth count", func() bool { return out.has(countCode(10)) })
	if got := out.count() - before; got != 1 {
		t.Fatalf("ten views rendered within half a second took %d writes; want one frame", got)
	}
	for i := 1; i < 10; i++ {
		if out.has(countCode(i)) {
			t.Fatalf("count %d was drawn on its own; views within a frame should be drawn together", i)
		}
	}
}
