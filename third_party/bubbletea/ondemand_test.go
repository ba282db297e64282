package tea

import (
	"bytes"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
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
			t.Fatalf("waited 10s for %s", what)
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
// when that time is up: the frame rate stays a ceiling. However slowly the
// ten views come, there is at most one frame for each half second they took
// (and, sent at once, one frame for all ten).
func TestViewsWithinAFrameDrawnTogether(t *testing.T) {
	p, out := startStatic(t, 2, nil)
	before := out.count()
	start := time.Now()
	for range 10 {
		p.Send(countMsg{})
	}
	waitFor(t, "the tenth count", func() bool { return out.has(countCode(10)) })
	frames := out.count() - before
	if limit := int(time.Since(start)/(500*time.Millisecond)) + 1; frames > limit {
		t.Fatalf("ten views in %v took %d writes; at 2 frames a second, want at most %d", time.Since(start), frames, limit)
	}
}

// staticModel shows the same view whatever it is sent, once it has seen the
// start's window size and colour profile ("ready"), and runs the command it
// is sent in a runMsg; a countMsg moves its count on.
type staticModel struct {
	size, profile bool
	n             int
}

type runMsg struct{ cmd Cmd }

func (staticModel) Init() Cmd { return nil }

func (m staticModel) Update(msg Msg) (Model, Cmd) {
	switch msg := msg.(type) {
	case runMsg:
		return m, msg.cmd
	case countMsg:
		m.n++
	case WindowSizeMsg:
		m.size = true
	case ColorProfileMsg:
		m.profile = true
	}
	return m, nil
}

func (m staticModel) View() View {
	v := "count " + countCode(m.n)
	if m.size && m.profile {
		v += " ready"
	}
	return NewView(v)
}

func startStatic(t *testing.T, fps int, onWake func()) (*Program, *frameOutput) {
	t.Helper()
	out := &frameOutput{}
	p := NewProgram(staticModel{},
		WithWindowSize(80, 24),
		WithEnvironment([]string{"TERM=xterm-256color"}),
		WithInput(nil),
		WithOutput(out),
		WithFPS(fps),
	)
	p.onWake = onWake
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
	waitFor(t, "the start's messages drawn", func() bool { return out.has("ready") })
	return p, out
}

// Messages that leave the view as it was do not wake the renderer: after
// the start, twenty of them and one change wake it once.
func TestUnchangedViewsDoNotWake(t *testing.T) {
	var wakes atomic.Int32
	p, out := startStatic(t, 60, func() { wakes.Add(1) })
	before := wakes.Load()
	for range 20 {
		p.Send(struct{}{})
	}
	p.Send(countMsg{})
	waitFor(t, "the changed view", func() bool { return out.has(countCode(1)) })
	if got := wakes.Load() - before; got != 1 {
		t.Fatalf("twenty unchanged views and one change woke the renderer %d times; want 1", got)
	}
}

// Output queued by a command is written though the view does not change.
func TestQueuedOutputWrittenWithUnchangedView(t *testing.T) {
	p, out := startStatic(t, 60, nil)
	p.Send(runMsg{cmd: SetClipboard("copied text")})
	waitFor(t, "the clipboard sequence", func() bool { return out.has(ansi.SetSystemClipboard("copied text")) })
}

// A resize redraws the same view: the renderer erased the screen for it.
func TestResizeRedrawsUnchangedView(t *testing.T) {
	p, out := startStatic(t, 60, nil)
	before := out.count()
	p.Send(WindowSizeMsg{Width: 100, Height: 30})
	waitFor(t, "a redraw after the resize", func() bool { return out.count() > before })
}

// drawerOutput keeps, for each write, whether the event loop's goroutine
// made it (its stack holds the loop) or another.
type drawerOutput struct {
	frameOutput
	mu   sync.Mutex
	loop []bool
}

func (o *drawerOutput) Write(b []byte) (int, error) {
	stack := make([]byte, 64<<10)
	stack = stack[:runtime.Stack(stack, false)]
	o.mu.Lock()
	o.loop = append(o.loop, bytes.Contains(stack, []byte(").eventLoop(")))
	o.mu.Unlock()
	return o.frameOutput.Write(b)
}

// last is whether the last write came from the event loop.
func (o *drawerOutput) last() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.loop) > 0 && o.loop[len(o.loop)-1]
}

func startDrawer(t *testing.T, fps int) (*Program, *drawerOutput) {
	t.Helper()
	out := &drawerOutput{}
	p := NewProgram(staticModel{}, WithWindowSize(80, 24), WithEnvironment([]string{"TERM=xterm-256color"}),
		WithInput(nil), WithOutput(out), WithFPS(fps))
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
	waitFor(t, "the start's messages drawn", func() bool { return out.has("ready") })
	return p, out
}

// A view rendered when the last frame is a frame's time old is drawn by the
// event loop itself, as it is rendered: no goroutine is woken to draw it.
// One rendered sooner is drawn by the renderer's goroutine when its time
// comes.
func TestDueFrameDrawnByTheLoop(t *testing.T) {
	t.Run("due", func(t *testing.T) {
		p, out := startDrawer(t, 120)
		time.Sleep(20 * time.Millisecond) // a frame's time (1/120 s) and more since the last
		p.Send(countMsg{})
		waitFor(t, "the count", func() bool { return out.has(countCode(1)) })
		if !out.last() {
			t.Fatal("a due frame was drawn by another goroutine than the event loop's")
		}
	})
	t.Run("waiting", func(t *testing.T) {
		p, out := startDrawer(t, 1)
		p.Send(countMsg{}) // within a second of the last frame
		waitFor(t, "the count", func() bool { return out.has(countCode(1)) })
		if out.last() {
			t.Fatal("a frame within a frame's time of the last was drawn by the event loop, not when its time came")
		}
	})
}
