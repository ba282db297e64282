package tui

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/vt"
)

// framesModel shows the frame it was last sent, on the alt screen.
type framesModel struct{ content string }

type frameMsg string

func (m *framesModel) Init() tea.Cmd { return nil }

func (m *framesModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if f, ok := msg.(frameMsg); ok {
		m.content = string(f)
	}
	return m, nil
}

func (m *framesModel) View() tea.View {
	v := tea.NewView(m.content)
	v.AltScreen = true
	return v
}

// screenWriter feeds what the program writes to a terminal emulator, each
// newline as a carriage return and a newline, as a terminal's output
// (onlcr) does.
type screenWriter struct {
	mu  sync.Mutex
	emu *vt.Emulator
}

func (w *screenWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := w.emu.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// differs is the first cell of the emulator's screen that is not the
// frame's, described, or "" when the screen shows the frame.
func (w *screenWriter) differs(want uv.ScreenBuffer) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	for y := range want.Height() {
		for x := range want.Width() {
			got, exp := w.emu.CellAt(x, y), want.CellAt(x, y)
			if got == nil || exp == nil {
				continue
			}
			gc, ec := got.Content, exp.Content
			if gc == "" {
				gc = " "
			}
			if ec == "" {
				ec = " "
			}
			if gc != ec || !got.Style.Equal(&exp.Style) {
				return fmt.Sprintf("row %d cell %d is %q %+v, want %q %+v", y, x, gc, got.Style, ec, exp.Style)
			}
		}
	}
	return ""
}

// TestRendererDrawsEveryFrame sends a program frames one after another, each
// made from the one before as a streaming transcript changes (rows
// scrolled, a row changed, the last row growing, a row inserted), and checks
// after each that the terminal shows exactly the frame, cell by cell: the
// carried renderer, which hands the terminal renderer only the rows whose
// cells changed, leaves no row behind.
func TestRendererDrawsEveryFrame(t *testing.T) {
	t.Parallel() // its own program and terminal; it mostly waits for the program's frames (120 a second)
	const w, h = 40, 12
	out := &screenWriter{emu: vt.NewEmulator(w, h)}
	go func() { // the emulator's answers to the program's queries, dropped
		buf := make([]byte, 256)
		for {
			if _, err := out.emu.Read(buf); err != nil {
				return
			}
		}
	}()
	ctx, cancel := context.WithCancel(t.Context())
	p := tea.NewProgram(&framesModel{}, tea.WithContext(ctx), tea.WithInput(nil), tea.WithOutput(out),
		tea.WithFPS(120), tea.WithWindowSize(w, h), tea.WithColorProfile(colorprofile.ANSI256), tea.WithEnvironment([]string{"TERM=xterm-256color"}), tea.WithoutSignals())
	done := make(chan struct{})
	go func() { defer close(done); _, _ = p.Run() }()
	defer func() { cancel(); <-done; _ = out.emu.Close() }()

	pool := []string{
		"", "plain text", "\x1b[1mbold\x1b[m and plain", "\x1b[38;5;212mpink\x1b[0m words",
		"\x1b[38;5;252m• \x1b[m\x1b[38;5;252mthe lease says who drives\x1b[m", "wide 日本語 text",
		"\x1b[38;5;203;48;5;236m code \x1b[m after", strings.Repeat("long line ", 3),
	}
	rnd := rand.New(rand.NewSource(38))
	var rows []string
	for step := range 150 {
		switch rnd.Intn(5) {
		case 0: // scrolled up by one to three
			rows = rows[min(1+rnd.Intn(3), len(rows)):]
		case 1: // a row changed
			if len(rows) > 0 {
				rows[rnd.Intn(len(rows))] = pool[rnd.Intn(len(pool))]
			}
		case 2, 4: // the last row grows
			if len(rows) > 0 {
				rows[len(rows)-1] += " more"
			}
		case 3: // a row inserted
			i := rnd.Intn(len(rows) + 1)
			rows = append(rows[:i], append([]string{pool[rnd.Intn(len(pool))]}, rows[i:]...)...)
		}
		for len(rows) < h {
			rows = append(rows, pool[rnd.Intn(len(pool))])
		}
		rows = rows[:h]
		content := strings.Join(rows, "\n")
		want := uv.NewScreenBuffer(w, h)
		uv.NewStyledString(content).Draw(want, want.Bounds())
		p.Send(frameMsg(content))
		deadline := time.Now().Add(10 * time.Second)
		for d := out.differs(want); d != ""; d = out.differs(want) {
			if time.Now().After(deadline) {
				t.Fatalf("step %d: the screen is not the frame: %s\nframe %q\nscreen %q", step, d, content, out.emu.String())
			}
			time.Sleep(time.Millisecond)
		}
	}
}
